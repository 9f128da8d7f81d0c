/**
 * The guards against a provider's bad day, for the whole deployment (docs/link-health.md, "Guards"). One
 * row per provider in the store (`link_guards`), so every instance and every `links check` run share it
 * and a restart keeps it: the pause (doubling while failures go on), the adaptive rate (÷1.5 on a
 * throttle, recovering slowly), the dead-rate breaker (a moving share of `dead` among the last few decisive
 * verdicts against the provider's own long-run share), the canary's last answer and the hides of this
 * clock hour. Each change is one conditional UPDATE, so two instances never both open a breaker or both
 * take the last hide of an hour, and the one that changed a state is the one that logs it.
 */

import { type Kysely, sql } from 'kysely';
import type { ProviderRates } from '../config/link-check.js';
import { PROVIDER_IDS, type ProviderId } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import type { LinkGuardsTable, Schema } from '../store/schema.js';
import { DEFAULT_RATES as DESCRIPTOR_RATES } from './providers/registry.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Checks a second when LINK_CHECK_RATE does not name the provider: each provider's descriptor says
 * (providers/registry.ts; alipan answers 1/s with an hourly quota, so 0.2).
 */
export const DEFAULT_RATES: Readonly<Partial<Record<ProviderId, number>>> = DESCRIPTOR_RATES;
export const DEFAULT_RATE = 1;
/** Providers whose confirmed deads hide nothing unless LINK_CHECK_HIDE names them (a disputed API). */
export const HIDING_OFF_BY_DEFAULT: readonly ProviderId[] = ['123pan'];

export const FIRST_PAUSE_MS = MINUTE;
export const LONGEST_PAUSE_MS = 30 * MINUTE;
/** A provider whose breaker opens, or whose canary fails, rests this long before it is asked again. */
export const GUARD_PAUSE_MS = 30 * MINUTE;

/** A throttle divides the rate by this; each RECOVERY_STEP_MS without one multiplies it by RECOVERY (up to 1). */
export const THROTTLE_SLOWDOWN = 1.5;
export const RECOVERY = 1.1;
export const RECOVERY_STEP_MS = 10 * MINUTE;
const SLOWEST_FACTOR = 1 / 64;

/**
 * The breaker compares two moving shares of `dead` among decisive verdicts: the recent one weighs the
 * last ten or so, the trailing one the last hundred or so (frozen while the breaker is open). It opens
 * when the recent share is at least OPEN_MARGIN above and twice the trailing one, after MIN_DECISIVE
 * verdicts, and closes when the recent share is back within CLOSE_MARGIN of it. A new provider starts
 * from PRIOR_DEAD_SHARE, so a provider that answers `dead` to everything from its first check trips it too.
 */
export const BREAKER = {
  recentWeight: 0.1,
  trailingWeight: 0.01,
  priorDeadShare: 0.2,
  minDecisive: 5,
  openMargin: 0.4,
  closeMargin: 0.15,
} as const;

export interface GuardSettings {
  rates: ProviderRates;
  hide: readonly ProviderId[] | undefined;
  canaries: Partial<Record<ProviderId, string>>;
  maxHidesPerHour: number;
}

export interface GuardState {
  provider: ProviderId;
  pausedUntil: number;
  pauseReason: string | null;
  /** The rate now, in checks a second (the base rate times the adaptive factor, recovered to now). */
  rate: number;
  baseRate: number;
  breakerOpen: boolean;
  breakerOpenedAt: number | null;
  recentDead: number;
  trailingDead: number;
  decisiveSeen: number;
  canary: string | undefined;
  canaryVerdict: string | null;
  canaryReason: string | null;
  canaryCheckedAt: number;
  hidesThisHour: number;
  hidesWaiting: number;
  hiding: boolean;
}

/** What a decisive verdict did to the breaker. */
export interface BreakerStep {
  /** The verdict came while the breaker was open (or it opened now) or the canary fails: a `dead` is suspect. */
  suspect: boolean;
  opened: boolean;
  closed: boolean;
}

