/**
 * The per-token limit of the ranking service (decisions.md: per token, default 60 requests a minute,
 * 429 as in the catalogue). rate-limiter-flexible counts: in memory by default, in Redis when REDIS_URL
 * is set so every instance shares one count; if Redis fails the in-memory count carries on meanwhile.
 */
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../../http/errors.js';

const WINDOW_SECONDS = 60;

export class TokenRateLimit {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly perMinute: number,
  ) {}

  static inMemory(perMinute: number): TokenRateLimit {
    return new TokenRateLimit(perMinuteLimiter(perMinute), perMinute);
  }

  static inRedis(redis: Redis, perMinute: number, keyPrefix: string): TokenRateLimit {
    return new TokenRateLimit(perMinuteLimiter(perMinute, { client: redis, keyPrefix }), perMinute);
  }

  /**
   * Counts one request of the token; throws the 429 when its minute is used up. The key is the token's
   * lookup prefix (random, unlike a row id), so counts never mix between databases sharing one Redis.
   */
  async take(tokenKey: string): Promise<void> {
    try {
      await this.limiter.consume(tokenKey);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
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

/** `points` a minute per key: in memory, or in Redis with this instance's memory standing in while Redis fails. */
export function perMinuteLimiter(points: number, redis?: { client: Redis; keyPrefix: string }): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: redis.keyPrefix,
    points,
    duration: WINDOW_SECONDS,
    insuranceLimiter: memory,
  });
}
