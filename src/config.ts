/**
 * The one typed, validated configuration object. Nothing else in the code base reads `process.env`:
 * every module receives what it needs from here, so a bad setting stops start-up with one clear line.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { proxyWidthProblem } from './config-proxy-width.js';
import { isBoard } from './ranking/boards.js';

export type Language = 'zh' | 'en';

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
  /** The catalogue's limits (per-address rule, blacklist, `/all` rule, API keys); see docs/limits.md. */
  limits: LimitsConfig;
  /** What slow or stuck clients may hold on either listener (decisions.md, "slow or stuck clients"). */
  connections: ConnectionsConfig;
  logLevel: string;
  /** Megabytes of ready catalogue responses kept until the next import (RESPONSE_CACHE_MB); 0 turns it off. */
  responseCacheMb: number;
  wechat: WechatConfig | undefined;
  ranking: RankingConfig;
  web: WebConfig;
}

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
  keywords: { token: string[]; rebind: string[]; help: string[] };
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
  fetch: { sources: Array<{ board: string; url: string }>; intervalMinutes: number } | undefined;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const wechatToken = nonEmpty(env.WECHAT_TOKEN);
  const aesKey = nonEmpty(env.WECHAT_AES_KEY);
  const appId = nonEmpty(env.WECHAT_APP_ID);
  if (aesKey !== undefined && !/^[A-Za-z0-9]{43}$/.test(aesKey)) {
    throw new ConfigError('WECHAT_AES_KEY must be the 43-character EncodingAESKey from the WeChat console');
  }
  if ((aesKey === undefined) !== (appId === undefined)) {
    throw new ConfigError('WECHAT_AES_KEY and WECHAT_APP_ID must be set together');
  }
  const config: Config = {
    port: port(env, 'PORT', 3000),
    rankingPort: port(env, 'RANKING_PORT', 3001),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    databaseUrl: databaseUrl(nonEmpty(env.DATABASE_URL) ?? 'sqlite:./data/dramadex.db'),
    databasePoolSize: databasePoolSize(nonEmpty(env.DATABASE_POOL_SIZE)),
    redisUrl: redisUrl(nonEmpty(env.REDIS_URL)),
    catalogueTimeZone: timeZone(nonEmpty(env.CATALOGUE_TZ) ?? 'Asia/Shanghai'),
    language: language(nonEmpty(env.LANGUAGE) ?? 'zh'),
    environment: nonEmpty(env.APP_ENV) ?? 'production',
    trustProxy: trustedProxies(env),
    exemptAddresses: addressList(env, 'EXEMPT_ADDRESSES'),
    limits: limits(env),
    connections: connections(env),
    logLevel: logLevel(nonEmpty(env.LOG_LEVEL) ?? 'info'),
    responseCacheMb: responseCacheMb(nonEmpty(env.RESPONSE_CACHE_MB)),
    wechat: wechatToken ? { token: wechatToken, aesKey, appId, ...wechatChannel(env) } : undefined,
    ranking: ranking(env),
    web: web(env),
  };
  if (config.port === config.rankingPort && config.port !== 0) {
    throw new ConfigError(`PORT and RANKING_PORT must differ (both are ${config.port})`);
  }
  return config;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function port(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

function databaseUrl(url: string): string {
  if (/^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url)) return url;
  throw new ConfigError(`DATABASE_URL must be sqlite:<path> or postgres://…, got "${url}"`);
}

/** Per process; N instances open up to N × this many connections, which must fit PostgreSQL's max_connections. */
function databasePoolSize(raw: string | undefined): number {
  if (raw === undefined) return 10;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be an integer from 1 to 1000, got "${raw}"`);
  }
  return Number(raw);
}

function redisUrl(url: string | undefined): string | undefined {
  if (url === undefined || /^rediss?:\/\/.+/.test(url)) return url;
  throw new ConfigError(`REDIS_URL must be redis://… or rediss://…, got "${url}"`);
}

function timeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new ConfigError(`CATALOGUE_TZ must be an IANA time zone such as Asia/Shanghai, got "${zone}"`);
  }
}

function language(value: string): Language {
  if (value === 'zh' || value === 'en') return value;
  throw new ConfigError(`LANGUAGE must be zh or en, got "${value}"`);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
function logLevel(value: string): string {
  if (LOG_LEVELS.includes(value)) return value;
  throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
}

export interface LimitsConfig {
  /** `RATE_LIMITS=off` turns every catalogue limit and key check off (tests, benchmarks); default on. */
  enabled: boolean;
  /** Prefix of every Redis key the limits write (`REDIS_KEY_PREFIX`), so deployments can share a Redis. */
  redisKeyPrefix: string;
  /** How long a Redis command may take before the request is decided on per-instance memory instead. */
  redisCommandTimeoutMs: number;
}

function onOff(env: Env, name: string): boolean {
  const value = (nonEmpty(env[name]) ?? 'on').toLowerCase();
  if (value !== 'on' && value !== 'off') throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
  return value === 'on';
}

function web(env: Env): WebConfig {
  return {
    enabled: onOff(env, 'WEB'),
    ratePerMinute: positiveInteger(env, 'WEB_RATE_LIMIT', 60, 1_000_000),
    rankings: onOff(env, 'WEB_RANKINGS'),
  };
}

function limits(env: Env): LimitsConfig {
  const enabled = onOff(env, 'RATE_LIMITS');
  const prefix = nonEmpty(env.REDIS_KEY_PREFIX) ?? 'dramadex:';
  if (!/^[\x21-\x7e]{1,64}$/.test(prefix)) {
    throw new ConfigError(`REDIS_KEY_PREFIX must be 1 to 64 printable ASCII characters without spaces, got "${prefix}"`);
  }
  const timeout = nonEmpty(env.REDIS_COMMAND_TIMEOUT_MS) ?? '250';
  if (!/^\d{1,5}$/.test(timeout) || Number(timeout) < 10 || Number(timeout) > 10_000) {
    throw new ConfigError(`REDIS_COMMAND_TIMEOUT_MS must be an integer from 10 to 10000, got "${timeout}"`);
  }
  return { enabled, redisKeyPrefix: prefix, redisCommandTimeoutMs: Number(timeout) };
}

/** A comma-separated list of addresses or CIDRs; "trust everything" forms are refused on purpose. */
function addressList(env: Env, name: string): string[] {
  const items = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    if (['*', 'true', 'all', '0.0.0.0/0', '::/0'].includes(item.toLowerCase())) {
      throw new ConfigError(`${name} must list explicit proxies; "${item}" would trust every address`);
    }
    const valid = item.includes('/') ? isCidr(item) : isIP(item) !== 0;
    if (!valid) throw new ConfigError(`${name} entry "${item}" is not an IP address or CIDR`);
  }
  return items;
}

