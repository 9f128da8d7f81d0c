/**
 * The one typed, validated configuration object. Nothing else in the code base reads `process.env`:
 * every module receives what it needs from here, so a bad setting stops start-up with one clear line.
 * Which variables exist, their types, ranges and defaults are declared in environment.ts.
 */

import { availableParallelism } from 'node:os';
import type { ProviderId } from '../shared/share-links.js';
import { ConfigError, type Environment, isSet, readEnvironment } from './environment.js';
import { canaryLinks, hidingProviders, type ProviderRates, providerRates } from './link-check.js';
import { addressList, type ChannelKeywords, corsOrigins, type FetchSources, fetchSources, trustedProxies, wechatChannel } from './lists.js';

export type Language = Environment['LANGUAGE'];

export interface Config {
  port: number;
  rankingPort: number;
  host: string;
  /** `sqlite:<path>` or a `postgres://` URL. */
  databaseUrl: string;
  /** Most connections each process opens to PostgreSQL (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** IANA zone that `update_time` values and "today" are read in. */
  catalogueTimeZone: string;
  /** Default language of `message`/`error`/`suggestion` texts. */
  language: Language;
  /** Shown in `/api/status` `environment`. */
  environment: string;
  /** Proxy addresses/CIDRs whose `X-Forwarded-For` is believed (each at most an IPv4 /8 or IPv6 /32). */
  trustProxy: string[];
  /** Addresses/CIDRs that are never rate limited (monitoring, load balancers). */
  exemptAddresses: string[];
  /** Origins whose browser pages may call the catalogue API (CORS_ORIGINS); undefined sends no CORS headers. */
  corsOrigins: string[] | '*' | undefined;
  /** The catalogue's limits (per-address rule, blacklist, `/all` rule, API keys); see docs/limits.md. */
  limits: LimitsConfig;
  /** What slow or stuck clients may hold on either listener (docs/limits.md, "Slow or stuck clients, and requests that cannot be read"). */
  connections: ConnectionsConfig;
  logLevel: string;
  /** Seconds a SIGTERM/SIGINT waits for open requests before the process exits anyway (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /** `json` lines, `pretty` readable lines, or `auto`: pretty when the log goes to a terminal (LOG_FORMAT). */
  logFormat: LogFormat;
  /** Megabytes of ready catalogue responses kept until the next import (RESPONSE_CACHE_MB); 0 turns it off. */
  responseCacheMb: number;
  /** Search worker threads sharing one index (SEARCH_WORKERS; docs/search.md, "Every core"). */
  searchWorkers: number;
  wechat: WechatConfig | undefined;
  ranking: RankingConfig;
  /** Where `/metrics` listens (METRICS_HOST, METRICS_PORT); undefined when METRICS_PORT=off. */
  metrics: { host: string; port: number } | undefined;
  web: WebConfig;
  /** `ADMIN=off` removes every `/admin` route (the operator console, docs/console.md). */
  admin: { enabled: boolean };
  links: LinkCheckConfig;
  /** Channels and upstream catalogues polled on a schedule (docs/sources.md). */
  sources: SourcesConfig;
  /** The PanSou-compatible interface (docs/pansou.md); undefined when PANSOU_PATH=off. */
  pansou: PansouConfig | undefined;
}

export interface PansouConfig {
  /** Base path on the catalogue listener (PANSOU_PATH), without a trailing slash. */
  path: string;
  /** Links in a search answer when the client sends no `limit` (PANSOU_MAX_RESULTS). */
  maxResults: number;
  /** PANSOU_REQUIRE_KEY=on: requests without an API key are refused (401). */
  requireKey: boolean;
}

/** Background link checks (docs/link-health.md); off unless `LINK_CHECK=on`. */
export interface LinkCheckConfig {
  /** `LINK_CHECK=on`: `serve` checks links and hides confirmed dead entries. */
  enabled: boolean;
  /** Checks a second per provider for the whole deployment (`LINK_CHECK_RATE`), as written. */
  rates: ProviderRates;
  /** Checks in flight per provider in each instance (`LINK_CHECK_CONCURRENCY`). */
  concurrency: number;
  /** Least minutes between the two `dead` verdicts that hide an entry (`LINK_CHECK_CONFIRM_MINUTES`). */
  confirmMinutes: number;
  /** The providers whose confirmed deads hide entries (`LINK_CHECK_HIDE`); undefined: the default. */
  hide: ProviderId[] | undefined;
  /** Known-alive links checked first in every cycle (`LINK_CHECK_CANARIES`). */
  canaries: Partial<Record<ProviderId, string>>;
  /** Entries hidden per provider in a clock hour, at most (`LINK_CHECK_MAX_HIDES_PER_HOUR`). */
  maxHidesPerHour: number;
  /** A provider's hides in a UTC day, at most this share of its links (`LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY`). */
  maxHiddenSharePerDay: number;
  /** The dead-rate ceiling: the share of `dead` among the last `ceilingSamples` decisive verdicts above which hiding stops. */
  deadCeiling: number;
  ceilingSamples: number;
  /** `LINK_CHECK_ORIGINS` as written (`<provider id>=<origin>` pairs); read by the checkers' factory. */
  origins: string | undefined;
}

