/**
 * The guards against a provider's bad day, for the whole deployment (docs/link-health.md, "Guards"). One
 * row per provider in the store (`link_guards`), so every instance and every `links check` run share it
 * and a restart keeps it. This is the one object the scheduler, `links check` and the console hold: it
 * reads the row as a GuardState and hands each change to the module of its concept under guards/ (the
 * pause, the adaptive rate, the dead-rate breaker, the canary's turns, the hourly hide cap and the daily
 * hide share), each one conditional UPDATE, so two instances never both open a breaker or both take the
 * last hide of an hour or a day, and the one that changed a state is the one that logs it.
 */

import type { Kysely } from 'kysely';
import { PROVIDER_IDS, type ProviderId } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import type { LinkGuardsTable, Schema } from '../store/schema.js';
import { recoveredFactor, slowDown } from './guards/adaptive-rate.js';
import { BREAKER, type BreakerStep, observeDecisive, resetBreaker } from './guards/breaker.js';
import { claimCanaryTurn, recordCanaryAnswer } from './guards/canary-turns.js';
import { dayLimit, utcDay } from './guards/daily-hide-share.js';
import { allowPastCeiling, type CeilingStep, deadWindow, observeCeiling } from './guards/dead-ceiling.js';
import { baseRateOf, type GuardSettings, hidesDeads } from './guards/guard-settings.js';
import { clockHour, countWaitingHide, type HideTurn, takeHide } from './guards/hide-cap.js';
import { pauseAfterFailure, pauseFor, settlePauses } from './guards/pauses.js';

export { RECOVERY_STEP_MS, THROTTLE_SLOWDOWN } from './guards/adaptive-rate.js';
export type { BreakerStep } from './guards/breaker.js';
export type { CeilingStep } from './guards/dead-ceiling.js';
export type { GuardSettings } from './guards/guard-settings.js';
export type { HideTurn } from './guards/hide-cap.js';
export { GUARD_PAUSE_MS } from './guards/pauses.js';

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
  /** The daily hide share: hides this UTC day, the day's budget, and whether it binds (no allowance holds). */
  hidesToday: number;
  dayHideBudget: number;
  dayShareEnforced: boolean;
  hiding: boolean;
  /** The dead-rate ceiling: dead and decisive verdicts among the last LINK_CHECK_CEILING_SAMPLES, the ceiling, whether it holds. */
  ceilingDead: number;
  ceilingDecisive: number;
  deadCeiling: number;
  ceilingOpen: boolean;
  /** Until when an operator allowed the provider past the ceiling (ms; in the past: not allowed). */
  ceilingAllowedUntil: number;
}

export class ProviderGuards {
  private readonly ensured = new Set<ProviderId>();

  constructor(
    private readonly database: Database,
    readonly settings: GuardSettings,
  ) {}

  baseRate(provider: ProviderId): number {
    return baseRateOf(this.settings, provider);
  }

  hides(provider: ProviderId): boolean {
    return hidesDeads(this.settings, provider);
  }

  canary(provider: ProviderId): string | undefined {
    return this.settings.canaries[provider];
  }

  /** The provider's row, created on first use with the breaker's prior shares. */
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
    const window = await deadWindow(this.database.db, provider, this.settings.ceilingSamples);
    const day = await dayLimit(this.database.db, provider, now, this.settings.maxHiddenSharePerDay);
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
      hidesThisHour: Number(row.hides_hour) === clockHour(now) ? Number(row.hides_count) : 0,
      hidesWaiting: Number(row.hides_waiting),
      hidesToday: Number(row.hides_day) === utcDay(now) ? Number(row.hides_day_count) : 0,
      dayHideBudget: day.budget,
      dayShareEnforced: day.enforced,
      hiding: this.hides(provider),
      ceilingDead: window.dead,
      ceilingDecisive: window.decisive,
      deadCeiling: this.settings.deadCeiling,
      ceilingOpen: Number(row.ceiling_open) === 1,
      ceilingAllowedUntil: Number(row.ceiling_allowed_until),
    };
  }

  async states(now: number): Promise<GuardState[]> {
    const states: GuardState[] = [];
    for (const provider of PROVIDER_IDS) states.push(await this.state(provider, now));
    return states;
  }

  /** Pauses for `ms` (a breaker, a canary) unless a longer pause holds; true when this call started it (guards/pauses.ts). */
  async pause(provider: ProviderId, now: number, ms: number, reason: string): Promise<boolean> {
    await this.ensure(provider);
    return pauseFor(this.database.db, provider, now, ms, reason);
  }

  /** A throttle or failures in a row: a pause that doubles while they go on; its length in ms, 0 when one holds already. */
  async pauseAfterFailure(provider: ProviderId, now: number, reason: string): Promise<number> {
    await this.ensure(provider);
    return pauseAfterFailure(this.database.db, provider, now, reason);
  }

  /** A decisive verdict: the next failure pause starts from the first length again. */
  settled(provider: ProviderId): Promise<void> {
    return settlePauses(this.database.db, provider);
  }

  /** A throttle: the provider's rate, recovered to now, is divided by THROTTLE_SLOWDOWN. Returns the new rate. */
  async slowDown(provider: ProviderId, now: number): Promise<number> {
    return slowDown(this.database.db, provider, now, await this.state(provider, now));
  }

  /** Moves the breaker's shares by one decisive verdict and opens or closes it (guards/breaker.ts). */
  async observeDecisive(provider: ProviderId, dead: boolean, now: number): Promise<BreakerStep> {
    await this.ensure(provider);
    return observeDecisive(this.database.db, provider, dead, now, this.canary(provider) !== undefined);
  }

  /** A decisive verdict's place among the provider's last ones, against the dead-rate ceiling (guards/dead-ceiling.ts). */
  observeCeiling(provider: ProviderId, seen: number, dead: boolean, now: number): Promise<CeilingStep> {
    return observeCeiling(this.database.db, provider, seen, dead, this.settings, now);
  }

  /** An operator allows the provider past the dead-rate ceiling until `until` (ms); the relative breaker is untouched. */
  async allowPastCeiling(provider: ProviderId, until: number): Promise<void> {
    await this.ensure(provider);
    await allowPastCeiling(this.database.db, provider, until);
  }

  /** An operator closes the breaker and lifts the pause: the recent share starts again from the trailing one. */
  async reset(provider: ProviderId): Promise<void> {
    await this.ensure(provider);
    await resetBreaker(this.database.db, provider);
  }

  /** Takes the canary's turn of this cycle for this instance: true when `cycleMs` passed since the last one. */
  async claimCanary(provider: ProviderId, now: number, cycleMs: number): Promise<boolean> {
    if (!this.canary(provider)) return false;
    await this.ensure(provider);
    return claimCanaryTurn(this.database.db, provider, now, cycleMs);
  }

  async recordCanary(provider: ProviderId, verdict: string, reason: string, now: number): Promise<void> {
    await this.ensure(provider);
    await recordCanaryAnswer(this.database.db, provider, verdict, reason, now);
  }

  /** One hide of this clock hour and UTC day, inside the hide's own transaction; refused at a cap (guards/hide-cap.ts). */
  async takeHide(trx: Kysely<Schema>, provider: ProviderId, now: number): Promise<HideTurn> {
    const day = await dayLimit(trx, provider, now, this.settings.maxHiddenSharePerDay);
    return takeHide(trx, provider, now, this.settings.maxHidesPerHour, day);
  }

  /** Counts a confirmed dead a cap made wait. */
  waited(provider: ProviderId): Promise<void> {
    return countWaitingHide(this.database.db, provider);
  }
}
