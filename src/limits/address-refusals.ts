/**
 * What the per-address rule answers when an address is over its window (limits.ts, rule 3): a 429 that
 * counts the violation, and on the fifth in a row the blacklist: the address's counter set to
 * BLACKLIST_MARK for 30 minutes where the request was counted (Redis or memory), a log line, and a row in
 * the blacklist record that `dramadex blacklist list|clear` reads.
 */
import type { Tally } from '../observability/instruments.js';
import type { Logger } from '../observability/logger.js';
import type { Counter } from '../redis/counter.js';
import type { BlacklistRecord } from './blacklist-record.js';
import { refusalOf, type Verdict } from './full-dump-rule.js';
import type { LimitDecision } from './limit-decisions.js';
import { BLACKLIST_AFTER_VIOLATIONS, BLACKLIST_MARK, BLACKLIST_SECONDS, blacklisted, remaining, tooFast } from './policy.js';

/** Where the limits log blacklistings. */
export type LimitsLog = Pick<Logger, 'warn' | 'error'>;

export class AddressRefusals {
  log: LimitsLog | undefined;

  constructor(
    private readonly address: Counter,
    private readonly record: BlacklistRecord,
    private readonly decisions: Record<LimitDecision, Tally>,
  ) {}

  async refuse(address: string, error: unknown, policy: string): Promise<Verdict> {
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
    this.record.blocked(address, since, until).catch((error: Error) => {
      this.log?.error({ err: error, address }, 'could not write the blacklisting to the database (the blacklist itself holds)');
    });
  }
}