export interface SourcesConfig {
  /** `SOURCES=off`: `serve` polls no source (`sources poll` still does). */
  enabled: boolean;
  /** Where public channel pages are read (TELEGRAM_ORIGIN), without a trailing slash. */
  telegramOrigin: string;
  /** Private addresses upstream sources and `mirror` may reach after all (SOURCES_ALLOW_PRIVATE, CIDRs). */
  allowPrivate: string[];
}

export type LogFormat = 'auto' | 'json' | 'pretty';

/** The web page on the catalogue address (docs/web.md). */
export interface WebConfig {
  /** `WEB=off` serves no page: every path is the JSON API's, as before. */
  enabled: boolean;
  /** Page requests a minute per address (`WEB_RATE_LIMIT`); static assets are not counted. */
  ratePerMinute: number;
  /** `WEB_RANKINGS=off` leaves the ranking boards out of the page. */
  rankings: boolean;
}

export interface ConnectionsConfig {
  /** Seconds a request may take to arrive whole, headers and body (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutSeconds: number;
  /** Seconds an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_SECONDS), shorter than the above. */
  keepAliveTimeoutSeconds: number;
  /** Open connections one address (IPv4, or IPv6 /64) may hold (MAX_CONNECTIONS_PER_ADDRESS). */
  maxPerAddress: number;
}

export interface WechatConfig {
  token: string;
  aesKey: string | undefined;
  appId: string | undefined;
  /** Message keywords, compared case-insensitively after NFKC normalisation. */
  keywords: ChannelKeywords;
  /** How far a callback's `timestamp` may be from now before it is refused as stale. */
  timestampToleranceSeconds: number;
}

export interface RankingConfig {
  /** Requests per minute each ranking token may make. */
  ratePerMinute: number;
  /** Failed bearer attempts (unknown, revoked or malformed tokens) a minute per address before 429. */
  failedAuthPerMinute: number;
  /** The largest `hit` family B accepts. */
  hitMax: number;
  /** Snapshots older than this are deleted on import, except each board's two latest. */
  retentionDays: number;
  /** Key the message channel derives each user's token from (so it can be re-sent while only a hash is stored). */
  tokenSecret: string | undefined;
  /** Upstream hot lists pulled on a schedule; undefined when no source is configured. */
  fetch: FetchSources | undefined;
}

export { ConfigError };

type Env = Record<string, string | undefined>;

/**
 * The configuration from the environment: each variable checked against its declared schema
 * (environment.ts), then the rules that span variables and the lists whose items need parsing.
 */
