/**
 * The dead-rate ceiling (docs/link-health.md, "Dead-rate ceiling"). `link_verdict_window` keeps each
 * provider's last decisive verdicts as a ring of slots (the slot is the verdict's number modulo
 * LINK_CHECK_CEILING_SAMPLES), so the share of `dead` among the last N is one count, the same for every
 * instance. `link_guards` gains whether the ceiling holds now (so its opening is logged once) and until
 * when an operator allowed the provider past it (`links breaker allow`).
 */
import type { Kysely, Migration } from 'kysely';

export function deadCeilingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('link_verdict_window')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('dead', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('link_verdict_window_pk', ['provider', 'slot'])
        .execute();
      await db.schema
        .alterTable('link_guards')
        .addColumn('ceiling_open', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('link_guards')
        .addColumn('ceiling_allowed_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
