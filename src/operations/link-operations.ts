/**
 * Link health as operators act on it from the console (docs/link-health.md, "Operations";
 * docs/console.md): check one link now (re-check, probe), show a hidden entry again, dismiss a report,
 * reset a provider's breaker. A check goes through the provider's shared guards as `dramadex links check`
 * and the background checks do (a paused provider is not asked; the verdict is recorded by the
 * GuardedRecorder, so the breaker, the hourly hide cap and LINK_CHECK_HIDE apply; it takes its turn of the
 * provider's LINK_CHECK_RATE from the pacer the scheduler uses, so clicks add no checks past the rate), and a
 * hide or show goes through the catalogue's write path, so every instance follows it. Each is one audit row,
 * written in the transaction of what it changed (a check's network call comes first, outside it).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { LinkCheckConfig } from '../config/config.js';
import { CheckPacer } from '../links/check-pacer.js';
import type { GuardedRecorder, Recorded } from '../links/guarded-recorder.js';
import { createLinkCheckChain, type LinkCheckChain } from '../links/link-check-chain.js';
import type { CheckOutcome, LinkChecker } from '../links/link-checker.js';
import type { LinkStatus } from '../links/link-health-reads.js';
import type { LinkHealthStore } from '../links/link-health-store.js';
import { dismissReport, showAgain } from '../links/link-reveal.js';
import type { GuardState, ProviderGuards } from '../links/provider-guards.js';
import type { LinkHealth } from '../links/visibility-rule.js';
import type { Logger } from '../observability/logger.js';
import { PROVIDER_IDS, type ProviderId, parseShareLink } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { followingTransaction } from '../store/one-transaction.js';
import type { AuditLog } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

/** One link checked: the outcome, and whether the catalogue holds the link and the check hid or showed it. */
export interface CheckResult {
  link: string;
  outcome: CheckOutcome;
  held: boolean;
  change: 'hidden' | 'shown' | undefined;
}

/** A verdict recorded by `recordVerdict`: the link's health before it, and what recording it did. */
export interface RecordedVerdict {
  before: LinkStatus;
  recorded: Recorded;
}

/** A check waits at most this long in all for its provider's turn; a longer wait is refused with its length. */
export const PACE_WAIT_MS = 2000;
/** `links breaker allow --hours` at most: a month, so an allowance always ends. */
export const MAX_ALLOW_HOURS = 720;

export class LinkOperations {
  private readonly health: LinkHealthStore;
  readonly guards: ProviderGuards;
  private readonly recorder: GuardedRecorder;
  private checker: LinkChecker | undefined;

  constructor(
    database: Database,
    private readonly audit: AuditLog,
    private readonly afterChange: () => Promise<void>,
    private readonly settings: LinkCheckConfig,
    log: Logger,
    checker?: LinkChecker,
    /** The scheduler's pacer (link-services.ts) where one runs in this process; else this process's own. */
    private readonly pacer: CheckPacer = new CheckPacer(),
    /** The process's link-check chain (link-services.ts), so its failures count with the scheduler's; else one of its own. */
    chain?: LinkCheckChain,
  ) {
    // Kept across calls (the recorder remembers runs of failures), so they follow the audited transaction.
    const { health, guards, recorder } = chain ?? createLinkCheckChain({ database: followingTransaction(database), settings, log });
    this.health = health;
    this.guards = guards;
    this.recorder = recorder;
    this.checker = checker;
  }

  /** Checks one link now and records its verdict; refused while its provider is paused. */
  async check(actor: string, link: string): Promise<CheckResult> {
    if (!URL.canParse(link) || !/^https?:$/.test(new URL(link).protocol)) throw new OperationRefused(`not an http(s) link: "${link}"`);
    const provider = parseShareLink(link)?.provider;
    if (provider) {
      const state = await this.guards.state(provider, Date.now());
      if (state.pausedUntil > Date.now())
        throw new OperationRefused(
          `${provider} is paused until ${new Date(state.pausedUntil).toISOString()} (${state.pauseReason ?? 'a throttle'}); reset its breaker to check now`,
        );
      await this.takeTurn(provider, state.rate);
    }
    // Loaded on use, as the checkers' parsers are needed only where something is checked.
    this.checker ??= (await import('../links/providers/provider-link-checker.js')).createLinkChecker({
      origins: (await import('../links/check-origins.js')).parseCheckOrigins(this.settings.origins),
    });
    const outcome = await this.checker.check(link);
    const result = await this.audit.change(
      actor,
      async (): Promise<CheckResult> => {
        const before = await this.health.status(link);
        if (!before) return { link, outcome, held: false, change: undefined };
        const after = (await this.recorder.record(link, outcome, new Date())).health;
        return { link, outcome, held: true, change: after.hidden === before.hidden ? undefined : after.hidden ? 'hidden' : 'shown' };
      },
      ({ held, change }) => [
        {
          action: 'links check',
          target: link,
          detail: `${outcome.verdict}: ${outcome.reason}${held ? '' : ', not in the catalogue (not recorded)'}${change ? `, ${change}` : ''}`,
        },
      ],
    );
    if (result.change) await this.afterChange();
    return result;
  }

