/**
 * Link health (docs/link-health.md). `link_states` holds one row per share link the checker has met: the
 * latest verdict, the latest decisive one (what the confirmation rule compares), when it was last found
 * alive, where it stands in the queue (`priority`, `due_at`) and who holds its lease. `entries.hidden`
 * marks a confirmed dead entry: it stays stored, and every catalogue reader skips it, so hiding travels
 * the path removal takes (a revision, `removed_entries`, the change feed).
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function linkHealthMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('entries')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('link_states')
        .addColumn('source_link', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text')
        .addColumn('verdict', 'text')
        .addColumn('checked_at', 'text')
        .addColumn('decided_verdict', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('alive_at', 'text')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('priority', 'integer')
        .addColumn('due_at', 'bigint')
        .addColumn('reported_at', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .execute();
      await db.schema.createIndex('link_states_queue').on('link_states').columns(['provider', 'priority', 'due_at']).execute();
      await sql`insert into meta (key, value) values ('links_seeded_id', '0')`.execute(db);
    },
  };
}
