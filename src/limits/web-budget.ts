/**
 * The web page's budget: requests a minute per client address (WEB_RATE_LIMIT) to the pages a
 * browser loads, the API reference at `/docs` and the document at `/openapi.json` on either listener
 * (docs/decisions.md, Operations). They are apart from the catalogue's API limits, so reading the
 * reference never costs a client its API quota, and the budget stops a page from being hammered. The
 * count is shared through Redis like the other limits (redis/counter.ts), per address group.
 */
import { addressGroup } from '../http/client-address.js';
import type { ApiError } from '../http/errors.js';
import { Counter, isRefusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import type { AddressSet } from './address-set.js';
import { webPageTooFast } from './policy.js';
import { PAGE_COUNTER } from './stored-keys.js';

export class WebBudget {
  private readonly counter: Counter;

  constructor(
    private readonly perMinute: number,
    keyPrefix: string,
    link: RedisLink | undefined,
    private readonly exempt: AddressSet,
  ) {
    this.counter = new Counter({ name: PAGE_COUNTER, points: perMinute, durationSeconds: 60 }, keyPrefix, link);
  }

  /** Counts one page request; resolves to the 429 to answer with, or undefined when it is within budget. */
  async check(ip: string): Promise<ApiError | undefined> {
    if (this.exempt.has(ip)) return undefined;
    try {
      await this.counter.consume(addressGroup(ip));
      return undefined;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return webPageTooFast(error.msBeforeNext, this.perMinute);
    }
  }
}
