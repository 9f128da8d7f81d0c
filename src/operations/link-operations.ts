/**
 * Link health as operators act on it (docs/link-health.md, "Operations"; docs/console.md): check links
 * now (`links check`, the console's re-check and probe), show a hidden entry again, dismiss a report.
 * A check sends its requests from this process, paced at LINK_CHECK_RATE per provider, and applies the
 * visibility rule; a hide or show goes through the catalogue's write path, so every instance follows it.
 * Each link checked is one audit row with its verdict and what it did to the entry.
 */
import type { CheckOutcome, LinkChecker } from '../links/link-checker.js';
import { LinkHealthStore } from '../links/link-health-store.js';
import { LinkQueueStore } from '../links/link-queue-store.js';
import { dismissReport, showAgain } from '../links/link-reveal.js';
import { LEASE_MS } from '../links/link-scheduler.js';
import { type ProviderId, parseShareLink } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import type { AuditLog } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

export interface LinkCheckSettings {
  /** LINK_CHECK_ORIGINS, parsed. */
  origins: Partial<Record<ProviderId, string>>;
  ratePerSecond: number;
  confirmMs: number;
  /** The checker to use instead of the providers' (tests). */
  checker?: LinkChecker | undefined;
}

/** One link checked: the outcome, and whether the catalogue holds the link and the check hid or showed it. */
export interface CheckResult {
  link: string;
  outcome: CheckOutcome;
  held: boolean;
  change: 'hidden' | 'shown' | undefined;
}

export class LinkOperations {
  private readonly health: LinkHealthStore;
  private readonly queue: LinkQueueStore;
  private readonly lastCheckAt = new Map<string, number>();
  private checker: LinkChecker | undefined;

  constructor(
    private readonly database: Database,
    private readonly audit: AuditLog,
    private readonly afterChange: () => Promise<void>,
    private readonly settings: LinkCheckSettings,
  ) {
    this.health = new LinkHealthStore(database, settings.confirmMs);
    this.queue = new LinkQueueStore(database);
  }

  /** Checks these links now, in order; `onResult` hears each as it is decided. */
  async check(actor: string, links: string[], onResult?: (result: CheckResult) => void): Promise<CheckResult[]> {
    const results: CheckResult[] = [];
    for (const link of links) {
      const result = await this.checkOne(link);
      onResult?.(result);
      results.push(result);
    }
    await this.audit.record(
      actor,
      results.map(({ link, outcome, held, change }) => ({
        action: 'links check',
        target: link,
        detail: `${outcome.verdict}${held ? '' : ', not in the catalogue (not recorded)'}${change ? `, ${change}` : ''}`,
      })),
    );
    if (results.some((result) => result.change)) await this.afterChange();
    return results;
  }

  /** Checks the most due links (of `providers`, up to `limit`), taking their leases as a running instance would. */
  async checkDue(actor: string, providers: readonly ProviderId[], limit: number, onResult?: (result: CheckResult) => void) {
    const owner = `cli-${process.pid}`;
    while ((await this.queue.enrolNew()) > 0) {
      // every entry enrolled, a batch at a time, so "most due" sees the never-checked ones too
    }
    const picked: string[] = [];
    for (const id of providers) {
      const due = await this.queue.due(id, limit - picked.length, Date.now());
      picked.push(...(await this.queue.claim(due, owner, Date.now(), LEASE_MS)));
      if (picked.length >= limit) break;
    }
    try {
      return await this.check(actor, picked, onResult);
    } finally {
      await this.queue.release(picked, owner);
    }
  }

  /** Shows a hidden entry again by an operator's decision (links/link-reveal.ts). */
  async showAgain(actor: string, link: string): Promise<void> {
    if (!(await showAgain(this.database, link))) throw new OperationRefused(`no hidden entry has the link ${link}`);
    await this.audit.record(actor, [{ action: 'links show', target: link }]);
    await this.afterChange();
  }

  async dismissReport(actor: string, link: string): Promise<void> {
    if (!(await dismissReport(this.database, link))) throw new OperationRefused(`${link} is not reported`);
    await this.audit.record(actor, [{ action: 'report dismiss', target: link }]);
  }

  private async checkOne(link: string): Promise<CheckResult> {
    const before = await this.health.status(link);
    const share = parseShareLink(link);
    if (share) {
      // Paced at LINK_CHECK_RATE per provider, as the background checks are.
      const wait = (this.lastCheckAt.get(share.provider) ?? 0) + 1000 / this.settings.ratePerSecond - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.lastCheckAt.set(share.provider, Date.now());
    }
    // Loaded on use, as the checkers' parsers are needed only by the commands and pages that check.
    this.checker ??=
      this.settings.checker ?? (await import('../links/providers/index.js')).createLinkChecker({ origins: this.settings.origins });
    const outcome = await this.checker.check(link);
    if (!before) return { link, outcome, held: false, change: undefined };
    const after = await this.health.record(link, outcome, new Date());
    const change = after.hidden === before.hidden ? undefined : after.hidden ? 'hidden' : 'shown';
    return { link, outcome, held: true, change };
  }
}
