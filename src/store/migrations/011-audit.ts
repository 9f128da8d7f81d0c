/**
 * The audit record (docs/console.md, "The audit record"): one row for every change an operator made, from
 * the console (the account's name) or a `dramadex` command (`cli`), with when, what and on what. It names
 * entries by their link, never by a key into `entries`, so it stays whole when the entries it speaks of
 * are removed; nothing deletes its rows. Takedowns also keep who made them (`created_by`), so the
 * takedowns page shows it without searching the record; rows older than this migration have none.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

export function auditMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').column('target').execute();
      await db.schema.alterTable('takedowns').addColumn('created_by', 'text').execute();
    },
  };
}
