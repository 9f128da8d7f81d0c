/**
 * The adaptive rate of a provider (docs/link-health.md, "Adaptive rate"): a factor on its base rate, kept
 * in its `link_guards` row so every instance paces by it. A throttle divides it; it recovers by itself, a
 * step every RECOVERY_STEP_MS, computed on read from when it last changed (nothing has to run to recover).
 */
import type { Kysely } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';

const MINUTE = 60_000;

/** A throttle divides the rate by this; each RECOVERY_STEP_MS without one multiplies it by RECOVERY (up to 1). */
export const THROTTLE_SLOWDOWN = 1.5;
export const RECOVERY = 1.1;
export const RECOVERY_STEP_MS = 10 * MINUTE;
const SLOWEST_FACTOR = 1 / 64;

/** The part of the rate factor a throttle took back, as of `now`. */
export function recoveredFactor(factor: number, changedAt: number, now: number): number {
  const steps = Math.max(0, Math.floor((now - changedAt) / RECOVERY_STEP_MS));
  return Math.min(1, factor * RECOVERY ** steps);
}

/** A throttle: `rate` (the rate now, recovered) divided by THROTTLE_SLOWDOWN and stored as a factor. Returns the new rate. */
export async function slowDown(
  db: Kysely<Schema>,
  provider: ProviderId,
  now: number,
  { rate, baseRate }: { rate: number; baseRate: number },
): Promise<number> {
  const factor = Math.max(SLOWEST_FACTOR, rate / baseRate / THROTTLE_SLOWDOWN);
  await db.updateTable('link_guards').set({ rate_factor: factor, rate_changed_at: now }).where('provider', '=', provider).execute();
  return baseRate * factor;
}
