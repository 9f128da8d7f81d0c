/**
 * The composition root: opens the store named by the configuration and builds the long-lived services
 * both listeners share. Tests build it with their own configuration (a temporary SQLite file, a
 * PostgreSQL test database) and pass it to the app builders.
 */
import { Catalogue } from './catalogue/catalogue.js';
import { CatalogueStore } from './catalogue/catalogue-store.js';
import { CatalogueView } from './catalogue/catalogue-view.js';
import { FullDumpCache } from './catalogue/full-dump-cache.js';
import { LocalClock } from './catalogue/local-time.js';
import type { Config } from './config.js';
import { LimitsService } from './limits/limits-service.js';
import { createRankingServices, type RankingServices } from './ranking/ranking-services.js';
import { WorkerSearch } from './search/worker/worker-search.js';
import { type Database, openDatabase } from './store/database.js';
import type { HealthProbe } from './system/routes.js';

export interface Services {
  config: Config;
  database: Database;
  catalogue: Catalogue;
  fullDumps: FullDumpCache;
  rankings: RankingServices;
  /** The catalogue's limits; undefined when RATE_LIMITS=off. */
  limits: LimitsService | undefined;
  probes: HealthProbe[];
  features: string[];
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** How often to look for imports made elsewhere; 0 turns polling off (tests refresh explicitly). */
  pollMs?: number;
  /** Follow PostgreSQL change notifications from other instances and the CLI (default true). */
  listen?: boolean;
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const database = await openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    onConnectionError: storeWarning(config),
  });
  const store = new CatalogueStore(database);
  const catalogue = new Catalogue(store, new CatalogueView(), new WorkerSearch(), new LocalClock(config.catalogueTimeZone));
  await catalogue.start(options.pollMs ?? 1000, { listen: options.listen ?? true });
  const probes: HealthProbe[] = [{ name: 'database', check: () => store.ping() }];
  const features = ['catalogue', 'search', 'today-filter', 'full-dump-cache', `store:${database.dialect}`];
  const rankings = await createRankingServices(config, database);
  features.push('ranking', ...(rankings.channel ? ['wechat-token-channel'] : []));
  if (config.web.enabled) features.push('web-page', ...(config.web.rankings ? ['web-rankings'] : []));
  if (options.pollMs !== 0) rankings.start();
  const limits = config.limits.enabled ? await LimitsService.start(config, database, options.pollMs ?? 1000) : undefined;
  if (limits) {
    probes.push(...limits.probes);
    features.push(...limits.features);
  }
  return {
    config,
    database,
    catalogue,
    fullDumps: new FullDumpCache(catalogue),
    rankings,
    limits,
    probes,
    features,
    async close() {
      await catalogue.stop();
      await rankings.close();
      await limits?.close();
      await database.close();
    },
  };
}

/** Store connection trouble (replaced automatically) as a pino-style line on stderr; the loggers belong to the apps. */
function storeWarning(config: Config): (error: Error) => void {
  const quiet = ['error', 'fatal', 'silent'].includes(config.logLevel);
  return (error) => {
    if (quiet) return;
    const line = { level: 40, time: Date.now(), msg: 'a PostgreSQL connection failed; it is replaced or retried', err: error.message };
    process.stderr.write(`${JSON.stringify(line)}\n`);
  };
}
