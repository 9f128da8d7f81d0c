/**
 * Sources (docs/sources.md): the Telegram channels and upstream catalogues a catalogue polls on a schedule.
 * Each row keeps its settings, where its last poll stopped (`cursor`), how that poll ended, when the next
 * one is due, and a lease (`lease_owner` until `lease_until`) so that of several instances over one store
 * only one polls a source at a time. `staged_entries` holds an upstream's dump while it streams in, so a
 * type is replaced only once the whole dump has arrived and checked out, without holding it in memory.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function sourcesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sources')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('telegram', 'upstream')`))
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('every_minutes', 'integer', (c) => c.notNull())
        .addColumn('cursor', 'text')
        .addColumn('last_poll_at', 'text')
        .addColumn('last_outcome', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_success_at', 'text')
        .addColumn('entries_added', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_poll_at', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('staged_entries')
        .addColumn('run', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('source_link', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('update_time', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('staged_entries_key', ['run', 'source_link'])
        .execute();
      await db.schema.createIndex('staged_entries_seq').on('staged_entries').columns(['run', 'seq']).execute();
    },
  };
}
