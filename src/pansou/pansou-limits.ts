/**
 * The PanSou interface's budget (docs/pansou.md, "Limits"), apart from the catalogue's one request per
 * 3 s: per client address (IPv4, or IPv6 /64), 5 requests in any 5-second window (one a second, with
 * bursts of 5, so a bot's search and its check of what it found always pass) and at most 30 searches a
 * minute. The counters are the limits' own (redis/counter.ts: Redis when set, shared by every instance,
 * with the one memory fallback). An address the catalogue blacklisted is refused here too; exempt
 * addresses are never counted. An API key, as `Authorization: Bearer` or `X-API-Key`, replaces all of
 * that with the key's own rate, decided by the catalogue limits themselves; a key that is not one is 401.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { addressGroup } from '../http/client-address.js';
import { type ApiError, rateLimited, unauthorized } from '../http/errors.js';
import type { AddressSet } from '../limits/address-set.js';
import type { Limits } from '../limits/limits.js';
import { BLACKLIST_MARK, blacklisted, waitSeconds } from '../limits/policy.js';
import { Counter, isRefusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';

export const BURST = { points: 5, seconds: 5 };
export const SEARCHES = { points: 30, seconds: 60 };

export interface PansouLimitsParts {
  limits: Limits;
  exempt: AddressSet;
  keyPrefix: string;
  link: RedisLink | undefined;
  requireKey: boolean;
}

/** The key a PanSou client sends: a Bearer token (PanSou's own) or the catalogue's `X-API-Key`. */
export function keyOf(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (bearer) return bearer[1];
  }
  const header = headers['x-api-key'];
  return typeof header === 'string' ? header : undefined;
}

export class PansouLimits {
  private readonly burst: Counter;
  private readonly searches: Counter;

  constructor(private readonly parts: PansouLimitsParts) {
    this.burst = new Counter({ name: 'pansou', points: BURST.points, durationSeconds: BURST.seconds }, parts.keyPrefix, parts.link);
    this.searches = new Counter(
      { name: 'pansou-search', points: SEARCHES.points, durationSeconds: SEARCHES.seconds },
      parts.keyPrefix,
      parts.link,
    );
  }

  /** Counts one request; resolves to the refusal to answer with, or undefined when it may go on. */
  async check(ip: string, headers: IncomingHttpHeaders, search: boolean): Promise<ApiError | undefined> {
    const key = keyOf(headers);
    if (key !== undefined) return this.keyed(ip, key);
    if (this.parts.requireKey) return keyRequired();
    if (this.parts.exempt.has(ip)) return undefined;
    const group = addressGroup(ip);
    const held = await this.parts.limits.address.get(group);
    if (held && held.consumedPoints >= BLACKLIST_MARK) return blacklisted(held.msBeforeNext, {});
    return (await this.count(this.burst, group, BURST)) ?? (search ? await this.count(this.searches, group, SEARCHES) : undefined);
  }

  private keyed(ip: string, key: string): Promise<ApiError | undefined> {
    return new Promise((resolve, reject) => {
      this.parts.limits.check({ ip, apiKey: key, fullDump: false }, (error) => {
        if (error === null) resolve(undefined);
        else if ('status' in error) resolve(error as ApiError);
        else reject(error);
      });
    });
  }

  private async count(counter: Counter, group: string, quota: { points: number; seconds: number }): Promise<ApiError | undefined> {
    try {
      await counter.consume(group);
      return undefined;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return tooFast(error.msBeforeNext, quota);
    }
  }
}

function tooFast(msBeforeNext: number, quota: { points: number; seconds: number }): ApiError {
  const wait = waitSeconds(msBeforeNext);
  const searches = quota === SEARCHES;
  return rateLimited({
    retryAfterSeconds: wait,
    message: { zh: '请求过于频繁', en: 'Too many requests' },
    error: searches
      ? {
          zh: `每个地址每分钟最多搜索 ${quota.points} 次，请在 ${wait} 秒后重试`,
          en: `Each address may search ${quota.points} times a minute; retry in ${wait} s`,
        }
      : {
          zh: `每个地址每 ${quota.seconds} 秒最多请求 ${quota.points} 次，请在 ${wait} 秒后重试`,
          en: `Each address may make ${quota.points} requests in ${quota.seconds} seconds; retry in ${wait} s`,
        },
    detail: { zh: '', en: '' },
  });
}

function keyRequired(): ApiError {
  return unauthorized(
    { zh: '此实例要求 API 密钥（Authorization: Bearer <密钥>）', en: 'This instance requires an API key (Authorization: Bearer <key>)' },
    { zh: '请向运营者申请 API 密钥', en: 'Ask the operator for an API key' },
  );
}
