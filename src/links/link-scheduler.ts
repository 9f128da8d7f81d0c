/**
 * The background checker (docs/link-health.md, "Scheduling"): per provider, a loop that takes due links
 * from the store a few at a time under a lease, spends one token of the provider's deployment-wide rate
 * per check (a counter shared through Redis when there is one, at the rate the provider's guards allow
 * now), keeps at most LINK_CHECK_CONCURRENCY checks in flight, starts each cycle with the provider's
 * canary, stands still while the provider is paused (a pause in the store, shared by every instance) and
 * writes each verdict through the provider's guards. It never holds more than a small batch of links per
 * provider, and knows nothing of any provider's rules (they are the LinkChecker's).
 */

import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from '../observability/logger.js';
import type { RedisLink } from '../redis/redis-link.js';
import { PROVIDER_IDS, type ProviderId } from '../shared/share-links.js';
import { checkCanary } from './canary.js';
import { CheckPacer } from './check-pacer.js';
import { GuardedRecorder, type LinkCheckObserver } from './guarded-recorder.js';
import type { CheckOutcome, LinkChecker } from './link-checker.js';
import type { LinkHealthStore } from './link-health-store.js';
import type { DueLink, LinkQueueStore } from './link-queue-store.js';
import type { ProviderGuards } from './provider-guards.js';

export type { LinkCheckObserver };

/** How long a claimed link stays leased: longer than a check with its timeout, short for a killed instance. */
export const LEASE_MS = 2 * 60_000;
/** How long a provider with nothing due waits before looking again (a report here wakes it at once). */
export const IDLE_MS = 30_000;
/** Enrolment batches one look for due links may read (a catalogue of a million is enrolled over minutes). */
export const ENROL_BURST = 10;
/** New entries are enrolled at least this often even while every provider has links due. */
export const ENROL_EVERY_MS = 60_000;
/** A cycle of the background checks: each starts with the provider's canary (LINK_CHECK_CANARIES). */
export const CANARY_CYCLE_MS = 10 * 60_000;

export interface SchedulerOptions {
  queue: LinkQueueStore;
  health: LinkHealthStore;
  checker: LinkChecker;
  guards: ProviderGuards;
  concurrency: number;
  log: Logger;
  /** The per-provider pace shared with the console's checks (check-pacer.ts); else one over `redis`. */
  pacer?: CheckPacer | undefined;
  redis?: RedisLink | undefined;
  redisKeyPrefix?: string;
  /** Metrics: one call per check and per change of a guard. */
  observer?: LinkCheckObserver | undefined;
  /** The process's recorder (link-check-chain.ts), shared with the console's checks; else one over `health` and `guards`. */
  recorder?: GuardedRecorder | undefined;
  providers?: readonly ProviderId[];
}

export interface SchedulerEvents {
  checked: [link: string, outcome: CheckOutcome];
  paused: [provider: ProviderId, ms: number];
  idle: [provider: ProviderId];
  canary: [provider: ProviderId, outcome: CheckOutcome];
  /** The loop of `provider` waits on a timer: for the rate, a pause, or with nothing due. */
  waiting: [provider: ProviderId, reason: WaitReason, ms: number];
}

export type WaitReason = 'rate' | 'pause' | 'idle' | 'retry';

export class LinkScheduler extends EventEmitter<SchedulerEvents> {
  readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly recorder: GuardedRecorder;
  private readonly pacer: CheckPacer;
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Map<ProviderId, () => void>();
  private enrolling: Promise<number> | undefined;
  private enrolledAt = 0;
  /** Aborted by `stop()`: checks in flight end at once, unrecorded (their leases expire). */
  private readonly stopping = new AbortController();

