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
 * Rule 3's refusals and the blacklist are in address-refusals.ts, rule 4 in full-dump-rule.ts.
 */
import { addressGroup } from '../http/client-address.js';
import { noTallies, type Tally } from '../observability/instruments.js';
import { Counter, isRefusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import { AddressRefusals, type LimitsLog } from './address-refusals.js';
import type { AddressSet } from './address-set.js';
import type { ActiveKey, ApiKeyRegistry } from './api-keys.js';
import type { BlacklistRecord } from './blacklist-record.js';
import { FullDumpRule, type Verdict } from './full-dump-rule.js';
import { LIMIT_DECISIONS, type LimitDecision } from './limit-decisions.js';
import { ADDRESS_WINDOW_SECONDS, EXEMPT_REMAINING, keyTooFast, POLICY, remaining, unknownKey } from './policy.js';
import { ADDRESS_COUNTER } from './stored-keys.js';

export interface LimitRequest {
  /** The client's address (`request.ip`). */
  ip: string;
  apiKey: string | string[] | undefined;
  fullDump: boolean;
}

/**
 * Receives the decision on one request, exactly once: the error to answer with (a 429 or 401 ApiError, or
 * an unexpected failure), or null with the RateLimit-Policy and RateLimit header values (an exempt
 * address's say its quota is out of reach, policy.ts). It may be called before `check` returns.
 */
export type Decide = (error: Error | null, policy?: string, rateLimit?: string) => void;

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
  private readonly fullDump: FullDumpRule;
  /** One counter per distinct key rate (a counter has one quota), with its policy header value. */
  private readonly keyCounters = new Map<number, { counter: Counter; policy: string }>();
  private readonly refusals: AddressRefusals;
  private readonly decisions: Record<LimitDecision, Tally>;

  constructor(readonly parts: LimitsParts) {
    this.decisions = parts.decisions ?? noTallies(LIMIT_DECISIONS);
    this.address = this.counter(ADDRESS_COUNTER, 1, ADDRESS_WINDOW_SECONDS);
    this.fullDump = new FullDumpRule(parts.keyPrefix, parts.link, this.decisions.refused);
    this.refusals = new AddressRefusals(this.address, parts.blacklist, this.decisions);
  }

  /** Where blacklistings are logged. */
  attachLog(log: LimitsLog): void {
    this.refusals.log = log;
  }

  /**
   * Decides one request. This runs on every request, so when memory decides (no Redis, or Redis down) an
   * allowed request is decided at once, before `check` returns: no promise, no microtask. Refusals, full
   * dumps and Redis's answers arrive through the counter's promise.
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
    if (!fullDump) {
      const now = Date.now();
      const window = this.address.consumeNow(address, now);
      if (window !== undefined) {
        if (window.count <= this.address.spec.points) {
          this.decisions.allowed.inc();
          decide(null, policy, remaining('per-address', 0, window.endsAt - now));
        } else deliver(this.refusals.refuse(address, this.address.counted(window, now), policy), decide);
        return;
      }
    }
    this.address.consume(address).then(
      (counted) => {
        const rateLimit = remaining('per-address', 0, counted.msBeforeNext);
        if (fullDump) deliver(this.fullDump.check(address, policy, rateLimit, this.decisions.allowed), decide);
        else {
          this.decisions.allowed.inc();
          decide(null, policy, rateLimit);
        }
      },
      (error: unknown) => deliver(this.refusals.refuse(address, error, policy), decide),
    );
  }

  private checkKey(key: ActiveKey, fullDump: boolean, decide: Decide): void {
    const { counter, policy: keyPolicy } = this.keyCounter(key.ratePerSecond);
    const policy = fullDump ? `${keyPolicy}, ${POLICY.fullDump}` : keyPolicy;
    if (!fullDump) {
      const now = Date.now();
      const window = counter.consumeNow(key.limitKey, now);
      if (window !== undefined) {
        const msLeft = window.endsAt - now;
        if (window.count <= key.ratePerSecond) {
          this.decisions.keyed.inc();
          decide(null, policy, remaining('api-key', key.ratePerSecond - window.count, msLeft));
        } else this.keyRefusal(key, policy, msLeft, decide);
        return;
      }
    }
    counter.consume(key.limitKey).then(
      (counted) => {
        const rateLimit = remaining('api-key', counted.remainingPoints, counted.msBeforeNext);
        if (fullDump) deliver(this.fullDump.check(key.limitKey, policy, rateLimit, this.decisions.keyed), decide);
        else {
          this.decisions.keyed.inc();
          decide(null, policy, rateLimit);
        }
      },
      (error: unknown) => {
        if (!isRefusal(error)) return decide(error as Error);
        this.keyRefusal(key, policy, error.msBeforeNext, decide);
      },
    );
  }

  private keyRefusal(key: ActiveKey, policy: string, msBeforeNext: number, decide: Decide): void {
    this.decisions.refused.inc();
    const rateLimit = remaining('api-key', 0, msBeforeNext);
    const headers = { 'ratelimit-policy': policy, ratelimit: rateLimit };
    decide(keyTooFast(msBeforeNext, key.ratePerSecond, headers));
  }

  private exempt(decide: Decide): void {
    this.decisions.exempt.inc();
    decide(null, POLICY.exempt, EXEMPT_REMAINING);
  }

  /** Lifts an address's blacklist (and window) on this instance's memory (an operator's `blacklist clear`). */
  liftLocally(address: string): void {
    this.address.local.delete(address);
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
