/**
 * Every Prometheus metric the service exposes, in one registry per process (per Services in tests, so
 * parallel test contexts never share counts). Components record through pre-bound children
 * (instruments.ts, bound-metrics.ts): the labels of an event metric are resolved once, at start-up or
 * when a route is added, never per request. Values that already live somewhere (entries per type, the
 * catalogue revision, the blacklist, the Redis link) are read when Prometheus scrapes, through the
 * `Readings` the composition root hands over. What each metric means: docs/operations.md.
 */
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { BoundCounter, BoundHistogram } from './bound-metrics.js';
import type { Tally, Timing } from './instruments.js';
import { LinkCheckMetrics, type LinkCheckRecorder } from './link-check-metrics.js';

/** Values read at scrape time; each may be absent (no limits, no Redis). */
export interface Readings {
  entriesByType?: () => Record<string, number>;
  catalogueRevision?: () => number;
  /** Milliseconds since the epoch of the last successful look at the store's revision. */
  lastRefreshAt?: () => number;
  blacklistSize?: () => Promise<number>;
  /** True while the users of the Redis link decide on this instance's memory because Redis is unreachable. */
  redisFallback?: () => boolean;
  /** Catalogue links by state (a verdict, `unchecked`, `hidden`), as `/api/status` counts them. */
  linksByState?: () => Promise<Record<string, number>>;
}

