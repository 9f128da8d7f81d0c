/**
 * The full-dump rule of the limits (limits.ts, rule 4): one `/all` request a minute per address or key,
 * whatever the type, checked after the request has passed its address or key rule. Also the shape of a
 * decision reached on the rarer paths (a refusal, this second rule), which limits.ts hands to `Decide`.
 */
import type { ApiError } from '../http/errors.js';
import type { Tally } from '../observability/instruments.js';
import { Counter, isRefusal, type Refusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import { FULL_DUMP_WINDOW_SECONDS, fullDumpTooFrequent, remaining } from './policy.js';
import { FULL_DUMP_COUNTER } from './stored-keys.js';

/** A decision reached on one of the rarer paths (a refusal, a full dump's second rule). */
export interface Verdict {
  policy: string;
  rateLimit: string;
  refusal?: ApiError;
}

export class FullDumpRule {
  private readonly counter: Counter;

  constructor(
    keyPrefix: string,
    link: RedisLink | undefined,
    private readonly refused: Tally,
  ) {
    this.counter = new Counter({ name: FULL_DUMP_COUNTER, points: 1, durationSeconds: FULL_DUMP_WINDOW_SECONDS }, keyPrefix, link);
  }

  /** Counts a dump of `who` (an address group or a key); `rateLimit` is what its first rule said. */
  async check(who: string, policy: string, rateLimit: string, allowed: Tally): Promise<Verdict> {
    try {
      const counted = await this.counter.consume(who);
      allowed.inc();
      return { policy, rateLimit: `${rateLimit}, ${remaining('full-dump', 0, counted.msBeforeNext)}` };
    } catch (error) {
      const refusal = refusalOf(error);
      this.refused.inc();
      const both = `${rateLimit}, ${remaining('full-dump', 0, refusal.msBeforeNext)}`;
      const headers = { 'ratelimit-policy': policy, ratelimit: both };
      return { policy, rateLimit: both, refusal: fullDumpTooFrequent(refusal.msBeforeNext, headers) };
    }
  }
}

/** The counter's refusal, or the unexpected failure rethrown. */
export function refusalOf(error: unknown): Refusal {
  if (isRefusal(error)) return error;
  throw error;
}
