/**
 * The hide caps (docs/link-health.md, "Hide cap" and "Daily hide share"): at most
 * LINK_CHECK_MAX_HIDES_PER_HOUR hides per provider in a clock hour, and at most its day's budget in a UTC
 * day (guards/daily-hide-share.ts), both counted in its `link_guards` row by one conditional UPDATE inside
 * each hide's own transaction, so two instances never both take the last hide of an hour or of a day. A
 * confirmed dead past a cap waits for the next hour, or for the next day when the day's share is spent.
 */
import { type Kysely, sql } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';
import { type DayLimit, nextDay, utcDay } from './daily-hide-share.js';

export const HOUR = 3_600_000;

/** The clock hour `now` falls in, as stored in `hides_hour`. */
export function clockHour(now: number): number {
  return Math.floor(now / HOUR);
}

/** The start of the next clock hour: when a confirmed dead the cap made wait is looked at again. */
export function nextHour(now: number): number {
  return (clockHour(now) + 1) * HOUR;
}

/** A hide taken (`dayFull`: it was the last of the day's budget), or refused until `retryAt`. */
export type HideTurn = { taken: true; dayFull: boolean; budget: number } | { taken: false; retryAt: number };

/** One hide of this clock hour and UTC day, inside the hide's own transaction `trx`. */
export async function takeHide(trx: Kysely<Schema>, provider: ProviderId, now: number, cap: number, day: DayLimit): Promise<HideTurn> {
  if (cap <= 0) return { taken: false, retryAt: nextHour(now) };
  const hour = clockHour(now);
  const today = utcDay(now);
  const hourly = trx
    .updateTable('link_guards')
    .set({
      hides_count: sql`case when hides_hour = ${hour} then hides_count + 1 else 1 end`,
      hides_hour: hour,
      hides_day_count: sql`case when hides_day = ${today} then hides_day_count + 1 else 1 end`,
      hides_day: today,
      hides_day_budget: day.budget,
    })
    .where('provider', '=', provider)
    .where((eb) => eb.or([eb('hides_hour', '<>', hour), eb('hides_count', '<', cap)]));
  // An operator's allowance lifts the day's share (the hides are still counted), never the hourly cap.
  const bounded = day.enforced
    ? hourly.where((eb) => eb.or([eb('hides_day', '<>', today), eb('hides_day_count', '<', day.budget)]))
    : hourly;
  const rows = await bounded.returning('hides_day_count').execute();
  const counted = rows[0];
  if (counted) return { taken: true, dayFull: day.enforced && Number(counted.hides_day_count) === day.budget, budget: day.budget };
  const row = await trx
    .selectFrom('link_guards')
    .select(['hides_day', 'hides_day_count'])
    .where('provider', '=', provider)
    .executeTakeFirst();
  const daySpent = day.enforced && Number(row?.hides_day) === today && Number(row?.hides_day_count) >= day.budget;
  return { taken: false, retryAt: daySpent ? nextDay(now) : nextHour(now) };
}

/** Counts a confirmed dead a cap made wait. */
export async function countWaitingHide(db: Kysely<Schema>, provider: ProviderId): Promise<void> {
  await db.updateTable('link_guards').set({ hides_waiting: sql`hides_waiting + 1` }).where('provider', '=', provider).execute();
}
