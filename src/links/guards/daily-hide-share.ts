/**
 * The daily hide share (docs/link-health.md, "Daily hide share"): the hourly cap bounds hides in absolute
 * numbers, so a small catalogue can lose a large part of itself to a provider whose answers drift towards
 * `dead` slowly enough to pass the dead-rate ceiling. So a provider hides at most
 * LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY of its links in a UTC day (never fewer than DAILY_HIDES_FLOOR, so a
 * small provider's dead links still go), unless an operator allowed it (`links breaker allow`, the same
 * allowance the ceiling reads). The budget is counted once, at the day's first hide, and kept in the
 * provider's `link_guards` row; the hides themselves are taken with the hourly cap's (guards/hide-cap.ts).
 */
import type { Kysely } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';

export const DAY = 86_400_000;
/** Hides a provider may take in a day whatever its size: a provider of a few hundred links still loses its dead ones within days. */
export const DAILY_HIDES_FLOOR = 10;

/** The UTC day `now` falls in, as stored in `hides_day`. */
export function utcDay(now: number): number {
  return Math.floor(now / DAY);
}

/** The start of the next UTC day: when a confirmed dead the day's share made wait is looked at again. */
export function nextDay(now: number): number {
  return (utcDay(now) + 1) * DAY;
}

/** The hides a provider of `links` links may take in a day. */
export function dailyBudget(links: number, share: number): number {
  return Math.max(DAILY_HIDES_FLOOR, Math.floor(share * links));
}

/** The day's share is spent and no allowance holds: the provider's other confirmed deads wait for the next UTC day. */
export function dayShareSpent(day: { hidesToday: number; dayHideBudget: number; dayShareEnforced: boolean }): boolean {
  return day.dayShareEnforced && day.hidesToday >= day.dayHideBudget;
}

/** Today's budget, and whether it binds (false while an operator's allowance holds). */
export interface DayLimit {
  budget: number;
  enforced: boolean;
}

/** Today's limit for the provider: the budget stored at the day's first hide, else counted now from its links. */
export async function dayLimit(db: Kysely<Schema>, provider: ProviderId, now: number, share: number): Promise<DayLimit> {
  const row = await db
    .selectFrom('link_guards')
    .select(['hides_day', 'hides_day_budget', 'ceiling_allowed_until'])
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();
  const enforced = Number(row.ceiling_allowed_until) <= now;
  const stored = Number(row.hides_day) === utcDay(now) ? Number(row.hides_day_budget) : 0;
  if (stored > 0) return { budget: stored, enforced };
  return { budget: dailyBudget(await providerLinks(db, provider), share), enforced };
}

/** The provider's links in the store, hidden ones included (the index `(provider, priority, due_at)` answers it). */
async function providerLinks(db: Kysely<Schema>, provider: ProviderId): Promise<number> {
  const row = await db
    .selectFrom('link_states')
    .select((eb) => eb.fn.countAll<number | string>().as('links'))
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();
  return Number(row.links);
}