/** The part of the rate factor a throttle took back, as of `now`. */
export function recoveredFactor(factor: number, changedAt: number, now: number): number {
  const steps = Math.max(0, Math.floor((now - changedAt) / RECOVERY_STEP_MS));
  return Math.min(1, factor * RECOVERY ** steps);
}

export class ProviderGuards {
  private readonly ensured = new Set<ProviderId>();

  constructor(
    private readonly database: Database,
    readonly settings: GuardSettings,
  ) {}

  baseRate(provider: ProviderId): number {
    return this.settings.rates.each[provider] ?? this.settings.rates.all ?? DEFAULT_RATES[provider] ?? DEFAULT_RATE;
  }

  hides(provider: ProviderId): boolean {
    return this.settings.hide ? this.settings.hide.includes(provider) : !HIDING_OFF_BY_DEFAULT.includes(provider);
  }

  canary(provider: ProviderId): string | undefined {
    return this.settings.canaries[provider];
  }

  private async ensure(provider: ProviderId): Promise<void> {
    if (this.ensured.has(provider)) return;
    await this.database.db
      .insertInto('link_guards')
      .values({ provider, recent_dead: BREAKER.priorDeadShare, trailing_dead: BREAKER.priorDeadShare })
      .onConflict((c) => c.column('provider').doNothing())
      .execute();
    this.ensured.add(provider);
  }

  async state(provider: ProviderId, now: number): Promise<GuardState> {
    await this.ensure(provider);
    const row = (await this.database.db
      .selectFrom('link_guards')
      .selectAll()
      .where('provider', '=', provider)
      .executeTakeFirstOrThrow()) as unknown as Readonly<Record<keyof LinkGuardsTable, unknown>>;
    const baseRate = this.baseRate(provider);
    const hour = Math.floor(now / HOUR);
    return {
      provider,
      pausedUntil: Number(row.paused_until),
      pauseReason: row.pause_reason as string | null,
      rate: baseRate * recoveredFactor(Number(row.rate_factor), Number(row.rate_changed_at), now),
      baseRate,
      breakerOpen: Number(row.breaker_open) === 1,
      breakerOpenedAt: row.breaker_opened_at === null ? null : Number(row.breaker_opened_at),
      recentDead: Number(row.recent_dead),
      trailingDead: Number(row.trailing_dead),
      decisiveSeen: Number(row.decisive_seen),
      canary: this.canary(provider),
      canaryVerdict: row.canary_verdict as string | null,
      canaryReason: row.canary_reason as string | null,
      canaryCheckedAt: Number(row.canary_checked_at),
      hidesThisHour: Number(row.hides_hour) === hour ? Number(row.hides_count) : 0,
      hidesWaiting: Number(row.hides_waiting),
      hiding: this.hides(provider),
    };
  }

  async states(now: number): Promise<GuardState[]> {
    const states: GuardState[] = [];
    for (const provider of PROVIDER_IDS) states.push(await this.state(provider, now));
    return states;
  }

  /**
   * Pauses the provider for `ms` (a breaker, a canary) unless a longer pause holds; true when it was not
   * paused before, so the caller that started the pause is the one that logs it.
   */
  async pause(provider: ProviderId, now: number, ms: number, reason: string): Promise<boolean> {
    await this.ensure(provider);
    const until = now + ms;
    const rows = await this.database.db
      .updateTable('link_guards')
      .set({ paused_until: until, pause_reason: reason })
      .where('provider', '=', provider)
      .where('paused_until', '<', until)
      .returning('provider')
      .execute();
    return rows.length > 0;
  }

