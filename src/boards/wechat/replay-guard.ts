/**
 * Remembers each signed `(timestamp, nonce)` pair of the WeChat callback for as long as its timestamp is
 * within the tolerance (docs/decisions.md, "callback authenticity"). The plain mode's signature covers
 * only the token, the timestamp and the nonce, so without this one leaked signed URL would answer any
 * body for the whole tolerance window. With REDIS_URL the pairs are shared by every instance (one atomic
 * `SET … NX EX`); while the process's Redis link is down, and without Redis, this instance's memory
 * remembers them (the link's fallback switch, as for the limits in redis/counter.ts).
 * Only pairs whose signature was already checked are recorded, so a forger cannot fill the memory.
 */
import type { RedisLink } from '../../redis/redis-link.js';

export class ReplayGuard {
  private readonly remembered = new Map<string, number>();

  constructor(
    private readonly toleranceSeconds: number,
    private readonly redis?: { link: RedisLink; keyPrefix: string },
  ) {}

  /** True the first time a pair is seen within its window, false for a replay. */
  async firstUse(timestamp: string, nonce: string): Promise<boolean> {
    const key = `${timestamp}:${nonce}`;
    // Kept until the timestamp itself would be refused as stale, and a second beyond.
    const expiresAtSeconds = Number(timestamp) + this.toleranceSeconds + 1;
    const ttlSeconds = Math.max(1, Math.ceil(expiresAtSeconds - Date.now() / 1000));
    const redis = this.redis;
    if (redis?.link.up) {
      try {
        return (await redis.link.client.set(`${redis.keyPrefix}${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
      } catch (error) {
        redis.link.markDown(error as Error);
      }
    }
    return this.firstUseInMemory(key, Date.now() + ttlSeconds * 1000);
  }

  private firstUseInMemory(key: string, expiresAt: number): boolean {
    const now = Date.now();
    for (const [old, until] of this.remembered) {
      if (until > now) break; // roughly in expiry order: insertion order with one tolerance for all
      this.remembered.delete(old);
    }
    const until = this.remembered.get(key);
    if (until !== undefined && until > now) return false;
    this.remembered.set(key, expiresAt);
    return true;
  }
}
