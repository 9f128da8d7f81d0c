/**
 * The guards of link health (docs/link-health.md, "Guards"). `link_guards` holds one row per provider for
 * the whole deployment: its shared pause, its adaptive rate, its dead-rate breaker (the recent and the
 * trailing share of `dead` among decisive verdicts), its canary's last answer and its hides this hour. In
 * the store, so every instance and every `links check` run reads and writes the same state, and a restart
 * keeps it. `link_states` gains what the schedule and the visibility rule now need per link: a `dead`
 * marked suspect (it hides nothing), the `unknown` answers in a row (each asks later), when a report last
 * moved the link up, and when a confirmed `dead` began to wait for its hide.
 */
import type { Kysely, Migration } from 'kysely';

export function linkGuardsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('link_guards')
        .addColumn('provider', 'text', (c) => c.primaryKey())
        .addColumn('paused_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('pause_reason', 'text')
        .addColumn('next_pause_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('rate_factor', 'double precision', (c) => c.notNull().defaultTo(1))
        .addColumn('rate_changed_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('breaker_open', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('breaker_opened_at', 'bigint')
        .addColumn('recent_dead', 'double precision', (c) => c.notNull())
        .addColumn('trailing_dead', 'double precision', (c) => c.notNull())
        .addColumn('decisive_seen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('canary_verdict', 'text')
        .addColumn('canary_reason', 'text')
        .addColumn('canary_checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('hides_hour', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('hides_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hides_waiting', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('link_states')
        .addColumn('suspect', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('link_states')
        .addColumn('unknown_streak', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('link_states').addColumn('report_moved_at', 'bigint').execute();
      await db.schema
        .alterTable('link_states')
        .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('link_states').addColumn('confirmed_at', 'text').execute();
    },
  };
}
