/**
 * The PanSou interface's budget (docs/pansou.md, "Limits"), apart from the catalogue's one request per
 * 3 s: per client address (IPv4, or IPv6 /64), one request a second with bursts of 5 (a second's window
 * of 1, and when it is spent an allowance of 4 more per 5 seconds: rate-limiter-flexible's
 * BurstyRateLimiter, built from the limits' own counters so it shares their Redis and their one memory
 * fallback, redis/counter.ts), so a bot that searches and then checks what it found is never refused;
 * and at most 30 searches a minute. An address the catalogue blacklisted is refused here too; exempt
 * addresses are never counted. An API key, as `Authorization: Bearer` or `X-API-Key`, replaces all of
 * that with the key's own rate, decided by the catalogue limits themselves; a key that is not one is 401.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { addressGroup } from '../http/client-address.js';
import { type ApiError, rateLimited, unauthorized } from '../http/errors.js';
import type { AddressSet } from '../limits/address-set.js';
import type { Limits } from '../limits/limits.js';
import { BLACKLIST_MARK, blacklisted, waitSeconds } from '../limits/policy.js';
import { Counter, isRefusal, type Refusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';

export const STEADY = { points: 1, seconds: 1 };
export const BURST = { points: 4, seconds: 5 };
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
  private readonly steady: Counter;
  private readonly burst: Counter;
  private readonly searches: Counter;

  constructor(private readonly parts: PansouLimitsParts) {
    const counter = (name: string, quota: { points: number; seconds: number }) =>
      new Counter({ name, points: quota.points, durationSeconds: quota.seconds }, parts.keyPrefix, parts.link);
    this.steady = counter('pansou', STEADY);
    this.burst = counter('pansou-burst', BURST);
    this.searches = counter('pansou-search', SEARCHES);
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
    // The burst allowance is spent only when the second's one request is; the next second brings one back.
    const steady = await this.count(this.steady, group);
    if (steady && (await this.count(this.burst, group))) return tooFast(steady.msBeforeNext);
    const searches = search ? await this.count(this.searches, group) : undefined;
    return searches ? tooManySearches(searches.msBeforeNext) : undefined;
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

  /** Counts one request on `counter`: undefined when within it, else the refusal (its wait). */
  private async count(counter: Counter, group: string): Promise<Refusal | undefined> {
    try {
      await counter.consume(group);
      return undefined;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return error;
    }
  }
}

function tooFast(msBeforeNext: number): ApiError {
  const wait = waitSeconds(msBeforeNext);
  const most = STEADY.points + BURST.points;
  return refusal(wait, {
    zh: `每个地址每秒 1 次（短时最多 ${most} 次），请在 ${wait} 秒后重试`,
    en: `Each address may make 1 request a second (bursts of ${most}); retry in ${wait} s`,
  });
}

function tooManySearches(msBeforeNext: number): ApiError {
  const wait = waitSeconds(msBeforeNext);
  return refusal(wait, {
    zh: `每个地址每分钟最多搜索 ${SEARCHES.points} 次，请在 ${wait} 秒后重试`,
    en: `Each address may search ${SEARCHES.points} times a minute; retry in ${wait} s`,
  });
}

function refusal(wait: number, error: { zh: string; en: string }): ApiError {
  return rateLimited({ retryAfterSeconds: wait, message: { zh: '请求过于频繁', en: 'Too many requests' }, error, detail: error });
}

function keyRequired(): ApiError {
  return unauthorized(
    { zh: '此实例要求 API 密钥（Authorization: Bearer <密钥>）', en: 'This instance requires an API key (Authorization: Bearer <key>)' },
    { zh: '请向运营者申请 API 密钥', en: 'Ask the operator for an API key' },
  );
}
