/** Catalogue entries, keyed by `source_link`, and the meta table that holds the import revision. */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

export function catalogueMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('entries')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('source_link', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('update_time', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('entries_revision').on('entries').column('revision').execute();
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into meta (key, value) values ('revision', '0')`.execute(db);
    },
  };
}
