/**
 * Ranking boards as snapshots (one row per import, records as JSON) and the bearer tokens of the ranking
 * service, stored only as hashes: a token's first characters (`token_prefix`) find its row, and the hash
 * of the whole token is then compared in constant time. The partial unique index keeps one active token
 * per messaging-account user.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

export function rankingMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ranking_snapshots')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('board', 'text', (c) => c.notNull())
        .addColumn('taken_at', 'text', (c) => c.notNull())
        .addColumn('records', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ranking_snapshots_board_id').on('ranking_snapshots').columns(['board', 'id']).execute();

      await db.schema
        .createTable('ranking_tokens')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('token_prefix', 'text', (c) => c.notNull().unique())
        .addColumn('bound_address', 'text')
        .addColumn('owner', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('ranking_tokens_one_active_per_owner')
        .on('ranking_tokens')
        .column('owner')
        .unique()
        .where(sql<boolean>`owner is not null and revoked_at is null`)
        .execute();
    },
  };
}
