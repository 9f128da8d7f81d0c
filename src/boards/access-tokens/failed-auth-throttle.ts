/**
 * Throttles failed bearer attempts per client address (an IPv4 address or an IPv6 /64): unknown, revoked
 * and malformed tokens count, and once an address has used up its failures for the minute every request
 * of it is 429 before any token is looked at, so guessing cannot go on at the speed of a database lookup
 * and a lucky guess past the limit is not told apart from a wrong one. Counted like the catalogue limits
 * (redis/counter.ts), shared through Redis when REDIS_URL is set (this instance's memory while the
 * process's Redis link is down).
 */
import { addressGroup } from '../../http/client-address.js';
import { rateLimited } from '../../http/errors.js';
import { Counter, isRefusal } from '../../redis/counter.js';
import type { RedisLink } from '../../redis/redis-link.js';

/** Part of the Redis keys: `<REDIS_KEY_PREFIX>ranking-failed-auth:<address>`. */
const FAILURE_COUNTER = 'ranking-failed-auth';
const WINDOW_SECONDS = 60;

export class FailedAuthThrottle {
  private readonly counter: Counter;

  constructor(
    readonly perMinute: number,
    keyPrefix: string,
    link: RedisLink | undefined,
  ) {
    this.counter = new Counter({ name: FAILURE_COUNTER, points: perMinute, durationSeconds: WINDOW_SECONDS }, keyPrefix, link);
  }

  /** Throws the 429 while `address` has no failed attempts left this minute. */
  async checkAllowed(address: string): Promise<void> {
    const counted = await this.counter.get(addressGroup(address));
    if (counted !== null && counted.consumedPoints >= this.perMinute) throw this.refusal(counted.msBeforeNext);
  }

  /** Counts one failed attempt of `address`. */
  async recordFailure(address: string): Promise<void> {
    try {
      await this.counter.consume(addressGroup(address));
    } catch (rejection) {
      if (!isRefusal(rejection)) throw rejection;
      throw this.refusal(rejection.msBeforeNext);
    }
  }

  private refusal(msBeforeNext: number) {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return rateLimited({
      retryAfterSeconds: seconds,
      message: { zh: '令牌验证失败次数过多', en: 'Too many failed token attempts' },
      error: {
        zh: `此地址每分钟最多 ${this.perMinute} 次令牌验证失败，请 ${seconds} 秒后再试`,
        en: `An address may fail the token check ${this.perMinute} times a minute; retry in ${seconds} seconds`,
      },
      detail: {
        zh: '无效、已吊销或格式错误的令牌按地址计数（RANKING_FAILED_AUTH_LIMIT）',
        en: 'Unknown, revoked and malformed tokens are counted per address (RANKING_FAILED_AUTH_LIMIT)',
      },
    });
  }
}
