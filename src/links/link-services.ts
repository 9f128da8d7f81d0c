/**
 * Link health as the composition root sees it (docs/link-health.md): the two stores every instance uses
 * (status, reports, counts) and, with `LINK_CHECK=on`, the background scheduler over the provider
 * checkers. `start()` is separate from construction so `serve` starts checking only after the demo data
 * (never checked) is in place.
 */

import type { Config } from '../config/config.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { RedisLink } from '../redis/redis-link.js';
import type { Database } from '../store/database.js';
import { followingTransaction } from '../store/one-transaction.js';
import { parseCheckOrigins } from './check-origins.js';
import { CheckPacer } from './check-pacer.js';
import type { LinkCheckObserver } from './guarded-recorder.js';
import { createLinkCheckChain, type LinkCheckChain } from './link-check-chain.js';
import type { LinkChecker } from './link-checker.js';
import type { LinkCounts } from './link-health-reads.js';
import type { LinkHealthStore } from './link-health-store.js';
import { LinkQueueStore } from './link-queue-store.js';
import { LinkScheduler } from './link-scheduler.js';
import type { ProviderGuards } from './provider-guards.js';
import { createLinkChecker } from './providers/provider-link-checker.js';

export interface LinkServices {
  queue: LinkQueueStore;
  /** The health store, guards and recorder every verdict of this process goes through (link-check-chain.ts). */
  chain: LinkCheckChain;
  health: LinkHealthStore;
  /** Each provider's pause, rate, breaker, canary and hides, shared through the store. */
  guards: ProviderGuards;
  /** Each provider's pace of checks (LINK_CHECK_RATE), shared by the scheduler and the console's checks. */
  pacer: CheckPacer;
  /** Undefined unless LINK_CHECK=on. */
  scheduler: LinkScheduler | undefined;
  /** A person reported the link broken: true when the catalogue holds it; the check comes ahead of the schedule. */
  report(link: string): Promise<boolean>;
  /** The `/api/status` counts, read at most every COUNTS_TTL_MS (a grouped count over every link). */
  counts(): Promise<LinkCounts>;
  /** The `/api/status` guards: providers whose breaker is open, and those paused now (read at most every COUNTS_TTL_MS). */
  guardSummary(): Promise<{ breakers_open: string[]; paused: string[] }>;
  start(): void;
  close(): Promise<void>;
}

export interface LinkServiceParts {
  config: Config;
  database: Database;
  log: Logger;
  metrics?: Metrics | undefined;
  redis?: RedisLink | undefined;
  /** The checker to use instead of the providers' (tests). */
  checker?: LinkChecker;
}

/** How long `/api/status` reuses its link counts: a status probe every second costs one count every few. */
export const COUNTS_TTL_MS = 5000;

export function createLinkServices(parts: LinkServiceParts): LinkServices {
  const { config, database, log, metrics, redis } = parts;
  const queue = new LinkQueueStore(database);
  const pacer = new CheckPacer(config.limits.redisKeyPrefix, redis);
  // Read even with checks off, so a wrong LINK_CHECK_ORIGINS fails the start rather than a later switch-on.
  const origins = parseCheckOrigins(config.links.origins);
  const recorder = metrics?.linkCheckRecorder();
  const observer: LinkCheckObserver | undefined = recorder && {
    checked: (provider, outcome, seconds) =>
      recorder.checked(provider, outcome.verdict, seconds, outcome.evidence.row === 'unknown-code' ? outcome.evidence.code : undefined),
    paused: (provider, paused) => recorder.paused(provider, paused),
    breaker: (provider, open) => recorder.breaker(provider, open),
    hideWaited: (provider) => recorder.hideWaited(provider),
    rate: (provider, perSecond) => recorder.rate(provider, perSecond),
  };
  // One chain for the process: the scheduler's and the console's checks count a provider's failures together.
  // It follows the console's audited transaction, so a console check's verdict commits with its audit row.
  const chain = createLinkCheckChain({
    database: followingTransaction(database),
    settings: config.links,
    log: log.child({ component: 'link-checks' }),
    observer,
  });
  const { health, guards } = chain;
  const summary = reusedFor(COUNTS_TTL_MS, async () => {
    const now = Date.now();
    const states = await guards.states(now);
    return {
      breakers_open: states.filter((state) => state.breakerOpen).map((state) => state.provider),
      paused: states.filter((state) => state.pausedUntil > now).map((state) => state.provider),
    };
  });
  const scheduler = config.links.enabled
    ? new LinkScheduler({
        queue,
        health,
        checker: parts.checker ?? createLinkChecker({ origins }),
        guards,
        concurrency: config.links.concurrency,
        log: log.child({ component: 'link-checks' }),
        pacer,
        observer,
        recorder: chain.recorder,
      })
    : undefined;
  return {
    queue,
    chain,
    health,
    guards,
    pacer,
    scheduler,
    async report(link) {
      const held = await queue.report(link, Date.now());
      if (held) scheduler?.poke();
      return held;
    },
    counts: reusedFor(COUNTS_TTL_MS, () => health.counts()),
    guardSummary: summary,
    start: () => scheduler?.start(),
    close: async () => scheduler?.stop(),
  };
}

/** `read`, its answer reused for `ttlMs` (a failed read is not kept). */
function reusedFor<T>(ttlMs: number, read: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!kept || now - kept.at >= ttlMs) {
      const value = read();
      kept = { at: now, value };
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}
