/**
 * One verdict through the provider's guards into the store (docs/link-health.md, "Guards"), the same for
 * the background scheduler and `links check`: the breaker's shares move with every decisive verdict (and
 * a `dead` that came while the breaker is open or the canary fails is kept as suspect, hiding nothing),
 * the visibility rule runs behind the provider's hide policy, hourly cap and daily share, a throttle slows the
 * provider's shared rate, and failures of different links in a row pause it (never a report's check).
 * Whoever changes a guard logs it, once for the deployment.
 */
import type { Logger } from '../observability/logger.js';
import type { ProviderId } from '../shared/share-links.js';
import type { CheckOutcome } from './link-checker.js';
import type { HideGate, LinkHealthStore } from './link-health-store.js';
import { GUARD_PAUSE_MS, type ProviderGuards } from './provider-guards.js';
import { FailureRun } from './provider-lane.js';
import type { LinkHealth } from './visibility-rule.js';

/** Metrics: one call per check and per change of a guard. */
export interface LinkCheckObserver {
  checked(provider: ProviderId, outcome: CheckOutcome, seconds: number): void;
  paused(provider: ProviderId, paused: boolean): void;
  breaker?(provider: ProviderId, open: boolean): void;
  hideWaited?(provider: ProviderId): void;
  rate?(provider: ProviderId, perSecond: number): void;
}

export interface Recorded {
  health: LinkHealth;
  /** The pause this verdict started (ms), 0 for none. */
  pausedMs: number;
}

export class GuardedRecorder {
  private readonly failures = new Map<ProviderId, FailureRun>();

  constructor(
    private readonly health: LinkHealthStore,
    readonly guards: ProviderGuards,
    private readonly log: Logger,
    private readonly observer?: LinkCheckObserver | undefined,
  ) {}

  async record(link: string, outcome: CheckOutcome, now: Date, reported = false): Promise<Recorded> {
    const provider = outcome.provider;
    if (!provider) return { health: await this.health.record(link, outcome, now), pausedMs: 0 };
    const at = now.getTime();
    const { gate, pausedMs } = await this.gate(provider, outcome, at);
    const health = await this.health.record(link, outcome, now, gate);
    return { health, pausedMs: pausedMs + (await this.afterVerdict(provider, link, outcome, at, reported)) };
  }

  private async gate(provider: ProviderId, outcome: CheckOutcome, at: number): Promise<{ gate: HideGate; pausedMs: number }> {
    const { guards } = this;
    let suspect = false;
    let pausedMs = 0;
    if (outcome.verdict === 'alive' || outcome.verdict === 'locked' || outcome.verdict === 'dead') {
      const step = await guards.observeDecisive(provider, outcome.verdict === 'dead', at);
      const ceiling = await guards.observeCeiling(provider, step.seen, outcome.verdict === 'dead', at);
      suspect = (step.suspect || ceiling.suspect) && outcome.verdict === 'dead';
      if (ceiling.opened) await this.ceilingOpened(provider, at);
      if (step.opened && (await this.breakerOpened(provider, at))) pausedMs = GUARD_PAUSE_MS;
      if (step.closed) {
        this.log.info({ provider }, "the provider's dead share is normal again: its breaker closes and its dead verdicts hide again");
        this.observer?.breaker?.(provider, false);
      }
    }
    const gate: HideGate = {
      suspect,
      hiding: guards.hides(provider),
      takeHide: async (trx, now) => {
        const turn = await guards.takeHide(trx, provider, now);
        if (turn.taken && turn.dayFull) this.dayShareSpent(provider, turn.budget);
        return turn;
      },
      waited: async () => {
        this.observer?.hideWaited?.(provider);
        await guards.waited(provider);
      },
    };
    return { gate, pausedMs };
  }

  /** Logs the opening (this instance opened it) and pauses the provider; true when the pause is new. */
  private async breakerOpened(provider: ProviderId, at: number): Promise<boolean> {
    const state = await this.guards.state(provider, at);
    this.log.error(
      { provider, recentDeadShare: round(state.recentDead), trailingDeadShare: round(state.trailingDead) },
      `the share of dead verdicts of ${provider} jumped far above its own: its breaker opens, its dead verdicts hide nothing and it pauses; \`dramadex links breaker reset ${provider}\` closes it`,
    );
    const paused = await this.guards.pause(provider, at, GUARD_PAUSE_MS, 'breaker open');
    this.observer?.breaker?.(provider, true);
    this.observer?.paused(provider, true);
    return paused;
  }

  /** Logs, once for the deployment, that the provider's dead share passed the ceiling (guards/dead-ceiling.ts). */
  private async ceilingOpened(provider: ProviderId, at: number): Promise<void> {
    const state = await this.guards.state(provider, at);
    this.log.error(
      { provider, dead: state.ceilingDead, decisive: state.ceilingDecisive, ceiling: state.deadCeiling },
      `${provider} answers dead to more than ${state.deadCeiling} of its last decisive verdicts (LINK_CHECK_DEAD_CEILING): its dead verdicts hide nothing; if its links really are mostly dead, \`dramadex links breaker allow ${provider} --hours <n>\` lets them hide for a while`,
    );
  }

  /** Logged by the instance that took the day's last hide (guards/daily-hide-share.ts): once a day for the deployment. */
  private dayShareSpent(provider: ProviderId, budget: number): void {
    this.log.error(
      { provider, hides: budget, share: this.guards.settings.maxHiddenSharePerDay },
      `${provider} hid ${budget} entries today, its share of the day (LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY): its other confirmed deads wait for the next UTC day; if its links really are dying this fast, \`dramadex links breaker allow ${provider} --hours <n>\` lets them hide`,
    );
  }

  private async afterVerdict(provider: ProviderId, link: string, outcome: CheckOutcome, at: number, reported: boolean): Promise<number> {
    if (outcome.verdict !== 'unknown') {
      this.failures.get(provider)?.observe(link, outcome, reported);
      await this.guards.settled(provider);
      return 0;
    }
    if (outcome.throttled) {
      const rate = await this.guards.slowDown(provider, at);
      this.observer?.rate?.(provider, rate);
    }
    const run = this.failures.get(provider) ?? new FailureRun();
    this.failures.set(provider, run);
    if (!run.observe(link, outcome, reported)) return 0;
    const pausedMs = await this.guards.pauseAfterFailure(provider, at, outcome.reason);
    if (pausedMs > 0) {
      this.log.warn({ provider, reason: outcome.reason, pauseSeconds: pausedMs / 1000 }, 'link checks of this provider pause');
      this.observer?.paused(provider, true);
    }
    return pausedMs;
  }
}

function round(share: number): number {
  return Math.round(share * 1000) / 1000;
}