function trustedProxies(env: Env): string[] {
  const entries = addressList(env, 'TRUST_PROXY');
  const problem = proxyWidthProblem(entries);
  if (problem !== undefined) {
    throw new ConfigError(`TRUST_PROXY must list proxies, each at most an IPv4 /8 or an IPv6 /32: ${problem}`);
  }
  return entries;
}

function connections(env: Env): ConnectionsConfig {
  const requestTimeoutSeconds = positiveInteger(env, 'REQUEST_TIMEOUT_SECONDS', 10, 3600);
  const keepAliveTimeoutSeconds = positiveInteger(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', Math.min(5, requestTimeoutSeconds), 3600);
  if (keepAliveTimeoutSeconds > requestTimeoutSeconds) {
    throw new ConfigError(
      `KEEP_ALIVE_TIMEOUT_SECONDS (${keepAliveTimeoutSeconds}) must not exceed REQUEST_TIMEOUT_SECONDS (${requestTimeoutSeconds})`,
    );
  }
  return {
    requestTimeoutSeconds,
    keepAliveTimeoutSeconds,
    maxPerAddress: positiveInteger(env, 'MAX_CONNECTIONS_PER_ADDRESS', 32, 100_000),
  };
}

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

function responseCacheMb(raw: string | undefined): number {
  if (raw === undefined) return 32;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 4096) {
    throw new ConfigError(`RESPONSE_CACHE_MB must be an integer from 0 to 4096, got "${raw}"`);
  }
  return Number(raw);
}

function positiveInteger(env: Env, name: string, fallback: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from 1 to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function keywordList(env: Env, name: string, fallback: string[]): string[] {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const words = raw
    .split(',')
    .map((word) => word.normalize('NFKC').trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) throw new ConfigError(`${name} must list at least one keyword`);
  return words;
}

function wechatChannel(env: Env): Pick<WechatConfig, 'keywords' | 'timestampToleranceSeconds'> {
  const keywords = {
    token: keywordList(env, 'WECHAT_TOKEN_KEYWORDS', ['token', '令牌']),
    rebind: keywordList(env, 'WECHAT_REBIND_KEYWORDS', ['换绑', 'rebind']),
    help: keywordList(env, 'WECHAT_HELP_KEYWORDS', ['help', '帮助', '?']),
  };
  const all = [...keywords.token, ...keywords.rebind, ...keywords.help];
  const repeated = all.find((word, index) => all.indexOf(word) !== index);
  if (repeated !== undefined) throw new ConfigError(`WeChat keyword "${repeated}" is configured for more than one action`);
  return { keywords, timestampToleranceSeconds: positiveInteger(env, 'WECHAT_TIMESTAMP_TOLERANCE', 300, 86_400) };
}

function ranking(env: Env): RankingConfig {
  const secret = nonEmpty(env.RANKING_TOKEN_SECRET);
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigError('RANKING_TOKEN_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)');
  }
  return {
    ratePerMinute: positiveInteger(env, 'RANKING_RATE_LIMIT', 60, 1_000_000),
    failedAuthPerMinute: positiveInteger(env, 'RANKING_FAILED_AUTH_LIMIT', 10, 1_000_000),
    hitMax: positiveInteger(env, 'RANKING_HIT_MAX', 500, 100_000),
    retentionDays: positiveInteger(env, 'RANKING_SNAPSHOT_RETENTION_DAYS', 30, 36_500),
    tokenSecret: secret,
    fetch: fetchSources(env),
  };
}

/** `RANKING_FETCH_SOURCES`: whitespace- or comma-separated `board=url` pairs (commas inside a URL as %2C). */
function fetchSources(env: Env): RankingConfig['fetch'] {
  const raw = nonEmpty(env.RANKING_FETCH_SOURCES);
  const intervalMinutes = positiveInteger(env, 'RANKING_FETCH_INTERVAL_MINUTES', 30, 10_080);
  if (raw === undefined) return undefined;
  const sources = raw
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const board = pair.slice(0, Math.max(at, 0));
      const url = pair.slice(at + 1);
      if (at < 1 || !isBoard(board)) {
        throw new ConfigError(`RANKING_FETCH_SOURCES entry "${pair}" must be <board>=<url> with a known board`);
      }
      if (!/^https?:\/\/.+/.test(url) || !URL.canParse(url)) {
        throw new ConfigError(`RANKING_FETCH_SOURCES entry for ${board} must be an http(s) URL, got "${url}"`);
      }
      return { board, url };
    });
  const boards = sources.map((source) => source.board);
  const twice = boards.find((board, index) => boards.indexOf(board) !== index);
  if (twice !== undefined) throw new ConfigError(`RANKING_FETCH_SOURCES names board ${twice} twice`);
  return { sources, intervalMinutes };
}