export function loadConfig(env: Env = process.env): Config {
  const vars = readEnvironment(env);
  if ((vars.WECHAT_AES_KEY === undefined) !== (vars.WECHAT_APP_ID === undefined)) {
    throw new ConfigError('WECHAT_AES_KEY and WECHAT_APP_ID must be set together');
  }
  const config: Config = {
    port: vars.PORT,
    rankingPort: vars.RANKING_PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    redisUrl: vars.REDIS_URL,
    catalogueTimeZone: vars.CATALOGUE_TZ,
    language: vars.LANGUAGE,
    environment: vars.APP_ENV,
    trustProxy: trustedProxies(vars.TRUST_PROXY),
    exemptAddresses: addressList('EXEMPT_ADDRESSES', vars.EXEMPT_ADDRESSES),
    corsOrigins: corsOrigins(vars.CORS_ORIGINS),
    limits: {
      enabled: vars.RATE_LIMITS === 'on',
      redisKeyPrefix: vars.REDIS_KEY_PREFIX,
      redisCommandTimeoutMs: vars.REDIS_COMMAND_TIMEOUT_MS,
    },
    connections: connections(vars, isSet(env, 'KEEP_ALIVE_TIMEOUT_SECONDS')),
    logLevel: vars.LOG_LEVEL,
    shutdownGraceSeconds: vars.SHUTDOWN_GRACE_SECONDS,
    logFormat: vars.LOG_FORMAT,
    responseCacheMb: vars.RESPONSE_CACHE_MB,
    searchWorkers: vars.SEARCH_WORKERS ?? defaultSearchWorkers(availableParallelism()),
    wechat: vars.WECHAT_TOKEN
      ? { token: vars.WECHAT_TOKEN, aesKey: vars.WECHAT_AES_KEY, appId: vars.WECHAT_APP_ID, ...wechatChannel(vars) }
      : undefined,
    ranking: {
      ratePerMinute: vars.RANKING_RATE_LIMIT,
      failedAuthPerMinute: vars.RANKING_FAILED_AUTH_LIMIT,
      hitMax: vars.RANKING_HIT_MAX,
      retentionDays: vars.RANKING_SNAPSHOT_RETENTION_DAYS,
      tokenSecret: vars.RANKING_TOKEN_SECRET,
      fetch: fetchSources(vars),
    },
    // `/metrics` has its own listener, never the public ports (docs/decisions.md, Operations).
    metrics: vars.METRICS_PORT === 'off' ? undefined : { host: vars.METRICS_HOST, port: vars.METRICS_PORT },
    web: { enabled: vars.WEB === 'on', ratePerMinute: vars.WEB_RATE_LIMIT, rankings: vars.WEB_RANKINGS === 'on' },
    admin: { enabled: vars.ADMIN === 'on' },
    links: {
      enabled: vars.LINK_CHECK === 'on',
      rates: providerRates(vars.LINK_CHECK_RATE),
      concurrency: vars.LINK_CHECK_CONCURRENCY,
      confirmMinutes: vars.LINK_CHECK_CONFIRM_MINUTES,
      hide: hidingProviders(vars.LINK_CHECK_HIDE),
      canaries: canaryLinks(vars.LINK_CHECK_CANARIES),
      maxHidesPerHour: vars.LINK_CHECK_MAX_HIDES_PER_HOUR,
      maxHiddenSharePerDay: vars.LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY,
      deadCeiling: vars.LINK_CHECK_DEAD_CEILING,
      ceilingSamples: vars.LINK_CHECK_CEILING_SAMPLES,
      origins: vars.LINK_CHECK_ORIGINS,
    },
    pansou:
      vars.PANSOU_PATH.toLowerCase() === 'off'
        ? undefined
        : { path: vars.PANSOU_PATH, maxResults: vars.PANSOU_MAX_RESULTS, requireKey: vars.PANSOU_REQUIRE_KEY === 'on' },
    sources: {
      enabled: vars.SOURCES === 'on',
      telegramOrigin: vars.TELEGRAM_ORIGIN.replace(/\/+$/, ''),
      allowPrivate: addressList('SOURCES_ALLOW_PRIVATE', vars.SOURCES_ALLOW_PRIVATE),
    },
  };
  const taken = config.pansou?.path.match(/^\/(api|admin|docs|openapi\.json|assets)(\/|$)/);
  if (taken) throw new ConfigError(`PANSOU_PATH must not lie under /${taken[1]}, which the catalogue listener already serves`);
  if (config.pansou?.requireKey && !config.limits.enabled) {
    throw new ConfigError('PANSOU_REQUIRE_KEY=on needs RATE_LIMITS=on: API keys are checked by the limits');
  }
  if (config.port === config.rankingPort && config.port !== 0) {
    throw new ConfigError(`PORT and RANKING_PORT must differ (both are ${config.port})`);
  }
  const metricsPort = config.metrics?.port;
  if (metricsPort !== undefined && metricsPort !== 0 && (metricsPort === config.port || metricsPort === config.rankingPort)) {
    throw new ConfigError(`METRICS_PORT must differ from PORT and RANKING_PORT (${metricsPort}); use METRICS_PORT=off to turn metrics off`);
  }
  return config;
}

export interface LimitsConfig {
  /** `RATE_LIMITS=off` turns every catalogue limit and key check off (tests, benchmarks); default on. */
  enabled: boolean;
  /** Prefix of every Redis key the limits write (`REDIS_KEY_PREFIX`), so deployments can share a Redis. */
  redisKeyPrefix: string;
  /** How long a Redis command may take before the request is decided on per-instance memory instead. */
  redisCommandTimeoutMs: number;
}

/** An idle keep-alive connection closes sooner than a request may take, unless set otherwise (then checked). */
function connections(vars: Environment, keepAliveSet: boolean): ConnectionsConfig {
  const requestTimeoutSeconds = vars.REQUEST_TIMEOUT_SECONDS;
  const keepAliveTimeoutSeconds = keepAliveSet
    ? vars.KEEP_ALIVE_TIMEOUT_SECONDS
    : Math.min(vars.KEEP_ALIVE_TIMEOUT_SECONDS, requestTimeoutSeconds);
  if (keepAliveTimeoutSeconds > requestTimeoutSeconds) {
    throw new ConfigError(
      `KEEP_ALIVE_TIMEOUT_SECONDS (${keepAliveTimeoutSeconds}) must not exceed REQUEST_TIMEOUT_SECONDS (${requestTimeoutSeconds})`,
    );
  }
  return { requestTimeoutSeconds, keepAliveTimeoutSeconds, maxPerAddress: vars.MAX_CONNECTIONS_PER_ADDRESS };
}

/**
 * Search workers when SEARCH_WORKERS is unset: one per core the process may use, less the one the
 * catalogue's thread (HTTP, lists, health) needs, and at least one (docs/search.md, "Every core").
 */
export function defaultSearchWorkers(cores: number): number {
  return Math.max(1, cores - 1);
}
