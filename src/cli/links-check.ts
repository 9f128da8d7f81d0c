/**
 * `dramadex links check` (docs/link-health.md, "Operations"): checks now the given links or the most due
 * ones, and tells what it did. Each provider runs in its own lane, all lanes at once, each paced at the
 * provider's shared rate with LINK_CHECK_CONCURRENCY checks in flight; a lane starts with the provider's
 * canary (a run is a cycle), and every verdict goes through the provider's guards as the background
 * checks' do. A lane whose provider is paused, whose canary fails, that keeps failing or that has not
 * finished within LANE_DEADLINE_MS stops with one line saying why, so a provider that never answers costs
 * seconds, not ten seconds a link. When nothing is due the summary says why. Each verdict recorded is one
 * audit row (as `cli`), committed with it.
 */

import type { Config } from '../config/config.js';
import { checkCanary } from '../links/canary.js';
import { type CheckOutcome, type LinkChecker, VERDICTS, type Verdict } from '../links/link-checker.js';
import { LinkQueueStore } from '../links/link-queue-store.js';
import { LEASE_MS } from '../links/link-scheduler.js';
import type { ProviderGuards } from '../links/provider-guards.js';
import type { Logger } from '../observability/logger.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import { type LinkOperations, verdictNote } from '../operations/link-operations.js';
import { createOperations } from '../operations/operations.js';
import { PROVIDER_IDS, type ProviderId, parseShareLink } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { nothingDueReason } from './links-idle.js';

/** A lane that has not finished by then gives up on its provider's remaining links. */
export const LANE_DEADLINE_MS = 25_000;

export interface LinksCheckRun {
  config: Config;
  database: Database;
  checker: LinkChecker;
  log: Logger;
  given: string[];
  provider: ProviderId | undefined;
  limit: number;
  write: (line: string) => void;
}

interface Tally {
  verdicts: Map<Verdict, number>;
  hidden: number;
  shown: number;
  waiting: number;
  suspect: number;
  notHeld: number;
  skipped: number;
}

export async function runLinksCheck(run: LinksCheckRun): Promise<void> {
  const { config, database, write } = run;
  const queue = new LinkQueueStore(database);
  // Every verdict is recorded through the link operations, with its audit row; their guards and recorder are
  // kept for the whole run (the recorder remembers runs of failures).
  const operations = createOperations({ config, database, log: run.log, checker: run.checker }).links;
  const guards = operations.guards;
  const owner = `cli-${process.pid}`;
  let links = run.given.map((link) => link.trim()).filter(Boolean);
  if (run.provider) links = links.filter((link) => parseShareLink(link)?.provider === run.provider);
  if (run.given.length === 0) links = await mostDue(queue, run.provider ? [run.provider] : PROVIDER_IDS, run.limit, owner);
  const tally: Tally = {
    verdicts: new Map(VERDICTS.map((verdict) => [verdict, 0])),
    hidden: 0,
    shown: 0,
    waiting: 0,
    suspect: 0,
    notHeld: 0,
    skipped: 0,
  };
  const lanes = new Map<ProviderId | 'none', string[]>();
  for (const link of links) {
    const id = parseShareLink(link)?.provider ?? 'none';
    lanes.set(id, [...(lanes.get(id) ?? []), link]);
  }
  const lane = new Lane(run, operations, tally);
  await Promise.all([...lanes].map(([id, laneLinks]) => lane.check(id, laneLinks)));
  if (run.given.length === 0) await queue.release(links, owner);
  const checked = [...tally.verdicts.values()].reduce((sum, count) => sum + count, 0);
  if (links.length === 0 && run.given.length === 0) {
    write(`checked 0 links: ${await nothingDueReason(database, guards, run.provider)}`);
    return;
  }
  const counts = VERDICTS.map((verdict) => `${tally.verdicts.get(verdict)} ${verdict}`).join(', ');
  const extra = [
    tally.suspect > 0 ? `${tally.suspect} dead kept as suspect (breaker or canary)` : '',
    tally.waiting > 0 ? `${tally.waiting} confirmed, waiting (hourly cap, daily share or LINK_CHECK_HIDE)` : '',
    tally.skipped > 0 ? `${tally.skipped} skipped` : '',
    tally.notHeld > 0 ? `${tally.notHeld} not in the catalogue (not recorded)` : '',
  ].filter(Boolean);
  write(
    `checked ${checked} ${checked === 1 ? 'link' : 'links'}: ${counts}; ${tally.hidden} hidden, ${tally.shown} shown again${extra.map((part) => `; ${part}`).join('')}`,
  );
}

