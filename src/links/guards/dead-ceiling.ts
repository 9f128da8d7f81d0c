/**
 * The dead-rate ceiling (docs/link-health.md, "Dead-rate ceiling"): the relative breaker compares a
 * provider with its own past, so a provider that answers `dead` from its first check, or drifts there
 * slowly, never trips it. The ceiling is absolute: when `dead` is more than LINK_CHECK_DEAD_CEILING of the
 * provider's last LINK_CHECK_CEILING_SAMPLES decisive verdicts, its dead verdicts are suspect (kept,
 * hiding nothing) unless an operator allowed it past the ceiling until a time (`links breaker allow`).
 * The verdicts sit in a ring in the store (`link_verdict_window`), so every instance counts the same ones;
 * the open flag changes by a conditional UPDATE, so only one instance logs the opening.
 */
import { type Kysely, sql } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';
import { BREAKER } from './breaker.js';

export interface CeilingSettings {
  deadCeiling: number;
  ceilingSamples: number;
}

export interface CeilingStep {
  /** The share is above the ceiling and no allowance holds: a `dead` is suspect. */
  suspect: boolean;
  opened: boolean;
  closed: boolean;
}

/** The provider's dead verdicts and decisive verdicts among its last `samples`. */
export interface DeadWindow {
  dead: number;
  decisive: number;
}

/** The ceiling judges once this many decisive verdicts are in (or the whole window, when it is smaller). */
export function ceilingMinimum(settings: CeilingSettings): number {
  return Math.min(settings.ceilingSamples, BREAKER.minDecisive);
}

export function aboveCeiling(window: DeadWindow, settings: CeilingSettings): boolean {
  return window.decisive >= ceilingMinimum(settings) && window.dead > settings.deadCeiling * window.decisive;
}

/** Puts the provider's `seen`-th decisive verdict in its slot and moves the ceiling's flag. */
export async function observeCeiling(
  db: Kysely<Schema>,
  provider: ProviderId,
  seen: number,
  dead: boolean,
  settings: CeilingSettings,
  now: number,
): Promise<CeilingStep> {
  const slot = (seen - 1) % settings.ceilingSamples;
  await db
    .insertInto('link_verdict_window')
    .values({ provider, slot, dead: dead ? 1 : 0 })
    .onConflict((c) => c.columns(['provider', 'slot']).doUpdateSet({ dead: dead ? 1 : 0 }))
    .execute();
  const over = aboveCeiling(await deadWindow(db, provider, settings.ceilingSamples), settings);
  const changed = await db
    .updateTable('link_guards')
    .set({ ceiling_open: over ? 1 : 0 })
    .where('provider', '=', provider)
    .where('ceiling_open', '=', over ? 0 : 1)
    .returning('provider')
    .execute();
  const row = await db.selectFrom('link_guards').select('ceiling_allowed_until').where('provider', '=', provider).executeTakeFirstOrThrow();
  const allowed = Number(row.ceiling_allowed_until) > now;
  return { suspect: over && !allowed, opened: over && changed.length > 0, closed: !over && changed.length > 0 };
}

/** Counts the provider's last `samples` decisive verdicts (slots past a smaller setting are left out). */
export async function deadWindow(db: Kysely<Schema>, provider: ProviderId, samples: number): Promise<DeadWindow> {
  const row = await db
    .selectFrom('link_verdict_window')
    .select([sql<number>`coalesce(sum(dead), 0)`.as('dead'), sql<number>`count(*)`.as('decisive')])
    .where('provider', '=', provider)
    .where('slot', '<', samples)
    .executeTakeFirst();
  return { dead: Number(row?.dead ?? 0), decisive: Number(row?.decisive ?? 0) };
}

/** An operator allows the provider past the ceiling until `until` (ms); the relative breaker is untouched. */
export async function allowPastCeiling(db: Kysely<Schema>, provider: ProviderId, until: number): Promise<void> {
  await db.updateTable('link_guards').set({ ceiling_allowed_until: until }).where('provider', '=', provider).execute();
}
