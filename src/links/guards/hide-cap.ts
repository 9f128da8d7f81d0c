/**
 * The hourly hide cap (docs/link-health.md, "Hide cap"): at most LINK_CHECK_MAX_HIDES_PER_HOUR hides per
 * provider in a clock hour, counted in its `link_guards` row inside each hide's own transaction, so two
 * instances never both take the last hide of an hour. A confirmed dead past the cap waits for the next hour.
 */
import { type Kysely, sql } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';

export const HOUR = 3_600_000;

/** The clock hour `now` falls in, as stored in `hides_hour`. */
export function clockHour(now: number): number {
  return Math.floor(now / HOUR);
}

/** The start of the next clock hour: when a confirmed dead the cap made wait is looked at again. */
export function nextHour(now: number): number {
  return (clockHour(now) + 1) * HOUR;
}

/** One hide of this clock hour, inside the hide's own transaction `trx`; false at the cap. */
export async function takeHide(trx: Kysely<Schema>, provider: ProviderId, now: number, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const hour = clockHour(now);
  const rows = await trx
    .updateTable('link_guards')
    .set({ hides_count: sql`case when hides_hour = ${hour} then hides_count + 1 else 1 end`, hides_hour: hour })
    .where('provider', '=', provider)
    .where((eb) => eb.or([eb('hides_hour', '<>', hour), eb('hides_count', '<', cap)]))
    .returning('hides_count')
    .execute();
  return rows.length > 0;
}

/** Counts a confirmed dead the cap made wait. */
export async function countWaitingHide(db: Kysely<Schema>, provider: ProviderId): Promise<void> {
  await db.updateTable('link_guards').set({ hides_waiting: sql`hides_waiting + 1` }).where('provider', '=', provider).execute();
}
