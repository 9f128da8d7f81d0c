/**
 * Every migration, in order. Append only: a migration that has run on an operator's database is never
 * edited. Each takes the dialect because auto-increment keys are spelled differently.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { catalogueMigration } from './001-catalogue.js';
import { rankingMigration } from './002-ranking.js';
import { apiKeysMigration } from './003-api-keys.js';
import { lifecycleMigration } from './004-lifecycle.js';
import { takedownMatchMigration } from './005-takedown-match.js';
import { linkHealthMigration } from './006-link-health.js';
import { sourcesMigration } from './007-sources.js';
import { linkEvidenceMigration } from './008-link-evidence.js';
import { linkGuardsMigration } from './009-link-guards.js';
import { adminAccountsMigration } from './010-admin-accounts.js';
import { auditMigration } from './011-audit.js';
import { entrySourcesMigration } from './012-entry-sources.js';
import { reportInboxMigration } from './013-report-inbox.js';
import { deadCeilingMigration } from './014-dead-ceiling.js';
import { dailyHideShareMigration } from './015-daily-hide-share.js';

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-catalogue': catalogueMigration(dialect),
    '002-ranking': rankingMigration(dialect),
    '003-api-keys': apiKeysMigration(dialect),
    '004-lifecycle': lifecycleMigration(),
    '005-takedown-match': takedownMatchMigration(),
    '006-link-health': linkHealthMigration(),
    '007-sources': sourcesMigration(),
    '008-link-evidence': linkEvidenceMigration(),
    '009-link-guards': linkGuardsMigration(),
    '010-admin-accounts': adminAccountsMigration(dialect),
    '011-audit': auditMigration(dialect),
    '012-entry-sources': entrySourcesMigration(),
    '013-report-inbox': reportInboxMigration(),
    '014-dead-ceiling': deadCeilingMigration(),
    '015-daily-hide-share': dailyHideShareMigration(),
  };
}