/** Latency buckets in seconds: requests served from memory take tens of microseconds, full dumps seconds. */
const REQUEST_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration = new BoundHistogram(
    {
      name: 'dramadex_http_request_duration_seconds',
      help: 'Time to answer a request, by listener, route pattern, method and status',
      labelNames: ['listener', 'route', 'method', 'status_code'],
    },
    REQUEST_BUCKETS,
  );
  private readonly limitDecisions = new BoundCounter({
    name: 'dramadex_limit_decisions_total',
    help: 'Catalogue limit decisions: allowed, refused (429), blacklisted (429 while blacklisted), exempt, keyed (allowed on an API key), unknown_key (401)',
    labelNames: ['decision'],
  });
  private readonly searchDuration = new BoundHistogram(
    {
      name: 'dramadex_search_duration_seconds',
      help: 'Time to find the matches of a search keyword (response-cache misses only), by keyword class',
      labelNames: ['keyword_class'],
    },
    [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  );
  private readonly searchWorker = new BoundCounter({
    name: 'dramadex_search_worker_events_total',
    help: 'Search worker events: error (it failed), restart (a new one was started after the backoff), gave_up (restarts used up; searches fail)',
    labelNames: ['event'],
  });
  private readonly fullDumps = new BoundCounter({
    name: 'dramadex_full_dump_requests_total',
    help: 'Full-dump (/all) answers: hit (ready bytes served) or build (the dump was built)',
    labelNames: ['result'],
  });
  private readonly rankingAuth = new BoundCounter({
    name: 'dramadex_ranking_authentications_total',
    help: 'Bearer checks on the ranking routes, by outcome',
    labelNames: ['outcome'],
  });
  private readonly wechatCallbacks = new BoundCounter({
    name: 'dramadex_wechat_callbacks_total',
    help: 'WeChat callbacks: verified (URL check), answered (message), refused (bad signature, stale, malformed)',
    labelNames: ['outcome'],
  });
  private readonly backgroundFailures = new BoundCounter({
    name: 'dramadex_background_failures_total',
    help: 'Failed runs of work done on a timer, by task (catalogue_refresh, limits_sync, source_polling); alert on any increase',
    labelNames: ['task'],
  });
  private readonly fetcherRuns = new BoundCounter({
    name: 'dramadex_ranking_fetches_total',
    help: 'Upstream hot-list fetches, by board and outcome (ok or failed)',
    labelNames: ['board', 'outcome'],
  });

  private readonly sourcePolls = new Counter({
    name: 'dramadex_source_polls_total',
    help: 'Polls of each registered source (docs/sources.md), by outcome: ok, no_preview, rate_limited, unknown_page, unreachable, upstream_error, invalid, failed',
    labelNames: ['source', 'outcome'],
    registers: [this.registry],
  });
  private readonly sourceEntriesAdded = new Counter({
    name: 'dramadex_source_entries_added_total',
    help: 'Catalogue entries added by polls of each source',
    labelNames: ['source'],
    registers: [this.registry],
  });
  private readonly sourceLastSuccess = new Gauge({
    name: 'dramadex_source_last_success_seconds',
    help: 'Unix time of the last successful poll of each source by this instance',
    labelNames: ['source'],
    registers: [this.registry],
  });

  /** The link checker's metrics (link-check-metrics.ts). */
  private readonly linkCheckMetrics = new LinkCheckMetrics(this.registry);

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    for (const metric of [
      this.requestDuration,
      this.limitDecisions,
      this.searchDuration,
      this.searchWorker,
      this.fullDumps,
      this.rankingAuth,
      this.wechatCallbacks,
      this.fetcherRuns,
      this.backgroundFailures,
    ]) {
      metric.registerIn(this.registry);
    }
  }

  /** One tally per limits decision; the names are the limits' own (limits/limit-decisions.ts). */
  limitTallies<Decision extends string>(decisions: readonly Decision[]): Record<Decision, Tally> {
    return bound(decisions, (decision) => this.limitDecisions.child(decision));
  }

  /** One timing per keyword class; the classes are search's own (search/keyword-class.ts). */
  searchTimings<Class extends string>(classes: readonly Class[]): Record<Class, Timing> {
    return bound(classes, (keywordClass) => this.searchDuration.child(keywordClass));
  }

  /** One tally per search worker event; the events are the worker's own (search/worker/worker-events.ts). */
  searchWorkerTallies<Event extends string>(events: readonly Event[]): Record<Event, Tally> {
    return bound(events, (event) => this.searchWorker.child(event));
  }

  fullDumpTallies(): Record<'hit' | 'build', Tally> {
    return bound(['hit', 'build'] as const, (result) => this.fullDumps.child(result));
  }

  /** One tally per bearer-check outcome; the outcomes are the ranking component's (boards/outcomes.ts). */
  rankingAuthTallies<Outcome extends string>(outcomes: readonly Outcome[]): Record<Outcome, Tally> {
    return bound(outcomes, (outcome) => this.rankingAuth.child(outcome));
  }

  /** One tally per WeChat callback outcome (boards/outcomes.ts). */
  wechatTallies<Outcome extends string>(outcomes: readonly Outcome[]): Record<Outcome, Tally> {
    return bound(outcomes, (outcome) => this.wechatCallbacks.child(outcome));
  }

  fetchTally(board: string, ok: boolean): Tally {
    return this.fetcherRuns.child(board, ok ? 'ok' : 'failed');
  }

  /** Failed runs of one task done on a timer (observability/recurring-failure.ts). */
  backgroundFailureTally(task: string): Tally {
    return this.backgroundFailures.child(task);
  }

  /**
   * What polling sources records. Labelled by source name at each poll rather than pre-bound: sources are
   * registered while the process runs, and polls come minutes apart.
   */
  sourceRecorder(): { polled(name: string, outcome: string, added: number, at: Date): void } {
    return {
      polled: (name, outcome, added, at) => {
        this.sourcePolls.labels(name, outcome).inc();
        if (added > 0) this.sourceEntriesAdded.labels(name).inc(added);
        if (outcome === 'ok') this.sourceLastSuccess.labels(name).set(at.getTime() / 1000);
      },
    };
  }

  /** What the link checker records: labelled per call, checks being seconds apart per provider. */
  linkCheckRecorder(): LinkCheckRecorder {
    return this.linkCheckMetrics.recorder();
  }

  /** The Prometheus text exposition of every metric. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  /** Adds the gauges read at scrape time; call once, when the services they read exist. */
  addReadings(readings: Readings): void {
    const registers = [this.registry];
    const { entriesByType, catalogueRevision, lastRefreshAt, blacklistSize, redisFallback, linksByState } = readings;
    new Gauge({
      name: 'dramadex_links',
      help: 'Catalogue links by state: a verdict (alive, locked, dead, unknown, unsupported), unchecked, or hidden',
      labelNames: ['state'],
      registers,
      async collect() {
        if (!linksByState) return;
        for (const [state, count] of Object.entries(await linksByState())) this.labels(state).set(count);
      },
    });
    new Gauge({
      name: 'dramadex_catalogue_entries',
      help: 'Catalogue entries this instance serves, by type',
      labelNames: ['type'],
      registers,
      collect() {
        if (!entriesByType) return;
        for (const [type, count] of Object.entries(entriesByType())) this.labels(type).set(count);
      },
    });
    new Gauge({
      name: 'dramadex_catalogue_revision',
      help: 'The store revision this instance has loaded',
      registers,
      collect() {
        if (catalogueRevision) this.set(catalogueRevision());
      },
    });
    new Gauge({
      name: 'dramadex_catalogue_refresh_age_seconds',
      help: 'Seconds since this instance last checked the store for imports (alert when it grows: the instance is not refreshing)',
      registers,
      collect() {
        if (lastRefreshAt) this.set((Date.now() - lastRefreshAt()) / 1000);
      },
    });
    new Gauge({
      name: 'dramadex_blacklisted_addresses',
      help: 'Addresses blacklisted right now (as recorded in the database)',
      registers,
      async collect() {
        if (blacklistSize) this.set(await blacklistSize());
      },
    });
    new Gauge({
      name: 'dramadex_redis_fallback',
      help: '1 while the limits decide on this instance’s memory because Redis is unreachable, else 0',
      registers,
      collect() {
        this.set(redisFallback?.() ? 1 : 0);
      },
    });
  }
}

function bound<Name extends string, Child>(names: readonly Name[], child: (name: Name) => Child): Record<Name, Child> {
  return Object.fromEntries(names.map((name) => [name, child(name)])) as Record<Name, Child>;
}
