/**
 * What removal needs (docs/lifecycle.md). `removed_entries` logs each deleted entry's id with the revision
 * that deleted it, so a running instance applies deletions incrementally, as it applies imports (ids are
 * never reused: both stores hand out ever-growing keys). `takedowns` keeps the links and link prefixes an
 * operator took down, with the reason, so later imports and mirrors reject them.
 */
import type { Kysely, Migration } from 'kysely';

export function lifecycleMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('removed_entries')
        .addColumn('entry_id', 'integer', (c) => c.primaryKey())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('removed_entries_revision').on('removed_entries').column('revision').execute();
      await db.schema
        .createTable('takedowns')
        .addColumn('pattern', 'text', (c) => c.primaryKey())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
