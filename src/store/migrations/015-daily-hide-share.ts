/**
 * The daily hide share (docs/link-health.md, "Daily hide share"): `link_guards` gains the UTC day its
 * hide count counts in, the hides of that day, and the day's budget (a share of the provider's links,
 * counted once at the day's first hide), so every instance takes that day's hides from one row.
 */
import type { Kysely, Migration } from 'kysely';

export function dailyHideShareMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['hides_day', 'hides_day_count', 'hides_day_budget']) {
        await db.schema
          .alterTable('link_guards')
          .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      }
    },
  };
}