async function mostDue(queue: LinkQueueStore, providers: readonly ProviderId[], count: number, owner: string): Promise<string[]> {
  while ((await queue.enrolNew()) > 0) {
    // every entry enrolled, a batch at a time, so "most due" sees the never-checked ones too
  }
  const picked: string[] = [];
  for (const id of providers) {
    const due = await queue.due(id, count - picked.length, Date.now());
    picked.push(...(await queue.claim(due, owner, Date.now(), LEASE_MS)));
    if (picked.length >= count) break;
  }
  return picked;
}

/** One provider's links of the run, checked a few at a time; stops with one line when the provider fails. */
class Lane {
  constructor(
    private readonly run: LinksCheckRun,
    private readonly operations: LinkOperations,
    private readonly tally: Tally,
  ) {}

  private get guards(): ProviderGuards {
    return this.operations.guards;
  }

  async check(provider: ProviderId | 'none', links: string[]): Promise<void> {
    const { write } = this.run;
    if (provider !== 'none') {
      const state = await this.guards.state(provider, Date.now());
      if (state.pausedUntil > Date.now()) {
        return this.skip(
          provider,
          links.length,
          `paused until ${new Date(state.pausedUntil).toISOString()} (${state.pauseReason ?? 'a throttle'}); \`dramadex links breaker reset ${provider}\` lifts it`,
        );
      }
      const canary = await checkCanary(this.guards, this.run.checker, provider, this.run.log);
      if (canary) write(`canary ${canary.outcome.verdict} ${canary.link}  ${canary.outcome.reason}`);
      if (canary && canary.outcome.verdict !== 'alive') {
        return this.skip(
          provider,
          links.length,
          `its canary is ${canary.outcome.verdict}, so this run's dead verdicts would be void; it pauses`,
        );
      }
    }
    const rate = provider === 'none' ? Number.POSITIVE_INFINITY : (await this.guards.state(provider, Date.now())).rate;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), LANE_DEADLINE_MS);
    const pending = [...links];
    let stopped: string | undefined;
    let nextAt = Date.now();
    const worker = async () => {
      while (!stopped && !deadline.signal.aborted) {
        const link = pending.shift();
        if (link === undefined) return;
        const wait = nextAt - Date.now();
        nextAt = Math.max(nextAt, Date.now()) + 1000 / rate;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const outcome = await this.run.checker.check(link, deadline.signal);
        if (deadline.signal.aborted) {
          pending.unshift(link);
          return;
        }
        const pausedMs = await this.record(link, outcome);
        if (pausedMs > 0 && !stopped) stopped = await this.pausedWhy(provider as ProviderId, outcome, pausedMs);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.run.config.links.concurrency) }, worker));
    clearTimeout(timer);
    if (deadline.signal.aborted && !stopped) stopped = `no answer within ${LANE_DEADLINE_MS / 1000} s`;
    if (stopped && pending.length > 0) this.skip(provider, pending.length, stopped);
  }

  /** What the pause this lane's last verdict started says: the breaker, or failures in a row. */
  private async pausedWhy(provider: ProviderId, outcome: CheckOutcome, pausedMs: number): Promise<string> {
    const state = await this.guards.state(provider, Date.now());
    const seconds = Math.round(pausedMs / 1000);
    if (state.breakerOpen) {
      return `its breaker opened (dead share ${state.recentDead.toFixed(2)} against its own ${state.trailingDead.toFixed(2)}): its dead verdicts hide nothing, and it pauses for ${seconds} s`;
    }
    return `it keeps failing (${outcome.reason}) and pauses for ${seconds} s`;
  }

  private skip(provider: string, count: number, why: string): void {
    this.tally.skipped += count;
    this.run.write(`skipped ${count} ${provider} ${count === 1 ? 'link' : 'links'}: ${why}`);
  }

  /**
   * Stores the verdict through the guards (links the catalogue holds) and prints it with its reason. The
   * verdict and its audit row (as `cli`, docs/console.md) commit together, or neither does.
   */
  private async record(link: string, outcome: CheckOutcome): Promise<number> {
    const { tally } = this;
    tally.verdicts.set(outcome.verdict, (tally.verdicts.get(outcome.verdict) ?? 0) + 1);
    const seen = await this.operations.recordVerdict(CLI_ACTOR, link, outcome);
    if (!seen) tally.notHeld++;
    const after = seen?.recorded.health;
    if (seen && after) {
      if (after.hidden && !seen.before.hidden) tally.hidden++;
      if (!after.hidden && seen.before.hidden) tally.shown++;
      if (after.suspect) tally.suspect++;
      else if (outcome.verdict === 'dead' && after.confirmedAt && !after.hidden) tally.waiting++;
    }
    // The reason beside the verdict: what the provider answered and the row that decided (docs/link-health.md).
    this.run.write(`${outcome.verdict} ${link}  ${outcome.reason}${after ? verdictNote(outcome, after) : ''}`);
    return seen?.recorded.pausedMs ?? 0;
  }
}
