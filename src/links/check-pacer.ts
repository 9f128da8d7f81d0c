/**
 * The pace of link checks per provider for the whole deployment (docs/link-health.md, "Politeness"): one
 * token of the provider's rate per check, counted in a fixed window on the shared counter of
 * src/redis/counter.ts (in Redis when there is one, so every instance keeps one rate together; in memory
 * otherwise, so it must be one object per process). The background scheduler and the console's "check
 * now" take their tokens here, so an operator's clicks and the scheduler share one budget instead of
 * adding up past LINK_CHECK_RATE.
 */
import { Counter, isRefusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import type { ProviderId } from '../shared/share-links.js';

export class CheckPacer {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly redisKeyPrefix = 'dramadex:',
    private readonly redis?: RedisLink | undefined,
  ) {}

  /** Takes a token of `provider` at `rate` checks a second: 0 when taken, else the ms until one may be. */
  async tryTake(provider: ProviderId, rate: number): Promise<number> {
    try {
      await this.counterFor(rate).consume(provider);
      return 0;
    } catch (refusal) {
      if (!isRefusal(refusal)) throw refusal;
      return Math.max(1, refusal.msBeforeNext);
    }
  }

  /** Waits (through `wait`, so a caller's stop can cut it short) until a token is taken or `stopped()`. */
  async take(provider: ProviderId, rate: number, wait: (ms: number) => Promise<void>, stopped: () => boolean): Promise<void> {
    while (!stopped()) {
      const ms = await this.tryTake(provider, rate);
      if (ms === 0) return;
      await wait(ms);
    }
  }

  /** The deployment-wide counter for a rate: whole checks a second, or one check every few seconds. */
  private counterFor(rate: number): Counter {
    const spec = rate >= 1 ? { points: Math.floor(rate), durationSeconds: 1 } : { points: 1, durationSeconds: Math.round(1 / rate) };
    const name = `link-checks:${spec.points}/${spec.durationSeconds}`;
    let counter = this.counters.get(name);
    if (!counter) {
      counter = new Counter({ name, ...spec }, this.redisKeyPrefix, this.redis);
      this.counters.set(name, counter);
    }
    return counter;
  }
}
