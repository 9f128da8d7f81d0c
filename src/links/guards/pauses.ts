/**
 * A provider's pause (docs/link-health.md, "Pauses"): one `paused_until` in its `link_guards` row, so every
 * instance stands still together. A guard (breaker, canary) pauses for a fixed time; throttles and
 * failures in a row pause for a time that doubles while they go on and starts again after a decisive
 * verdict. Each is one conditional UPDATE: of two instances, one starts a pause, and that one logs it.
 */
import { type Kysely, sql } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';

const MINUTE = 60_000;

export const FIRST_PAUSE_MS = MINUTE;
export const LONGEST_PAUSE_MS = 30 * MINUTE;
/** A provider whose breaker opens, or whose canary fails, rests this long before it is asked again. */
export const GUARD_PAUSE_MS = 30 * MINUTE;

/** Pauses for `ms` unless a longer pause holds; true when this call extended it (the caller logs it). */
export async function pauseFor(db: Kysely<Schema>, provider: ProviderId, now: number, ms: number, reason: string): Promise<boolean> {
  const until = now + ms;
  const rows = await db
    .updateTable('link_guards')
    .set({ paused_until: until, pause_reason: reason })
    .where('provider', '=', provider)
    .where('paused_until', '<', until)
    .returning('provider')
    .execute();
  return rows.length > 0;
}

/** A pause that doubles while failures go on; its length in ms, 0 when one holds already. */
export async function pauseAfterFailure(db: Kysely<Schema>, provider: ProviderId, now: number, reason: string): Promise<number> {
  const rows = await db
    .updateTable('link_guards')
    .set({
      paused_until: sql`${now} + case when next_pause_ms < ${FIRST_PAUSE_MS} then ${FIRST_PAUSE_MS} else next_pause_ms end`,
      next_pause_ms: sql`case when next_pause_ms < ${FIRST_PAUSE_MS} then ${2 * FIRST_PAUSE_MS} when next_pause_ms * 2 > ${LONGEST_PAUSE_MS} then ${LONGEST_PAUSE_MS} else next_pause_ms * 2 end`,
      pause_reason: reason,
    })
    .where('provider', '=', provider)
    .where('paused_until', '<=', now)
    .returning('paused_until')
    .execute();
  return rows[0] ? Number(rows[0].paused_until) - now : 0;
}

/** A decisive verdict: the next failure pause starts from the first length again. */
export async function settlePauses(db: Kysely<Schema>, provider: ProviderId): Promise<void> {
  await db.updateTable('link_guards').set({ next_pause_ms: 0 }).where('provider', '=', provider).where('next_pause_ms', '>', 0).execute();
}
