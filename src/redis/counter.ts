/**
 * One fixed-window counter, in memory or in Redis: what the catalogue limits, the web budgets and the
 * ranking token limit and failed-attempt throttle all count with. In memory a plain Map with a timer per
 * key (memory-windows.ts, counting as rate-limiter-flexible's memory store does, but synchronously); in
 * Redis rate-limiter-flexible's one Lua script per request that sets the key with its expiry and
 * increments it atomically (no key without a TTL).
 *
 * With Redis, each counter also has a memory twin that decides while Redis is down (RedisLink.up is
 * false) or when a Redis call fails or times out; the failure marks the link down, so later requests go
 * straight to memory instead of waiting on Redis, until the link's probe sees Redis answer again.
 *
 * This is the service's one Redis fallback. rate-limiter-flexible's own `insuranceLimiter` would do the
 * switch per call: while Redis hangs, every request would first wait out the command timeout before
 * falling back, and nothing would log the outage, count it in `dramadex_redis_fallback` or tell health.
 * Deciding on the link's state instead costs a hung Redis one timed-out request per instance, not one per
 * request, and shares the log line, metric and health check with every other user of the link.
 */
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryWindows, type Window } from './memory-windows.js';
import type { RedisLink } from './redis-link.js';

export interface CounterSpec {
  /** Part of the key: `<REDIS_KEY_PREFIX><name>:<key>`. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** A refusal from the counter: how far over it is and how long until its window ends. */
export type Refusal = RateLimiterRes;

export class Counter {
  /** This instance's own counts: the whole state without Redis, the fallback with it. */
  readonly local: MemoryWindows;
  private readonly shared: RateLimiterRedis | undefined;

  constructor(
    readonly spec: CounterSpec,
    keyPrefix: string,
    private readonly link: RedisLink | undefined,
  ) {
    const quota = { points: spec.points, duration: spec.durationSeconds };
    // The memory windows are a Map of their own, so no prefix: the caller's own string is looked up (an
    // address from the socket, a key's limitKey), whose hash V8 has already computed.
    this.local = new MemoryWindows(spec.durationSeconds);
    this.shared = link
      ? new RateLimiterRedis({ ...quota, keyPrefix: `${keyPrefix}${spec.name}`, storeClient: link.client, rejectIfRedisNotReady: true })
      : undefined;
  }

  /**
   * Counts one request in memory, at once, when memory decides (no Redis, or Redis down): the window it
   * was counted in, over the quota when its `count` exceeds `spec.points`. Undefined when Redis decides:
   * then `consume` is the way. The window is live: read it before anything else counts.
   */
  consumeNow(key: string, now: number): Window | undefined {
    return this.shared && this.link?.up ? undefined : this.local.hit(key, now);
  }

  /** Counts one request; resolves when it is within the limit, rejects with a Refusal when not. */
  consume(key: string): Promise<RateLimiterRes> {
    return this.shared && this.link?.up ? this.consumeShared(this.shared, this.link, key) : this.consumeLocally(key);
  }

  /** A window's count as rate-limiter-flexible reports it (`msBeforeNext` as of `now`). */
  counted(window: Window, now: number, first = false): RateLimiterRes {
    return new RateLimiterRes(Math.max(this.spec.points - window.count, 0), window.endsAt - now, window.count, first);
  }

  private consumeLocally(key: string): Promise<RateLimiterRes> {
    const now = Date.now();
    const window = this.local.hit(key, now);
    const counted = this.counted(window, now, window.count === 1);
    return window.count > this.spec.points ? Promise.reject(counted) : Promise.resolve(counted);
  }

  private async consumeShared(shared: RateLimiterRedis, link: RedisLink, key: string): Promise<RateLimiterRes> {
    try {
      return await shared.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      link.markDown(error as Error);
      return this.consumeLocally(key);
    }
  }

  /** The count of `key` in its window, or null when it has none; read where requests are counted. */
  async get(key: string): Promise<RateLimiterRes | null> {
    if (this.shared && this.link?.up) {
      try {
        return await this.shared.get(key);
      } catch (error) {
        this.link.markDown(error as Error);
      }
    }
    const window = this.local.peek(key);
    return window === undefined ? null : this.counted(window, Date.now());
  }

  /** Sets a key's count for a duration (the blacklist), where the request was counted. */
  async set(key: string, points: number, seconds: number): Promise<void> {
    if (this.shared && this.link?.up) {
      try {
        await this.shared.set(key, points, seconds);
        return;
      } catch (error) {
        this.link.markDown(error as Error);
      }
    }
    this.local.set(key, points, seconds, Date.now());
  }
  /** Takes back `points` counted for `key` (an attempt that turned out to be allowed), where it was counted. */
  async reward(key: string, points = 1): Promise<void> {
    if (this.shared && this.link?.up) {
      try {
        await this.shared.reward(key, points);
        return;
      } catch (error) {
        this.link.markDown(error as Error);
      }
    }
    this.local.reward(key, points);
  }

  /** Forgets `key`'s window, where it was counted. */
  async delete(key: string): Promise<void> {
    if (this.shared && this.link?.up) {
      try {
        await this.shared.delete(key);
        return;
      } catch (error) {
        this.link.markDown(error as Error);
      }
    }
    this.local.delete(key);
  }
}

export function isRefusal(value: unknown): value is Refusal {
  return value instanceof RateLimiterRes;
}