  constructor(private readonly options: SchedulerOptions) {
    super();
    this.recorder = options.recorder ?? new GuardedRecorder(options.health, options.guards, options.log, options.observer);
    this.pacer = options.pacer ?? new CheckPacer(options.redisKeyPrefix, options.redis);
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
    const { queue, guards, concurrency, log, observer } = this.options;
    const inFlight = new Set<Promise<void>>();
    let held: DueLink[] = [];
    let pausedSeen = false;
    while (!this.stopped) {
      try {
        const now = Date.now();
        const state = await guards.state(provider, now);
        if (state.pausedUntil > now) {
          if (!pausedSeen) observer?.paused(provider, true);
          pausedSeen = true;
          await queue.release(
            held.map((due) => due.link),
            this.owner,
          );
          held = [];
          await this.wait(provider, 'pause', state.pausedUntil - now);
          continue;
        }
        if (pausedSeen) {
          pausedSeen = false;
          observer?.paused(provider, false);
          log.info({ provider }, 'link checks of this provider resume');
        }
        observer?.breaker?.(provider, state.breakerOpen);
        observer?.rate?.(provider, state.rate);
        if (inFlight.size >= concurrency) {
          await Promise.race(inFlight);
          continue;
        }
        if (state.canary && state.canaryCheckedAt <= now - CANARY_CYCLE_MS && (await guards.claimCanary(provider, now, CANARY_CYCLE_MS))) {
          // The canary goes first in its cycle: the last cycle's checks end before it is asked.
          await Promise.allSettled(inFlight);
          await this.takeRateToken(provider, state.rate);
          const canary = await checkCanary(guards, this.options.checker, provider, log, this.stopping.signal);
          if (canary) this.emit('canary', provider, canary.outcome);
          if (canary?.pausedMs) this.emit('paused', provider, canary.pausedMs);
          continue;
        }
        if (held.length === 0) held = await this.claimDue(provider, concurrency * 2);
        const next = held.shift();
        if (next === undefined) {
          if (inFlight.size > 0) {
            await Promise.race(inFlight);
            continue;
          }
          this.emit('idle', provider);
          await this.wait(provider, 'idle', IDLE_MS);
          continue;
        }
        await this.takeRateToken(provider, state.rate);
        if (this.stopped) {
          held.unshift(next);
          break;
        }
        const check = this.checkOne(provider, next).finally(() => inFlight.delete(check));
        inFlight.add(check);
      } catch (error) {
        log.warn({ err: error, provider }, 'the link checker could not reach the store; it tries again');
        await this.wait(provider, 'retry', IDLE_MS);
      }
    }
    await Promise.allSettled(inFlight);
    await queue
      .release(
        held.map((due) => due.link),
        this.owner,
      )
      .catch(() => undefined); // swallow-ok: held claims lapse by themselves when not released
  }

  private async claimDue(provider: ProviderId, count: number): Promise<DueLink[]> {
    const { queue } = this.options;
    if (Date.now() - this.enrolledAt >= ENROL_EVERY_MS) await this.enrol();
    let due = await queue.dueLinks(provider, count, Date.now());
    // Nothing due: enrol new entries, a batch at a time, until some are this provider's, none are left or
    // ENROL_BURST batches were read; the event loop gets a turn between batches (serving comes first).
    // When nothing is left to enrol the queue is read once more: another loop or instance may have just
    // enrolled the entries this one found missing, and without that read it would idle IDLE_MS over them.
    for (let burst = 0; due.length === 0 && !this.stopped && burst < ENROL_BURST; burst++) {
      const enrolled = await this.enrol();
      if (enrolled > 0) await new Promise((resolve) => setImmediate(resolve));
      due = await queue.dueLinks(provider, count, Date.now());
      if (enrolled === 0) break;
    }
    const claimed = new Set(
      await queue.claim(
        due.map((item) => item.link),
        this.owner,
        Date.now(),
        LEASE_MS,
      ),
    );
    return due.filter((item) => claimed.has(item.link));
  }

  /** Waits until the deployment-wide rate allows one more check of `provider` (a stop ends the wait). */
  private takeRateToken(provider: ProviderId, rate: number): Promise<void> {
    return this.pacer.take(
      provider,
      rate,
      (ms) => this.wait(provider, 'rate', ms),
      () => this.stopped,
    );
  }

  private async checkOne(provider: ProviderId, due: DueLink): Promise<void> {
    const started = performance.now();
    const outcome = await this.options.checker.check(due.link, this.stopping.signal);
    if (this.stopped) return;
    this.options.observer?.checked(provider, outcome, (performance.now() - started) / 1000);
    try {
      const { pausedMs } = await this.recorder.record(due.link, outcome, new Date(), due.reported);
      if (pausedMs > 0) this.emit('paused', provider, pausedMs);
    } catch (error) {
      this.options.log.warn(
        { err: error, link: due.link },
        'a link verdict could not be stored; the lease expires and it is checked again',
      );
    }
    this.emit('checked', due.link, outcome);
  }
}
