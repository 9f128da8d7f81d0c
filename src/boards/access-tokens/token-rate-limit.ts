/**
 * The per-token limit of the ranking service (docs/decisions.md: per token, default 60 requests a minute,
 * 429 as in the catalogue). Counted like the catalogue limits (redis/counter.ts): in memory by default, in
 * Redis when REDIS_URL is set so every instance shares one count, and in this instance's memory while the
 * process's Redis link is down.
 */
import { rateLimited } from '../../http/errors.js';
import { Counter, isRefusal } from '../../redis/counter.js';
import type { RedisLink } from '../../redis/redis-link.js';

/** Part of the Redis keys: `<REDIS_KEY_PREFIX>ranking-token:<token prefix>`. */
const TOKEN_COUNTER = 'ranking-token';
const WINDOW_SECONDS = 60;

export class TokenRateLimit {
  private readonly counter: Counter;

  constructor(
    readonly perMinute: number,
    keyPrefix: string,
    link: RedisLink | undefined,
  ) {
    this.counter = new Counter({ name: TOKEN_COUNTER, points: perMinute, durationSeconds: WINDOW_SECONDS }, keyPrefix, link);
  }

  /**
   * Counts one request of the token; throws the 429 when its minute is used up. The key is the token's
   * lookup prefix (random, unlike a row id), so counts never mix between databases sharing one Redis.
   */
  async take(tokenKey: string): Promise<void> {
    try {
      await this.counter.consume(tokenKey);
    } catch (rejection) {
      if (!isRefusal(rejection)) throw rejection;
      const seconds = rejection.msBeforeNext / 1000;
      throw rateLimited({
        retryAfterSeconds: seconds,
        message: { zh: '请求频率超限', en: 'Request rate exceeded' },
        error: {
          zh: `此令牌每分钟最多 ${this.perMinute} 次请求，请 ${Math.max(1, Math.ceil(seconds))} 秒后再试`,
          en: `This token may make ${this.perMinute} requests a minute; retry in ${Math.max(1, Math.ceil(seconds))} seconds`,
        },
        detail: {
          zh: `排行榜接口按令牌限流：每分钟 ${this.perMinute} 次`,
          en: `Ranking requests are limited per token: ${this.perMinute} a minute`,
        },
      });
    }
  }
}
