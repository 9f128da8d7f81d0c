/**
 * The names of the limits' counters, which are part of their Redis keys
 * (`<REDIS_KEY_PREFIX><counter>:<address or key>`), and the one operation on those keys made from outside
 * a running instance: `dramadex blacklist clear` deleting an address's shared window, which is where its
 * blacklist lives (limits.ts). Kept here so the command line never rebuilds a key of its own.
 */
import type { Redis } from 'ioredis';

export const ADDRESS_COUNTER = 'addr';
export const FULL_DUMP_COUNTER = 'all';
/** The web page's budget and the API reference's share one count per address. */
export const PAGE_COUNTER = 'web';
/** The feeds' own budget (page-budget.ts, FEED_RATE_PER_MINUTE). */
export const FEED_COUNTER = 'feeds';

/** Lifts the shared blacklist (and window) of each address for every instance at once. */
export async function liftSharedBlacklists(redis: Redis, keyPrefix: string, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  // rate-limiter-flexible joins a counter's prefix and the key with `:`.
  await redis.del(...addresses.map((address) => `${keyPrefix}${ADDRESS_COUNTER}:${address}`));
}
