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
import { parseCheckOrigins } from './check-origins.js';
import type { LinkChecker } from './link-checker.js';
import { type LinkCounts, LinkHealthStore } from './link-health-store.js';
import { LinkQueueStore } from './link-queue-store.js';
import { LinkScheduler } from './link-scheduler.js';
import { createLinkChecker } from './providers/index.js';

export interface LinkServices {
  queue: LinkQueueStore;
  health: LinkHealthStore;
  /** Undefined unless LINK_CHECK=on. */
  scheduler: LinkScheduler | undefined;
  /** A person reported the link broken: true when the catalogue holds it; the check comes ahead of the schedule. */
  report(link: string): Promise<boolean>;
  /** The `/api/status` counts, read at most every COUNTS_TTL_MS (a grouped count over every link). */
  counts(): Promise<LinkCounts>;
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
  const health = new LinkHealthStore(database, config.links.confirmMinutes * 60_000);
  // Read even with checks off, so a wrong LINK_CHECK_ORIGINS fails the start rather than a later switch-on.
  const origins = parseCheckOrigins(config.links.origins);
  const recorder = metrics?.linkCheckRecorder();
  let counted: { at: number; counts: Promise<LinkCounts> } | undefined;
  const scheduler = config.links.enabled
    ? new LinkScheduler({
        queue,
        health,
        checker: parts.checker ?? createLinkChecker({ origins }),
        ratePerSecond: config.links.ratePerSecond,
        concurrency: config.links.concurrency,
        log: log.child({ component: 'link-checks' }),
        redis,
        redisKeyPrefix: config.limits.redisKeyPrefix,
        observer: recorder && {
          checked: (provider, outcome, seconds) =>
            recorder.checked(
              provider,
              outcome.verdict,
              seconds,
              outcome.evidence.row === 'unknown-code' ? outcome.evidence.code : undefined,
            ),
          paused: (provider, paused) => recorder.paused(provider, paused),
        },
      })
    : undefined;
  return {
    queue,
    health,
    scheduler,
    async report(link) {
      const held = await queue.report(link, Date.now());
      if (held) scheduler?.poke();
      return held;
    },
    counts() {
      const now = Date.now();
      if (!counted || now - counted.at >= COUNTS_TTL_MS) {
        const counts = health.counts();
        counted = { at: now, counts };
        counts.catch(() => {
          if (counted?.counts === counts) counted = undefined;
        });
      }
      return counted.counts;
    },
    start: () => scheduler?.start(),
    close: async () => scheduler?.stop(),
  };
}
