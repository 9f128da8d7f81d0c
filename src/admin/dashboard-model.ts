/**
 * What the console's overview shows (docs/console.md, "The overview"): entries per type and today's
 * additions (from the catalogue's in-memory view, no store read), link verdicts per provider with the
 * hidden ones (the link health store's grouped count) and each provider's guards (paused, breaker, canary,
 * rate: links/provider-guards.ts), every source with its last poll and outcome, how
 * many reported links wait for their re-check, and this instance's background failures by task (the
 * `dramadex_background_failures_total` metric; not counted with METRICS_PORT=off). The store reads run
 * together and the route bounds them with the console's store deadline.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import { dayShareSpent } from '../links/guards/daily-hide-share.js';
import type { LinkServices } from '../links/link-services.js';
import type { GuardState } from '../links/provider-guards.js';
import type { Metrics } from '../observability/metrics.js';
import { CONTENT_TYPES } from '../shared/content-types.js';
import { type SourceRecord, SourceStore } from '../sources/source-store.js';
import type { Database } from '../store/database.js';

export interface ProviderHealth {
  provider: string;
  /** Links per verdict (`unchecked` for never checked). */
  verdicts: Array<{ verdict: string; count: number }>;
  hidden: number;
  /** The provider's guards (links/provider-guards.ts); undefined for a row no checker reads (`none`). */
  guard?: {
    pausedUntil: string | undefined;
    pauseReason: string | null;
    breakerOpen: boolean;
    canary: string | null;
    rate: number;
    /** Dead among the last decisive verdicts, next to the dead-rate ceiling; `held` while it holds the deads back. */
    ceiling: { dead: number; decisive: number; limit: number; held: boolean };
    /** Hides this UTC day against the day's budget (the daily hide share); `spent` while the rest wait for the next day. */
    dayShare: { hidden: number; budget: number; spent: boolean };
  };
}

export interface Overview {
  types: Array<{ type: string; entries: number; today: number }>;
  total: { entries: number; today: number };
  providers: ProviderHealth[];
  sources: SourceRecord[];
  openReports: number;
  /** Failed background runs by task since this instance started; undefined when metrics are off. */
  backgroundFailures: Array<{ task: string; failures: number }> | undefined;
}

export interface OverviewParts {
  catalogue: Catalogue;
  links: LinkServices;
  database: Database;
  metrics: Metrics | undefined;
}

export async function readOverview({ catalogue, links, database, metrics }: OverviewParts): Promise<Overview> {
  const day = catalogue.clock.today();
  const types = CONTENT_TYPES.map((type) => ({
    type,
    entries: catalogue.list({ type }, 0, 0).total,
    today: catalogue.list({ type, day }, 0, 0).total,
  }));
  const now = Date.now();
  const [byProvider, guards, sources, openReports, backgroundFailures] = await Promise.all([
    links.health.countsByProvider(),
    links.guards.states(now),
    new SourceStore(database).list(),
    countOpenReports(database),
    failuresByTask(metrics),
  ]);
  return {
    types,
    total: { entries: types.reduce((sum, row) => sum + row.entries, 0), today: types.reduce((sum, row) => sum + row.today, 0) },
    providers: withGuards(groupByProvider(byProvider), guards, now),
    sources,
    openReports,
    backgroundFailures,
  };
}

function groupByProvider(rows: Awaited<ReturnType<LinkServices['health']['countsByProvider']>>): ProviderHealth[] {
  const providers = new Map<string, ProviderHealth>();
  for (const row of rows) {
    const health = providers.get(row.provider) ?? { provider: row.provider, verdicts: [], hidden: 0 };
    providers.set(row.provider, health);
    const same = health.verdicts.find((item) => item.verdict === row.verdict);
    if (same) same.count += row.count;
    else health.verdicts.push({ verdict: row.verdict, count: row.count });
    if (row.hidden) health.hidden += row.count;
  }
  return [...providers.values()].sort((a, b) => a.provider.localeCompare(b.provider));
}

/** Every provider with a guard gets a row (even before its first check), with its pause, breaker and canary. */
function withGuards(providers: ProviderHealth[], guards: GuardState[], now: number): ProviderHealth[] {
  const rows = new Map(providers.map((row) => [row.provider, row]));
  for (const state of guards) {
    const row = rows.get(state.provider) ?? { provider: state.provider, verdicts: [], hidden: 0 };
    row.guard = {
      pausedUntil: state.pausedUntil > now ? new Date(state.pausedUntil).toISOString() : undefined,
      pauseReason: state.pauseReason,
      breakerOpen: state.breakerOpen,
      canary: state.canary === undefined ? null : (state.canaryVerdict ?? 'unchecked'),
      rate: state.rate,
      ceiling: {
        dead: state.ceilingDead,
        decisive: state.ceilingDecisive,
        limit: state.deadCeiling,
        held: state.ceilingOpen && state.ceilingAllowedUntil <= now,
      },
      dayShare: { hidden: state.hidesToday, budget: state.dayHideBudget, spent: dayShareSpent(state) },
    };
    rows.set(state.provider, row);
  }
  return [...rows.values()].sort((a, b) => a.provider.localeCompare(b.provider));
}

/** Open reports: links a person reported that no operator has handled yet (a check keeps them open). */
async function countOpenReports(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('link_states')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('reported_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function failuresByTask(metrics: Metrics | undefined): Promise<Overview['backgroundFailures']> {
  const metric = metrics?.registry.getSingleMetric('dramadex_background_failures_total');
  if (!metric) return undefined;
  const { values } = await metric.get();
  return values.filter((value) => value.value > 0).map((value) => ({ task: String(value.labels.task), failures: value.value }));
}
