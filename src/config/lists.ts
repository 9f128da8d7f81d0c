/**
 * The settings whose values are lists, each item checked on its own: addresses and CIDRs (TRUST_PROXY,
 * EXEMPT_ADDRESSES), the origins allowed to call the API from a browser (CORS_ORIGINS), the WeChat keywords, and the upstream sources of the ranking fetcher. Apart from
 * config.ts so that file reads as the shape of the configuration.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { type Board, isBoard } from '../shared/board-names.js';
import { ConfigError, type Environment } from './environment.js';
import { proxyWidthProblem } from './proxy-width.js';

/** The WeChat channel's message keywords per action. */
export interface ChannelKeywords {
  token: string[];
  rebind: string[];
  help: string[];
}

/** Upstream hot lists pulled on a schedule. */
export interface FetchSources {
  sources: Array<{ board: Board; url: string }>;
  intervalMinutes: number;
}

/** A comma-separated list of addresses or CIDRs; "trust everything" forms are refused on purpose. */
export function addressList(name: string, raw: string): string[] {
  const items = raw
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

/**
 * CORS_ORIGINS: unset is no CORS at all, `*` every origin, else each item an origin exactly as a browser
 * sends it (`scheme://host[:port]`, no path), so a typo fails at start-up instead of matching nothing.
 */
export function corsOrigins(raw: string): string[] | '*' | undefined {
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return undefined;
  if (items.includes('*')) {
    if (items.length > 1) throw new ConfigError('CORS_ORIGINS must be * alone or a list of origins, not both');
    return '*';
  }
  for (const item of items) {
    const origin = URL.canParse(item) ? new URL(item).origin : 'null';
    if (origin !== item)
      throw new ConfigError(`CORS_ORIGINS entry "${item}" is not an origin such as https://app.example.com (no path, no trailing slash)`);
  }
  return items;
}

export function trustedProxies(raw: string): string[] {
  const entries = addressList('TRUST_PROXY', raw);
  const problem = proxyWidthProblem(entries);
  if (problem !== undefined) {
    throw new ConfigError(`TRUST_PROXY must list proxies, each at most an IPv4 /8 or an IPv6 /32: ${problem}`);
  }
  return entries;
}

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

function keywordList(name: string, raw: string): string[] {
  const words = raw
    .split(',')
    .map((word) => word.normalize('NFKC').trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) throw new ConfigError(`${name} must list at least one keyword`);
  return words;
}

export function wechatChannel(vars: Environment): { keywords: ChannelKeywords; timestampToleranceSeconds: number } {
  const keywords = {
    token: keywordList('WECHAT_TOKEN_KEYWORDS', vars.WECHAT_TOKEN_KEYWORDS),
    rebind: keywordList('WECHAT_REBIND_KEYWORDS', vars.WECHAT_REBIND_KEYWORDS),
    help: keywordList('WECHAT_HELP_KEYWORDS', vars.WECHAT_HELP_KEYWORDS),
  };
  const all = [...keywords.token, ...keywords.rebind, ...keywords.help];
  const repeated = all.find((word, index) => all.indexOf(word) !== index);
  if (repeated !== undefined) throw new ConfigError(`WeChat keyword "${repeated}" is configured for more than one action`);
  return { keywords, timestampToleranceSeconds: vars.WECHAT_TIMESTAMP_TOLERANCE };
}

/** `RANKING_FETCH_SOURCES`: whitespace- or comma-separated `board=url` pairs (commas inside a URL as %2C). */
export function fetchSources(vars: Environment): FetchSources | undefined {
  const raw = vars.RANKING_FETCH_SOURCES;
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
  return { sources, intervalMinutes: vars.RANKING_FETCH_INTERVAL_MINUTES };
}
