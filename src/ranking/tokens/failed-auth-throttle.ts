/**
 * Throttles failed bearer attempts per client address (an IPv4 address or an IPv6 /64): unknown, revoked
 * and malformed tokens count, and once an address has used up its failures for the minute every request
 * of it is 429 before any token is looked at, so guessing cannot go on at the speed of a database lookup
 * and a lucky guess past the limit is not told apart from a wrong one. Counted by rate-limiter-flexible,
 * shared through Redis when REDIS_URL is set (this instance's memory while Redis is unreachable).
 */
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { addressGroup } from '../../http/client-address.js';
import { rateLimited } from '../../http/errors.js';
import { perMinuteLimiter } from './token-rate-limit.js';

export class FailedAuthThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    readonly perMinute: number,
    redis?: { client: Redis; keyPrefix: string },
  ) {
    this.limiter = perMinuteLimiter(perMinute, redis);
  }

  /** Throws the 429 while `address` has no failed attempts left this minute. */
  async checkAllowed(address: string): Promise<void> {
    const counted = await this.limiter.get(addressGroup(address));
    if (counted !== null && counted.consumedPoints >= this.perMinute) throw this.refusal(counted.msBeforeNext);
  }

  /** Counts one failed attempt of `address`. */
  async recordFailure(address: string): Promise<void> {
    try {
      await this.limiter.consume(addressGroup(address));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
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
