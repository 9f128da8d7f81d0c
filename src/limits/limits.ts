/**
 * The catalogue's limits as one decision per request, apart from HTTP: given the client's address, its
 * `X-API-Key` header and whether it asks for a full dump, either allow it (with the RateLimit header
 * values) or refuse it with the error to answer. Rules, in order:
 *   1. a key header must name an active key (401 otherwise); the key's own rate replaces the address rule;
 *   2. exempt addresses are never limited;
 *   3. the per-address rule: one request per 3 s window; the fifth refused request in a row (all in one
 *      window, since the first request after a window is allowed) sets the address's counter to
 *      BLACKLIST_MARK for 30 minutes, which is what "blacklisted" means in either store;
 *   4. `/all` requests also pass the full-dump rule (one per minute per address or key, any type).
 */
import { addressGroup } from '../http/client-address.js';
import type { ApiError } from '../http/errors.js';
import { noTallies, type Tally } from '../observability/instruments.js';
import { LIMIT_DECISIONS, type LimitDecision } from '../observability/metrics.js';
import { Counter, isRefusal, type Refusal } from '../redis/counter.js';
import type { RedisLink, RedisLog } from '../redis/redis-link.js';
import type { AddressSet } from './address-set.js';
import type { ActiveKey, ApiKeyRegistry } from './api-keys.js';
import type { BlacklistRecord } from './blacklist-record.js';
import {
  ADDRESS_WINDOW_SECONDS,
  BLACKLIST_AFTER_VIOLATIONS,
  BLACKLIST_MARK,
  BLACKLIST_SECONDS,
  blacklisted,
  FULL_DUMP_WINDOW_SECONDS,
  fullDumpTooFrequent,
  keyTooFast,
  POLICY,
  remaining,
  tooFast,
  unknownKey,
} from './policy.js';
import { ADDRESS_COUNTER, FULL_DUMP_COUNTER } from './stored-keys.js';

export interface LimitRequest {
  /** The client's address (`request.ip`). */
  ip: string;
  apiKey: string | string[] | undefined;
  fullDump: boolean;
}

/**
 * Receives the decision on one request, exactly once: the error to answer with (a 429 or 401 ApiError, or
 * an unexpected failure), or null with the RateLimit-Policy and RateLimit header values (none when the
 * address is exempt). It may be called before `check` returns.
 */
export type Decide = (error: Error | null, policy?: string, rateLimit?: string) => void;

/** A decision reached on one of the rarer paths (a refusal, a full dump's second rule). */
interface Verdict {
  policy: string;
  rateLimit: string;
  refusal?: ApiError;
}

export interface LimitsParts {
  keyPrefix: string;
  link: RedisLink | undefined;
  apiKeys: ApiKeyRegistry;
  exempt: AddressSet;
  blacklist: BlacklistRecord;
  /** One tally per decision (metrics); no-ops when metrics are off. */
  decisions?: Record<LimitDecision, Tally>;
}

export class Limits {
  readonly address: Counter;
  readonly fullDump: Counter;
  /** One counter per distinct key rate (a counter has one quota), with its policy header value. */
  private readonly keyCounters = new Map<number, { counter: Counter; policy: string }>();
  private log: RedisLog | undefined;
  private readonly decisions: Record<LimitDecision, Tally>;

  constructor(readonly parts: LimitsParts) {
    this.decisions = parts.decisions ?? noTallies(LIMIT_DECISIONS);
    this.address = this.counter(ADDRESS_COUNTER, 1, ADDRESS_WINDOW_SECONDS);
    this.fullDump = this.counter(FULL_DUMP_COUNTER, 1, FULL_DUMP_WINDOW_SECONDS);
  }

  /** Where blacklistings are logged. */
  attachLog(log: RedisLog): void {
    this.log = log;
  }

  /**
   * Decides one request. This runs on every request, so an allowed one costs the counter's promise and a
   * single `then` that calls `decide`: returning the decision as a promise of its own would add a second
   * promise and a second microtask, about 1,100 instructions a request under callgrind.
   */
  check(request: LimitRequest, decide: Decide): void {
    if (request.apiKey === undefined) {
      if (this.parts.exempt.has(request.ip)) this.exempt(decide);
      // Limited per IPv4 address or IPv6 /64 (client-address.ts).
      else this.checkAddress(addressGroup(request.ip), request.fullDump, decide);
      return;
    }
    const key = typeof request.apiKey === 'string' ? this.parts.apiKeys.lookup(request.apiKey) : undefined;
    if (!key) {
      this.decisions.unknown_key.inc();
      decide(unknownKey());
    } else if (this.parts.exempt.has(request.ip)) this.exempt(decide);
    else this.checkKey(key, request.fullDump, decide);
  }

