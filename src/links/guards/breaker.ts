/**
 * The dead-rate breaker (docs/link-health.md, "Dead-rate breaker"): two moving shares of `dead` among a
 * provider's decisive verdicts, kept in its `link_guards` row, a recent one against the provider's own
 * trailing one. A jump opens it (the verdict and later ones are suspect), a return closes it. Opening and
 * closing are conditional UPDATEs, so of two instances only one changes it, and that one logs it.
 */
import { type Kysely, sql } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';

/**
 * The recent share weighs the last ten or so, the trailing one the last hundred or so (frozen while the
 * breaker is open). It opens when the recent share is at least OPEN_MARGIN above and twice the trailing
 * one, after MIN_DECISIVE verdicts, and closes when the recent share is back within CLOSE_MARGIN of it. A
 * new provider starts from PRIOR_DEAD_SHARE, so a provider that answers `dead` to everything from its
 * first check trips it too.
 */
export const BREAKER = {
  recentWeight: 0.1,
  trailingWeight: 0.01,
  priorDeadShare: 0.2,
  minDecisive: 5,
  openMargin: 0.4,
  closeMargin: 0.15,
} as const;

/** What a decisive verdict did to the breaker. */
export interface BreakerStep {
  /** The verdict came while the breaker was open (or it opened now) or the canary fails: a `dead` is suspect. */
  suspect: boolean;
  opened: boolean;
  closed: boolean;
  /** The provider's decisive verdicts so far, this one included (the dead-rate ceiling's slot). */
  seen: number;
}

/** Moves the shares by one decisive verdict and opens or closes the breaker; `hasCanary`: a failing canary makes it suspect. */
export async function observeDecisive(
  db: Kysely<Schema>,
  provider: ProviderId,
  dead: boolean,
  now: number,
  hasCanary: boolean,
): Promise<BreakerStep> {
  const hit = dead ? 1 : 0;
  const row = await db
    .updateTable('link_guards')
    .set({
      recent_dead: sql`recent_dead * ${1 - BREAKER.recentWeight} + ${BREAKER.recentWeight * hit}`,
      trailing_dead: sql`case when breaker_open = 1 then trailing_dead else trailing_dead * ${1 - BREAKER.trailingWeight} + ${BREAKER.trailingWeight * hit} end`,
      decisive_seen: sql`decisive_seen + 1`,
    })
    .where('provider', '=', provider)
    .returning(['recent_dead', 'trailing_dead', 'decisive_seen', 'breaker_open', 'canary_verdict'])
    .executeTakeFirstOrThrow();
  const recent = Number(row.recent_dead);
  const trailing = Number(row.trailing_dead);
  const canaryFails = hasCanary && row.canary_verdict !== null && row.canary_verdict !== 'alive';
  const step: BreakerStep = { suspect: canaryFails, opened: false, closed: false, seen: Number(row.decisive_seen) };
  if (Number(row.breaker_open) === 1) {
    if (recent <= trailing + BREAKER.closeMargin) step.closed = await setBreaker(db, provider, false, now);
    else step.suspect = true;
    return step;
  }
  const jumped = recent >= trailing + BREAKER.openMargin && recent >= 2 * trailing;
  if (Number(row.decisive_seen) >= BREAKER.minDecisive && jumped) {
    step.opened = await setBreaker(db, provider, true, now);
    step.suspect = true;
  }
  return step;
}

async function setBreaker(db: Kysely<Schema>, provider: ProviderId, open: boolean, now: number): Promise<boolean> {
  const rows = await db
    .updateTable('link_guards')
    .set(open ? { breaker_open: 1, breaker_opened_at: now } : { breaker_open: 0, breaker_opened_at: null })
    .where('provider', '=', provider)
    .where('breaker_open', '=', open ? 0 : 1)
    .returning('provider')
    .execute();
  return rows.length > 0;
}

/** An operator closes the breaker and lifts the pause: the recent share starts again from the trailing one. */
export async function resetBreaker(db: Kysely<Schema>, provider: ProviderId): Promise<void> {
  await db
    .updateTable('link_guards')
    .set({
      breaker_open: 0,
      breaker_opened_at: null,
      paused_until: 0,
      pause_reason: null,
      next_pause_ms: 0,
      recent_dead: sql`trailing_dead`,
      canary_verdict: null,
      canary_reason: null,
    })
    .where('provider', '=', provider)
    .execute();
}
