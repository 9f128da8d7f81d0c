/**
 * The background checker (docs/link-health.md, "Scheduling"): per provider, a loop that takes due links
 * from the store a few at a time under a lease, spends one token of the deployment-wide rate per check
 * (a counter shared through Redis when there is one), keeps at most LINK_CHECK_CONCURRENCY checks in
 * flight, pauses the provider with backoff after a throttle or failures in a row, and writes each verdict
 * through the visibility rule. It never holds more than a small batch of links per provider, and knows
 * nothing of any provider's rules (they are the LinkChecker's).
 */

import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from '../observability/logger.js';
import { Counter, isRefusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import type { CheckOutcome, LinkChecker } from './link-checker.js';
import type { LinkHealthStore } from './link-health-store.js';
import type { LinkQueueStore } from './link-queue-store.js';
import { PauseState } from './provider-lane.js';
import { PROVIDER_IDS, type ProviderId } from './share-links.js';

/** How long a claimed link stays leased: longer than a check with its timeout, short for a killed instance. */
export const LEASE_MS = 2 * 60_000;
/** How long a provider with nothing due waits before looking again (a report here wakes it at once). */
export const IDLE_MS = 30_000;
/** Enrolment batches one look for due links may read (a catalogue of a million is enrolled over minutes). */
export const ENROL_BURST = 10;
/** New entries are enrolled at least this often even while every provider has links due. */
export const ENROL_EVERY_MS = 60_000;

export interface SchedulerOptions {
  queue: LinkQueueStore;
  health: LinkHealthStore;
  checker: LinkChecker;
  ratePerSecond: number;
  concurrency: number;
  log: Logger;
  redis?: RedisLink | undefined;
  redisKeyPrefix?: string;
  /** Metrics: one call per check and per pause change. */
  observer?: LinkCheckObserver | undefined;
  providers?: readonly ProviderId[];
}

export interface LinkCheckObserver {
  checked(provider: ProviderId, outcome: CheckOutcome, seconds: number): void;
  paused(provider: ProviderId, paused: boolean): void;
}

export interface SchedulerEvents {
  checked: [link: string, outcome: CheckOutcome];
  paused: [provider: ProviderId, ms: number];
  idle: [provider: ProviderId];
  /** The loop of `provider` waits on a timer: for the rate, a pause, or with nothing due. */
  waiting: [provider: ProviderId, reason: WaitReason, ms: number];
}

export type WaitReason = 'rate' | 'pause' | 'idle' | 'retry';

export class LinkScheduler extends EventEmitter<SchedulerEvents> {
  readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly rate: Counter;
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Map<ProviderId, () => void>();
  private enrolling: Promise<number> | undefined;
  private enrolledAt = 0;
  /** Aborted by `stop()`: checks in flight end at once, unrecorded (their leases expire). */
  private readonly stopping = new AbortController();

  constructor(private readonly options: SchedulerOptions) {
    super();
    this.rate = new Counter(
      { name: 'link-checks', points: options.ratePerSecond, durationSeconds: 1 },
      options.redisKeyPrefix ?? 'dramadex:',
      options.redis,
    );
  }

  start(): void {
    for (const provider of this.options.providers ?? PROVIDER_IDS) this.loops.push(this.run(provider));
  }

  /** Wakes the providers' loops now (a report moved a link to the head of the queue). */
  poke(): void {
    for (const wake of this.wakers.values()) wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    this.poke();
    await Promise.all(this.loops);
  }

  /** Resolves after `ms` or at a poke/stop, whichever is first. */
  private wait(provider: ProviderId, reason: WaitReason, ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakers.set(provider, done);
      this.emit('waiting', provider, reason, ms);
    });
  }

  /** New entries are enrolled by whichever loop finds nothing due first; the others share its work. */
  private enrol(): Promise<number> {
    this.enrolledAt = Date.now();
    this.enrolling ??= this.options.queue.enrolNew().finally(() => {
      this.enrolling = undefined;
    });
    return this.enrolling;
  }

  private async run(provider: ProviderId): Promise<void> {
    const { queue, concurrency, log } = this.options;
    const pause = new PauseState();
    const inFlight = new Set<Promise<void>>();
    let held: string[] = [];
    while (!this.stopped) {
      try {
        if (pause.isPaused(Date.now())) {
          await queue.release(held, this.owner);
          held = [];
          await this.wait(provider, 'pause', pause.pausedUntil - Date.now());
          if (!pause.isPaused(Date.now())) {
            this.options.observer?.paused(provider, false);
            log.info({ provider }, 'link checks of this provider resume');
          }
          continue;
        }
        if (inFlight.size >= concurrency) {
          await Promise.race(inFlight);
          continue;
        }
        if (held.length === 0) held = await this.claimDue(provider, concurrency * 2);
        const link = held.shift();
        if (link === undefined) {
          if (inFlight.size > 0) {
            await Promise.race(inFlight);
            continue;
          }
          this.emit('idle', provider);
          await this.wait(provider, 'idle', IDLE_MS);
          continue;
        }
        await this.takeRateToken(provider);
        if (this.stopped) {
          held.unshift(link);
          break;
        }
        const check = this.checkOne(provider, link, pause).finally(() => inFlight.delete(check));
        inFlight.add(check);
      } catch (error) {
        log.warn({ err: error, provider }, 'the link checker could not reach the store; it tries again');
        await this.wait(provider, 'retry', IDLE_MS);
      }
    }
    await Promise.allSettled(inFlight);
    await queue.release(held, this.owner).catch(() => undefined); // swallow-ok: held claims lapse by themselves when not released
  }

  private async claimDue(provider: ProviderId, count: number): Promise<string[]> {
    const { queue } = this.options;
    if (Date.now() - this.enrolledAt >= ENROL_EVERY_MS) await this.enrol();
    let due = await queue.due(provider, count, Date.now());
    // Nothing due: enrol new entries, a batch at a time, until some are this provider's, none are left or
    // ENROL_BURST batches were read; the event loop gets a turn between batches (serving comes first).
    for (let burst = 0; due.length === 0 && !this.stopped && burst < ENROL_BURST; burst++) {
      if ((await this.enrol()) === 0) break;
      await new Promise((resolve) => setImmediate(resolve));
      due = await queue.due(provider, count, Date.now());
    }
    return queue.claim(due, this.owner, Date.now(), LEASE_MS);
  }

  /** Waits until the deployment-wide rate allows one more check of `provider`. */
  private async takeRateToken(provider: ProviderId): Promise<void> {
    while (!this.stopped) {
      try {
        await this.rate.consume(provider);
        return;
      } catch (refusal) {
        if (!isRefusal(refusal)) throw refusal;
        await this.wait(provider, 'rate', Math.max(1, refusal.msBeforeNext));
      }
    }
  }

  private async checkOne(provider: ProviderId, link: string, pause: PauseState): Promise<void> {
    const started = performance.now();
    const outcome = await this.options.checker.check(link, this.stopping.signal);
    if (this.stopped) return;
    this.options.observer?.checked(provider, outcome, (performance.now() - started) / 1000);
    try {
      await this.options.health.record(link, outcome, new Date());
    } catch (error) {
      this.options.log.warn({ err: error, link }, 'a link verdict could not be stored; the lease expires and it is checked again');
    }
    const pausedMs = pause.observe(outcome, Date.now());
    if (pausedMs > 0) {
      this.options.log.warn({ provider, reason: outcome.reason, pauseSeconds: pausedMs / 1000 }, 'link checks of this provider pause');
      this.options.observer?.paused(provider, true);
      this.emit('paused', provider, pausedMs);
    }
    this.emit('checked', link, outcome);
  }
}
