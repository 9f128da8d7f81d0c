/**
 * The pieces of `serve`'s background polling put together for the composition root: the store of
 * sources, a poller whose leases name this process, the metrics recorder, and the scheduler that looks
 * for due sources every minute.
 */
import type { CatalogueStore } from '../catalogue/catalogue-store.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import { RecurringFailure } from '../observability/recurring-failure.js';
import { LocalClock } from '../shared/local-time.js';
import { SourcePoller } from './source-poller.js';
import { SourceScheduler } from './source-scheduler.js';
import { SourceStore } from './source-store.js';

const CHECK_MS = 60_000;

export function startSourcePolling(config: Config, store: CatalogueStore, log: Logger, metrics: Metrics | undefined): SourceScheduler {
  const stop = new AbortController();
  const poller = new SourcePoller(store, new SourceStore(store.database), {
    telegramOrigin: config.sources.telegramOrigin,
    allowPrivate: config.sources.allowPrivate,
    clock: new LocalClock(config.catalogueTimeZone),
    recorder: metrics?.sourceRecorder(),
    signal: stop.signal,
  });
  const sourcesLog = log.child({ component: 'sources' });
  const failures = new RecurringFailure('source polling', sourcesLog, metrics?.backgroundFailureTally('source_polling'));
  const scheduler = new SourceScheduler(poller, stop, sourcesLog, failures);
  scheduler.start(CHECK_MS);
  return scheduler;
}
