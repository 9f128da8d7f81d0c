/**
 * The reports inbox (docs/console.md, "The reports inbox"): a report stays on `/admin/reports` until an operator
 * handles it (re-check and dismiss, hide, or dismiss), and the check it asked for adds its verdict to the
 * report instead of clearing it. `link_states` gains when the first report since the last dismissal came,
 * so the inbox shows first and last time beside the count (`reported_at` keeps the latest one).
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function reportInboxMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('link_states').addColumn('first_reported_at', 'text').execute();
      // Open reports from before the migration: their latest time is the best first time known.
      await sql`update link_states set first_reported_at = reported_at where reported_at is not null`.execute(db);
    },
  };
}
