/**
 * The composition root: opens the store named by the configuration and builds the long-lived services
 * both listeners share, with the process's one logger and, unless METRICS_PORT=off, its metrics. Tests
 * build it with their own configuration (a temporary SQLite file, a PostgreSQL test database) and pass
 * it to the app builders.
 */

import { createRankingServices, type RankingServices } from './boards/ranking-services.js';
import { Catalogue } from './catalogue/catalogue.js';
import { CatalogueStore } from './catalogue/catalogue-store.js';
import { CatalogueView } from './catalogue/catalogue-view.js';
import { FullDumpCache } from './catalogue/full-dump-cache.js';
import type { Config } from './config/config.js';
import { LimitsService } from './limits/limits-service.js';
import { createLinkServices, type LinkServices } from './links/link-services.js';
import { createLogger, type Logger } from './observability/logger.js';
import { Metrics } from './observability/metrics.js';
import { RecurringFailure } from './observability/recurring-failure.js';
import { RedisLink } from './redis/redis-link.js';
import { KEYWORD_CLASSES } from './search/keyword-class.js';
import { SEARCH_WORKER_EVENTS } from './search/worker/worker-events.js';
import { WorkerSearch } from './search/worker/worker-search.js';
import type { HealthProbe } from './shared/health-probe.js';
import { LocalClock } from './shared/local-time.js';
import { startSourcePolling } from './sources/source-polling.js';
import { type Database, openDatabase } from './store/database.js';

export interface Services {
  config: Config;
  /** The process's one logger (both listeners, the services, the command line). */
  log: Logger;
  /** Undefined when METRICS_PORT=off. */
  metrics: Metrics | undefined;
  database: Database;
  /** The process's one Redis link, shared by every user of Redis; undefined without REDIS_URL. */
  redis: RedisLink | undefined;
  catalogue: Catalogue;
  /** The search worker pool the catalogue asks (docs/search.md, "Every core"). */
  search: WorkerSearch;
  fullDumps: FullDumpCache;
  rankings: RankingServices;
  /** The catalogue's limits; undefined when RATE_LIMITS=off. */
  limits: LimitsService | undefined;
  /** Link health: status, reports, counts, and the background checks when LINK_CHECK=on (started by `serve`). */
  links: LinkServices;
  probes: HealthProbe[];
  features: string[];
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** How often to look for imports made elsewhere; 0 turns polling off (tests refresh explicitly). */
  pollMs?: number;
  /** Follow PostgreSQL change notifications from other instances and the CLI (default true). */
  listen?: boolean;
  /**
   * Return once the catalogue's view is loaded, before the search worker has built its index
   * (`catalogue.ready()` then resolves when it has); by default createServices waits for both.
   */
  untilSearchReady?: boolean;
  /** The logger to use (the command line's); by default one is made from LOG_LEVEL, writing to stdout. */
  log?: Logger;
  /** The search workers' script (tests start one that crashes on a keyword); search-worker.js by default. */
  searchWorkerUrl?: URL;
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = options.log ?? createLogger(config.logLevel, 'stdout', config.logFormat);
  const metrics = config.metrics ? new Metrics() : undefined;
  const database = await openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    onConnectionError: (error) => log.warn({ err: error }, 'a PostgreSQL connection failed; it is replaced or retried'),
  });
  // What is open so far, closed newest first when a later step fails: a start that stops part-way must
  // not leave the search workers or the store's connections holding the process (docs/deployment.md,
  // "Start-up failures").
  const opened: Array<() => Promise<unknown>> = [() => database.close()];
  try {
    return await servicesOn(database, config, options, log, metrics, opened);
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined); // swallow-ok: the start's own error is the one reported
    throw error;
  }
}

async function servicesOn(
  database: Database,
  config: Config,
  options: ServiceOptions,
  log: Logger,
  metrics: Metrics | undefined,
  opened: Array<() => Promise<unknown>>,
): Promise<Services> {
  const store = new CatalogueStore(database);
  const clock = new LocalClock(config.catalogueTimeZone);
  const refreshFailures = new RecurringFailure(
    'catalogue refresh',
    log.child({ component: 'catalogue' }),
    metrics?.backgroundFailureTally('catalogue_refresh'),
  );
  const search = new WorkerSearch({
    workers: config.searchWorkers,
    ...(options.searchWorkerUrl ? { workerUrl: options.searchWorkerUrl } : {}),
    log: log.child({ component: 'search-worker' }),
    tallies: metrics?.searchWorkerTallies(SEARCH_WORKER_EVENTS),
  });
  const catalogue = new Catalogue(store, new CatalogueView(), search, clock, metrics?.searchTimings(KEYWORD_CLASSES), refreshFailures);
  opened.push(() => catalogue.stop());
  await catalogue.start(options.pollMs ?? 1000, { listen: options.listen ?? true, untilSearchReady: options.untilSearchReady ?? true });
  const redis = config.redisUrl
    ? await RedisLink.open(config.redisUrl, { commandTimeoutMs: config.limits.redisCommandTimeoutMs }, log.child({ component: 'redis' }))
    : undefined;
  if (redis) opened.push(() => redis.close());
  const probes: HealthProbe[] = [
    { name: 'database', check: () => store.ping() },
    search.healthProbe(),
    ...(redis ? [redis.healthProbe()] : []),
  ];
  const features = ['catalogue', 'search', 'today-filter', 'full-dump-cache', `store:${database.dialect}`];
  const rankings = createRankingServices(config, database, log, metrics, redis);
  features.push('ranking', ...(rankings.channel ? ['wechat-token-channel'] : []));
  if (config.web.enabled) features.push('web-page', ...(config.web.rankings ? ['web-rankings'] : []));
  if (config.pansou) features.push('pansou-interface');
  opened.push(() => rankings.close());
  if (options.pollMs !== 0) rankings.start();
  const limits = config.limits.enabled
    ? await LimitsService.start(config, database, options.pollMs ?? 1000, log, metrics, redis)
    : undefined;
  if (limits) opened.push(() => limits.close());
  if (limits) features.push(...limits.features);
  // Tests that refresh by hand (pollMs 0) poll sources by hand too.
  const sourcePolling = config.sources.enabled && options.pollMs !== 0 ? startSourcePolling(config, store, log, metrics) : undefined;
  if (sourcePolling) opened.push(() => sourcePolling.stop());
  if (sourcePolling) features.push('sources');
  const links = createLinkServices({ config, database, log, metrics, redis });
  metrics?.addReadings({
    linksByState: () => links.health.counts(),
    entriesByType: () => catalogue.entriesByType(),
    catalogueRevision: () => catalogue.revision,
    lastRefreshAt: () => catalogue.lastRefreshAt,
    ...(limits ? { blacklistSize: async () => (await limits.blacklist.active()).length } : {}),
    ...(redis ? { redisFallback: () => !redis.up } : {}),
  });
  return {
    config,
    log,
    metrics,
    database,
    redis,
    catalogue,
    search,
    fullDumps: new FullDumpCache(catalogue, metrics?.fullDumpTallies()),
    rankings,
    limits,
    links,
    probes,
    features,
    async close() {
      await sourcePolling?.stop();
      await links.close();
      await catalogue.stop();
      await rankings.close();
      await limits?.close();
      await redis?.close();
      await database.close();
    },
  };
}
