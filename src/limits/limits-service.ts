/**
 * Builds the limits from the configuration and keeps them in step with the database: the active API
 * keys and the operators' blacklist clears are re-read every poll (the catalogue's poll interval), so
 * `dramadex key create|revoke` and `dramadex blacklist clear` reach running instances within it. With
 * REDIS_URL the counters are shared through the process's Redis link (see redis/counter.ts and
 * redis/redis-link.ts for what happens when it is unreachable).
 */
import type { Config } from '../config/config.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import { RecurringFailure } from '../observability/recurring-failure.js';
import { Counter } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import type { Database } from '../store/database.js';
import { AddressSet } from './address-set.js';
import { ApiKeyRegistry, ApiKeyStore } from './api-keys.js';
import { BlacklistRecord } from './blacklist-record.js';
import { LIMIT_DECISIONS } from './limit-decisions.js';
import { Limits } from './limits.js';
import { FEED_RATE_PER_MINUTE, PAGE_WINDOW_SECONDS, PageBudget } from './page-budget.js';
import { FEED_COUNTER, PAGE_COUNTER } from './stored-keys.js';
import { WebBudget } from './web-budget.js';

export class LimitsService {
  private timer: NodeJS.Timeout | undefined;
  private followedId = 0;
  private syncing: Promise<void> | undefined;

  private constructor(
    readonly limits: Limits,
    readonly apiKeys: ApiKeyRegistry,
    readonly blacklist: BlacklistRecord,
    private readonly link: RedisLink | undefined,
    /** The API reference's own budget: on the ranking listener, and on the catalogue's with WEB=off (http/api-docs.ts). */
    readonly webBudget: WebBudget,
    /** The web page's budget; undefined when the page is off (WEB=off). */
    readonly pageBudget: PageBudget | undefined,
    /** The feeds' own budget, beside the page's; undefined when the page is off. */
    readonly feedBudget: PageBudget | undefined,
    private readonly keyStore: ApiKeyStore,
  ) {}

  /** `link` is the process's one Redis link (services.ts), undefined without REDIS_URL. */
  static async start(
    config: Config,
    database: Database,
    pollMs: number,
    log: Logger,
    metrics: Metrics | undefined,
    link: RedisLink | undefined,
  ): Promise<LimitsService> {
    const keyStore = new ApiKeyStore(database);
    const apiKeys = new ApiKeyRegistry(keyStore);
    const exempt = new AddressSet(config.exemptAddresses);
    const blacklist = new BlacklistRecord(database);
    const keyPrefix = config.limits.redisKeyPrefix;
    const limits = new Limits({
      keyPrefix,
      link,
      apiKeys,
      exempt,
      blacklist,
      ...(metrics ? { decisions: metrics.limitTallies(LIMIT_DECISIONS) } : {}),
    });
    limits.attachLog(log.child({ component: 'limits' }));
    const webBudget = new WebBudget(config.web.ratePerMinute, keyPrefix, link, exempt);
    const { web } = config;
    const pageCounter = { name: PAGE_COUNTER, points: web.ratePerMinute, durationSeconds: PAGE_WINDOW_SECONDS };
    const pageBudget = web.enabled ? new PageBudget(new Counter(pageCounter, keyPrefix, link), exempt, web.ratePerMinute) : undefined;
    const feedCounter = { name: FEED_COUNTER, points: FEED_RATE_PER_MINUTE, durationSeconds: PAGE_WINDOW_SECONDS };
    const feedBudget = web.enabled
      ? new PageBudget(new Counter(feedCounter, keyPrefix, link), exempt, FEED_RATE_PER_MINUTE, 'feeds')
      : undefined;
    const service = new LimitsService(limits, apiKeys, blacklist, link, webBudget, pageBudget, feedBudget, keyStore);
    await apiKeys.reload();
    service.followedId = await blacklist.latestId();
    if (pollMs > 0) {
      const failures = new RecurringFailure(
        'limits sync',
        log.child({ component: 'limits' }),
        metrics?.backgroundFailureTally('limits_sync'),
      );
      service.timer = setInterval(() => void failures.run(() => service.sync()), pollMs);
      service.timer.unref();
    }
    return service;
  }

  /** What `/api/status` lists for the limits. */
  get features(): string[] {
    return ['rate-limit', 'api-keys', ...(this.link ? ['redis-shared-limits'] : [])];
  }

  /**
   * Re-reads the active keys, records which keys were used since the last look (the console shows it) and
   * applies blacklist clears made since then; callers share one run.
   */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      await this.keyStore.markUsed(this.apiKeys.takeUsed());
      await this.apiKeys.reload();
      for (const cleared of await this.blacklist.clearedAfter(this.followedId)) {
        this.limits.liftLocally(cleared.address);
        this.followedId = cleared.id;
      }
    })().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.syncing?.catch(() => undefined); // swallow-ok: a failed sync was reported by the timer that ran it
    await this.blacklist.settle();
  }
}
