/**
 * The sign-in throttle (docs/console.md, "Signing in"), after OWASP's Authentication cheat sheet: after 5
 * failed sign-ins from one address, or for one account name, within 15 minutes, further attempts are
 * refused for 15 minutes. Names are counted whether or not an account has them, so the throttle says
 * nothing about which names exist. It counts with the limits' counter (redis/counter.ts): in memory, or
 * in Redis when REDIS_URL is set, so every instance refuses together; a Redis outage falls back to each
 * instance's memory through the same switch every other counter uses.
 */
import { addressGroup } from '../http/client-address.js';
import { Counter, isRefusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';

export const FAILURES_ALLOWED = 5;
export const WINDOW_SECONDS = 15 * 60;
export const BLOCK_SECONDS = 15 * 60;

export class SignInThrottle {
  private readonly byAddress: Counter;
  private readonly byName: Counter;

  constructor(keyPrefix: string, link: RedisLink | undefined) {
    const spec = { points: FAILURES_ALLOWED, durationSeconds: WINDOW_SECONDS };
    this.byAddress = new Counter({ name: 'admin-sign-in-address', ...spec }, keyPrefix, link);
    this.byName = new Counter({ name: 'admin-sign-in-name', ...spec }, keyPrefix, link);
  }

  /** Seconds until attempts from this address or for this name are taken again; 0 when they are now. */
  async refusedFor(address: string, name: string): Promise<number> {
    const counts = await Promise.all([this.byAddress.get(addressGroup(address)), this.byName.get(nameKey(name))]);
    // A window that has ended but whose timer has not yet run (memory) blocks nothing.
    const blocked = counts.filter((count) => count !== null && count.consumedPoints >= FAILURES_ALLOWED && count.msBeforeNext > 0);
    return blocked.length === 0 ? 0 : Math.ceil(Math.max(...blocked.map((count) => count?.msBeforeNext ?? 0)) / 1000);
  }

  /** Counts a failed attempt; the fifth in a window blocks the address or name for BLOCK_SECONDS from now. */
  async failed(address: string, name: string): Promise<void> {
    await Promise.all([this.count(this.byAddress, addressGroup(address)), this.count(this.byName, nameKey(name))]);
  }

  private async count(counter: Counter, key: string): Promise<void> {
    const counted = await counter.consume(key).catch((error: unknown) => {
      if (isRefusal(error)) return error; // already over: the block below is renewed
      throw error;
    });
    if (counted.consumedPoints >= FAILURES_ALLOWED) await counter.set(key, FAILURES_ALLOWED, BLOCK_SECONDS);
  }
}

/** Names are counted case-folded and NFKC-normalised, so `Admin` and `ａｄｍｉｎ` share a count. */
function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().slice(0, 128);
}
