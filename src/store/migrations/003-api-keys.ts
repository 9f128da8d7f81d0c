/**
 * Catalogue API keys, stored only as SHA-256 hashes (the key itself is shown once, at creation), and the
 * record of blacklistings: one row when an address is blacklisted and one when an operator clears it.
 * The record is what `dramadex blacklist list|clear` read and write, so they work whichever process
 * holds the limiter state; running instances follow the `cleared` rows.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

export function apiKeysMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('rate_per_second', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();

      await db.schema
        .createTable('blacklist_events')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('blocked', 'cleared')`))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('until', 'text')
        .execute();
      await db.schema.createIndex('blacklist_events_kind_id').on('blacklist_events').columns(['kind', 'id']).execute();
      await db.schema.createIndex('blacklist_events_address').on('blacklist_events').columns(['address', 'id']).execute();
    },
  };
}