  /**
   * Records a verdict its caller checked (`dramadex links check`'s lanes, which pace themselves) through
   * the guards, and its audit row, in one transaction, or neither; undefined, with nothing recorded but
   * the row, when the catalogue does not hold the link.
   */
  recordVerdict(actor: string, link: string, outcome: CheckOutcome): Promise<RecordedVerdict | undefined> {
    return this.audit.change(
      actor,
      async () => {
        const before = await this.health.status(link);
        return before ? { before, recorded: await this.recorder.record(link, outcome, new Date()) } : undefined;
      },
      (seen) => [
        {
          action: 'links check',
          target: link,
          detail: `${outcome.verdict}: ${outcome.reason}${seen ? verdictNote(outcome, seen.recorded.health) : ', not in the catalogue (not recorded)'}`,
        },
      ],
    );
  }

  /** Waits for a turn of the provider's shared pace, up to PACE_WAIT_MS in all; refused when it would take longer. */
  private async takeTurn(provider: ProviderId, rate: number): Promise<void> {
    let waited = 0;
    for (;;) {
      const ms = await this.pacer.tryTake(provider, rate);
      if (ms === 0) return;
      if (waited + ms > PACE_WAIT_MS)
        throw new OperationRefused(
          `${provider} is checked at most ${rate} times a second (LINK_CHECK_RATE, shared with the background checks); its next turn is in ${Math.ceil(ms / 1000)} s`,
        );
      await delay(ms);
      waited += ms;
    }
  }

  /** Shows a hidden entry again by an operator's decision (links/link-reveal.ts). */
  async showAgain(actor: string, link: string): Promise<void> {
    await this.audit.change(
      actor,
      async (database) => {
        if (!(await showAgain(database, link))) throw new OperationRefused(`no hidden entry has the link ${link}`);
      },
      () => [{ action: 'links show', target: link }],
    );
    await this.afterChange();
  }

  async dismissReport(actor: string, link: string): Promise<void> {
    await this.audit.change(
      actor,
      async (database) => {
        if (!(await dismissReport(database, link))) throw new OperationRefused(`${link} is not reported`);
      },
      () => [{ action: 'report dismiss', target: link }],
    );
  }

  /** Closes a provider's breaker and lifts its pause (`dramadex links breaker reset`). */
  async resetBreaker(actor: string, provider: string): Promise<void> {
    if (!(PROVIDER_IDS as readonly string[]).includes(provider)) throw new OperationRefused(`unknown provider "${provider}"`);
    // The guards remember creating a provider's row; it is created first, in its own commit, so a reset
    // rolled back cannot leave them remembering a row that is not there.
    await this.guards.state(provider as ProviderId, Date.now());
    await this.audit.change(
      actor,
      () => this.guards.reset(provider as ProviderId),
      () => [{ action: 'breaker reset', target: provider }],
    );
  }

  /** Lets a provider's dead verdicts hide past the dead-rate ceiling for `hours` (`dramadex links breaker allow`). */
  async allowPastCeiling(actor: string, provider: string, hours: number): Promise<number> {
    if (!(PROVIDER_IDS as readonly string[]).includes(provider)) throw new OperationRefused(`unknown provider "${provider}"`);
    if (!(Number.isInteger(hours) && hours >= 1 && hours <= MAX_ALLOW_HOURS))
      throw new OperationRefused(`--hours must be a whole number of hours from 1 to ${MAX_ALLOW_HOURS}, got "${hours}"`);
    const until = Date.now() + hours * 3_600_000;
    await this.guards.state(provider as ProviderId, Date.now());
    await this.audit.change(
      actor,
      () => this.guards.allowPastCeiling(provider as ProviderId, until),
      () => [{ action: 'breaker allow', target: provider, detail: `past the dead-rate ceiling until ${new Date(until).toISOString()}` }],
    );
    return until;
  }

  /** Every provider's guards as the deployment shares them. */
  guardStates(): Promise<GuardState[]> {
    return this.guards.states(Date.now());
  }
}

/** What a recorded verdict did not do, beside it: kept as suspect, or confirmed and waiting to hide. */
export function verdictNote(outcome: CheckOutcome, after: LinkHealth): string {
  if (after.suspect) return '  [suspect: hides nothing]';
  if (outcome.verdict === 'dead' && after.confirmedAt && !after.hidden) return '  [confirmed, waiting to hide]';
  return '';
}