  private checkAddress(address: string, fullDump: boolean, decide: Decide): void {
    const policy = fullDump ? `${POLICY.address}, ${POLICY.fullDump}` : POLICY.address;
    this.address.consume(address).then(
      (counted) => {
        const rateLimit = remaining('per-address', 0, counted.msBeforeNext);
        if (fullDump) deliver(this.checkFullDump(address, policy, rateLimit, this.decisions.allowed), decide);
        else {
          this.decisions.allowed.inc();
          decide(null, policy, rateLimit);
        }
      },
      (error: unknown) => deliver(this.refuseAddress(address, error, policy), decide),
    );
  }

  private async refuseAddress(address: string, error: unknown, policy: string): Promise<Verdict> {
    const refusal = refusalOf(error);
    const violation = refusal.consumedPoints - 1;
    let msLeft = refusal.msBeforeNext;
    if (refusal.consumedPoints < BLACKLIST_MARK && violation >= BLACKLIST_AFTER_VIOLATIONS) {
      // Exactly one request sees the fifth violation (the count is atomic) and starts the blacklist;
      // one racing it in the same window is answered as blacklisted too.
      if (violation === BLACKLIST_AFTER_VIOLATIONS) await this.startBlacklist(address);
      msLeft = BLACKLIST_SECONDS * 1000;
    }
    const rateLimit = remaining('per-address', 0, msLeft);
    const headers = { 'ratelimit-policy': policy, ratelimit: rateLimit };
    const isBlacklisted = violation >= BLACKLIST_AFTER_VIOLATIONS;
    this.decisions[isBlacklisted ? 'blacklisted' : 'refused'].inc();
    const refused = isBlacklisted ? blacklisted(msLeft, headers) : tooFast(msLeft, violation, headers);
    return { policy, rateLimit, refusal: refused };
  }

  private async startBlacklist(address: string): Promise<void> {
    await this.address.set(address, BLACKLIST_MARK, BLACKLIST_SECONDS);
    const since = new Date();
    const until = new Date(since.getTime() + BLACKLIST_SECONDS * 1000);
    this.log?.warn({ address, until: until.toISOString() }, `address blacklisted after ${BLACKLIST_AFTER_VIOLATIONS} violations in a row`);
    this.parts.blacklist.blocked(address, since, until).catch((error: Error) => {
      this.log?.error({ err: error, address }, 'could not write the blacklisting to the database (the blacklist itself holds)');
    });
  }

  private checkKey(key: ActiveKey, fullDump: boolean, decide: Decide): void {
    const { counter, policy: keyPolicy } = this.keyCounter(key.ratePerSecond);
    const policy = fullDump ? `${keyPolicy}, ${POLICY.fullDump}` : keyPolicy;
    counter.consume(key.limitKey).then(
      (counted) => {
        const rateLimit = remaining('api-key', counted.remainingPoints, counted.msBeforeNext);
        if (fullDump) deliver(this.checkFullDump(key.limitKey, policy, rateLimit, this.decisions.keyed), decide);
        else {
          this.decisions.keyed.inc();
          decide(null, policy, rateLimit);
        }
      },
      (error: unknown) => {
        if (!isRefusal(error)) return decide(error as Error);
        this.decisions.refused.inc();
        const rateLimit = remaining('api-key', 0, error.msBeforeNext);
        const headers = { 'ratelimit-policy': policy, ratelimit: rateLimit };
        decide(keyTooFast(error.msBeforeNext, key.ratePerSecond, headers));
      },
    );
  }

  private exempt(decide: Decide): void {
    this.decisions.exempt.inc();
    decide(null);
  }

  private async checkFullDump(who: string, policy: string, rateLimit: string, allowed: Tally): Promise<Verdict> {
    try {
      const counted = await this.fullDump.consume(who);
      allowed.inc();
      return { policy, rateLimit: `${rateLimit}, ${remaining('full-dump', 0, counted.msBeforeNext)}` };
    } catch (error) {
      const refusal = refusalOf(error);
      this.decisions.refused.inc();
      const both = `${rateLimit}, ${remaining('full-dump', 0, refusal.msBeforeNext)}`;
      const headers = { 'ratelimit-policy': policy, ratelimit: both };
      return { policy, rateLimit: both, refusal: fullDumpTooFrequent(refusal.msBeforeNext, headers) };
    }
  }

  /** Lifts an address's blacklist (and window) on this instance's memory (an operator's `blacklist clear`). */
  async liftLocally(address: string): Promise<void> {
    await this.address.local.delete(address);
  }

  private keyCounter(rate: number): { counter: Counter; policy: string } {
    let entry = this.keyCounters.get(rate);
    if (!entry) {
      entry = { counter: this.counter(`key${rate}`, rate, 1), policy: POLICY.apiKey(rate) };
      this.keyCounters.set(rate, entry);
    }
    return entry;
  }

  private counter(name: string, points: number, durationSeconds: number): Counter {
    return new Counter({ name, points, durationSeconds }, this.parts.keyPrefix, this.parts.link);
  }
}

function deliver(verdict: Promise<Verdict>, decide: Decide): void {
  verdict.then((settled) => decide(settled.refusal ?? null, settled.policy, settled.rateLimit), decide);
}

function refusalOf(error: unknown): Refusal {
  if (isRefusal(error)) return error;
  throw error;
}
