/**
 * Takedowns say how they match (docs/lifecycle.md): `exact` (the link itself, the default since this
 * migration) or `prefix` (every link that starts with it, `takedown add --prefix`). Every takedown stored
 * before this migration was made when a link was always read as a prefix, so the column's default marks
 * those rows `prefix`: they keep the meaning they were stored with, and `takedown list` shows it.
 */
import type { Kysely, Migration } from 'kysely';

export function takedownMatchMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('takedowns')
        .addColumn('match', 'text', (c) => c.notNull().defaultTo('prefix'))
        .execute();
    },
  };
}