  /** A throttle or failures in a row: a pause that doubles while they go on; its length in ms, 0 when one holds already. */
  async pauseAfterFailure(provider: ProviderId, now: number, reason: string): Promise<number> {
    await this.ensure(provider);
    const rows = await this.database.db
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
  async settled(provider: ProviderId): Promise<void> {
    await this.database.db
      .updateTable('link_guards')
      .set({ next_pause_ms: 0 })
      .where('provider', '=', provider)
      .where('next_pause_ms', '>', 0)
      .execute();
  }

  /** A throttle: the provider's rate, recovered to now, is divided by THROTTLE_SLOWDOWN. Returns the new rate. */
  async slowDown(provider: ProviderId, now: number): Promise<number> {
    const state = await this.state(provider, now);
    const factor = Math.max(SLOWEST_FACTOR, state.rate / state.baseRate / THROTTLE_SLOWDOWN);
    await this.database.db
      .updateTable('link_guards')
      .set({ rate_factor: factor, rate_changed_at: now })
      .where('provider', '=', provider)
      .execute();
    return state.baseRate * factor;
  }

  /** Moves the breaker's shares by one decisive verdict and opens or closes it (one instance wins each change). */
  async observeDecisive(provider: ProviderId, dead: boolean, now: number): Promise<BreakerStep> {
    await this.ensure(provider);
    const { db } = this.database;
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
    const canaryFails = this.canary(provider) !== undefined && row.canary_verdict !== null && row.canary_verdict !== 'alive';
    const step: BreakerStep = { suspect: canaryFails, opened: false, closed: false };
    if (Number(row.breaker_open) === 1) {
      if (recent <= trailing + BREAKER.closeMargin) step.closed = await this.setBreaker(db, provider, false, now);
      else step.suspect = true;
      return step;
    }
    const jumped = recent >= trailing + BREAKER.openMargin && recent >= 2 * trailing;
    if (Number(row.decisive_seen) >= BREAKER.minDecisive && jumped) {
      step.opened = await this.setBreaker(db, provider, true, now);
      step.suspect = true;
    }
    return step;
  }

  private async setBreaker(db: Kysely<Schema>, provider: ProviderId, open: boolean, now: number): Promise<boolean> {
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
  async reset(provider: ProviderId): Promise<void> {
    await this.ensure(provider);
    await this.database.db
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

  /** Takes the canary's turn of this cycle for this instance: true when `cycleMs` passed since the last one. */
  async claimCanary(provider: ProviderId, now: number, cycleMs: number): Promise<boolean> {
    if (!this.canary(provider)) return false;
    await this.ensure(provider);
    const rows = await this.database.db
      .updateTable('link_guards')
      .set({ canary_checked_at: now })
      .where('provider', '=', provider)
      .where('canary_checked_at', '<=', now - cycleMs)
      .returning('provider')
      .execute();
    return rows.length > 0;
  }

  async recordCanary(provider: ProviderId, verdict: string, reason: string, now: number): Promise<void> {
    await this.ensure(provider);
    await this.database.db
      .updateTable('link_guards')
      .set({ canary_verdict: verdict, canary_reason: reason.slice(0, 200), canary_checked_at: now })
      .where('provider', '=', provider)
      .execute();
  }

  /** One hide of this clock hour, inside the hide's own transaction; false at the cap. */
  async takeHide(trx: Kysely<Schema>, provider: ProviderId, now: number): Promise<boolean> {
    const hour = Math.floor(now / HOUR);
    const cap = this.settings.maxHidesPerHour;
    const rows =
      cap <= 0
        ? []
        : await trx
            .updateTable('link_guards')
            .set({ hides_count: sql`case when hides_hour = ${hour} then hides_count + 1 else 1 end`, hides_hour: hour })
            .where('provider', '=', provider)
            .where((eb) => eb.or([eb('hides_hour', '<>', hour), eb('hides_count', '<', cap)]))
            .returning('hides_count')
            .execute();
    return rows.length > 0;
  }

  /** Counts a confirmed dead the cap made wait. */
  async waited(provider: ProviderId): Promise<void> {
    await this.database.db
      .updateTable('link_guards')
      .set({ hides_waiting: sql`hides_waiting + 1` })
      .where('provider', '=', provider)
      .execute();
  }

  /** The start of the next clock hour: when a confirmed dead the cap made wait is looked at again. */
  static nextHour(now: number): number {
    return (Math.floor(now / HOUR) + 1) * HOUR;
  }
}
