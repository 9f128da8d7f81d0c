/**
 * Why this exists: the guards against a systematic false `dead` (docs/link-health.md, "Guards") made
 * demonstrable, not only plausible. For each provider and scenario it feeds a synthetic stream of verdicts
 * through the real chain (link-check-chain.ts: the guarded recorder over a real store, so the hide cap,
 * the confirmation, the trailing-rate breaker, the dead-rate ceiling and `allow` all run as in
 * production) on a fake clock that advances by the provider's rate, picks links in the store's own queue
 * order (it reads each link's class and due time back from `link_states`) and jumps over idle time and
 * pauses. It counts the working links that were hidden at any moment, the "at most" of issue 43, and the
 * genuinely dead ones for context.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type LinkCheckConfig, loadConfig } from '../src/config/config.js';
import { createLinkCheckChain } from '../src/links/link-check-chain.js';
import type { CheckOutcome } from '../src/links/link-checker.js';
import { outcomeOf } from '../src/links/link-checker.js';
import { createLogger } from '../src/observability/logger.js';
import type { ProviderId } from '../src/shared/share-links.js';
import { type Database, openDatabase } from '../src/store/database.js';
import { createBenchDatabase } from './database.js';
import { GUARD_SCENARIOS, type GuardScenario, type StreamAnswer } from './link-guards-scenarios.js';

const HOUR = 3_600_000;
/** The day the streams start: a fixed instant, so clock hours (the hide cap) fall the same way every run. */
const EPOCH = Date.UTC(2026, 10, 1, 0, 0, 0);

export interface SimulationContext {
  links: number;
  providers: readonly ProviderId[];
  store: 'sqlite' | 'postgres';
  pgUrl: string;
  tempDir: string;
  selected: (scenario: string) => boolean;
  log: (text: string) => void;
}

export interface SimulationRow {
  scenario: string;
  provider: ProviderId;
  checks: number;
  workingHidden: number;
  deadHidden: number;
  /** Hours after the stream's start when the ceiling first held the provider's deads, if it did. */
  ceilingAtHours: number | undefined;
  breakerOpened: boolean;
  ms: number;
}

export async function simulateGuards(context: SimulationContext): Promise<SimulationRow[]> {
  const rows: SimulationRow[] = [];
  for (const scenario of GUARD_SCENARIOS.filter((each) => context.selected(each.name))) {
    const dir = join(context.tempDir, `guards-${rows.length}`);
    mkdirSync(dir, { recursive: true });
    const target = await createBenchDatabase(context.store, dir, context.pgUrl);
    const database = await openDatabase(target.url);
    // The guards' defaults, as a deployment that set none of LINK_CHECK_* runs them.
    const settings = loadConfig({ DATABASE_URL: target.url }).links;
    try {
      // Providers are independent rows of the guards: they run side by side on one store, as in serve.
      const done = await Promise.all(
        context.providers.map((provider) => simulateOne({ database, settings, scenario, provider, links: context.links })),
      );
      for (const row of done) {
        context.log(
          `${scenario.name}, ${row.provider}: ${row.checks} checks, ${row.workingHidden} working and ${row.deadHidden} dead hidden, ceiling from ${row.ceilingAtHours?.toFixed(2) ?? '-'} h, breaker opened ${row.breakerOpened} (${(row.ms / 1000).toFixed(1)} s)`,
        );
      }
      rows.push(...done);
    } finally {
      await database.close();
      await target.drop();
    }
  }
  return rows;
}

interface OneRun {
  database: Database;
  settings: LinkCheckConfig;
  scenario: GuardScenario;
  provider: ProviderId;
  links: number;
}

async function simulateOne({ database, settings, scenario, provider, links }: OneRun): Promise<SimulationRow> {
  const started = performance.now();
  const truth = scenario.genuinelyDead(links);
  const stream = scenario.stream();
  const name = (index: number) => `https://sim.invalid/${provider}/${index}`;
  const queue = new SimulatedQueue(links);
  const hidden = new Set<number>();
  const row: SimulationRow = {
    scenario: scenario.name,
    provider,
    checks: 0,
    workingHidden: 0,
    deadHidden: 0,
    ceilingAtHours: undefined,
    breakerOpened: false,
    ms: 0,
  };
  const observer = {
    checked: () => undefined,
    paused: () => undefined,
    breaker: (_: ProviderId, open: boolean) => {
      if (open) row.breakerOpened = true;
    },
  };
  const { guards, recorder } = createLinkCheckChain({ database, settings, log: createLogger('silent'), observer });
  const gap = 1000 / guards.baseRate(provider);
  let now = EPOCH;
  const run = async (untilHours: number, answer: StreamAnswer, counting: boolean) => {
    const end = EPOCH + untilHours * HOUR;
    while (now < end) {
      const next = queue.next(now);
      if (next === undefined) {
        now = Math.min(end, queue.earliest());
        continue;
      }
      const verdict = answer(next, (now - EPOCH) / HOUR, truth[next] === 1);
      const outcome: CheckOutcome = outcomeOf(verdict, provider, { row: `sim.${verdict}` });
      const { health, pausedMs } = await recorder.record(name(next), outcome, new Date(now));
      row.checks++;
      if (health.hidden && counting) hidden.add(next);
      const place = await database.db
        .selectFrom('link_states')
        .select(['priority', 'due_at'])
        .where('source_link', '=', name(next))
        .executeTakeFirstOrThrow();
      queue.place(next, Number(place.priority), Number(place.due_at));
      now += gap + pausedMs;
      if (verdict === 'dead' && row.ceilingAtHours === undefined && (await guards.state(provider, now)).ceilingOpen) {
        row.ceilingAtHours = (now - EPOCH) / HOUR;
      }
    }
  };
  if (scenario.warmUp) {
    // A normal month, compressed to one truthful pass over the catalogue, then the clock moves to day 30:
    // the guards remember the last LINK_CHECK_CEILING_SAMPLES verdicts and a trailing share of weight
    // 0.01 (a few hundred verdicts), so the rest of the month would leave them where the pass does.
    await run((links * gap) / HOUR, (_, __, dead) => (dead ? 'dead' : 'alive'), false);
    now = Math.max(now, EPOCH + 30 * 24 * HOUR);
  }
  if (scenario.allowHours) await guards.allowPastCeiling(provider, now + scenario.allowHours * HOUR);
  const shift = (now - EPOCH) / HOUR;
  await run(shift + scenario.hours((links * gap) / HOUR), (link, hours, dead) => stream(link, hours - shift, dead), true);
  for (const link of hidden) {
    if (truth[link] === 1) row.deadHidden++;
    else row.workingHidden++;
  }
  row.ms = performance.now() - started;
  return row;
}

/**
 * The store's queue order over the simulated links (links/check-queue.ts): never-checked links first (in
 * order), then confirmations, then routine checks, each by due time. The class and due time come from the
 * store after each verdict; this only keeps them sorted, as the scheduler's indexed read does.
 */
class SimulatedQueue {
  private unchecked = 0;
  private readonly classes = [new DueHeap(), new DueHeap()];

  constructor(private readonly links: number) {}

  next(now: number): number | undefined {
    if (this.unchecked < this.links) return this.unchecked++;
    for (const heap of this.classes) if (heap.dueBy(now)) return heap.pop();
    return undefined;
  }

  /** When the next link is due (only asked when none is due now). */
  earliest(): number {
    return Math.min(...this.classes.map((heap) => heap.peekDue()));
  }

  place(link: number, priority: number, dueAt: number): void {
    (this.classes[priority <= 2 ? 0 : 1] as DueHeap).push(link, dueAt);
  }
}

class DueHeap {
  private readonly due: number[] = [];
  private readonly link: number[] = [];

  dueBy(now: number): boolean {
    return this.due.length > 0 && (this.due[0] as number) <= now;
  }

  peekDue(): number {
    return this.due.length > 0 ? (this.due[0] as number) : Number.POSITIVE_INFINITY;
  }

  push(link: number, dueAt: number): void {
    this.due.push(dueAt);
    this.link.push(link);
    let at = this.due.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((this.due[parent] as number) <= dueAt) break;
      this.swap(at, parent);
      at = parent;
    }
  }

  pop(): number {
    const top = this.link[0] as number;
    const lastDue = this.due.pop() as number;
    const lastLink = this.link.pop() as number;
    if (this.due.length === 0) return top;
    this.due[0] = lastDue;
    this.link[0] = lastLink;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < this.due.length && (this.due[left] as number) < (this.due[least] as number)) least = left;
      if (right < this.due.length && (this.due[right] as number) < (this.due[least] as number)) least = right;
      if (least === at) return top;
      this.swap(at, least);
      at = least;
    }
  }

  private swap(a: number, b: number): void {
    [this.due[a], this.due[b]] = [this.due[b] as number, this.due[a] as number];
    [this.link[a], this.link[b]] = [this.link[b] as number, this.link[a] as number];
  }
}

/** The table: per scenario and provider, the working links hidden at most and the dead ones hidden. */
export function guardTable(rows: SimulationRow[], context: Pick<SimulationContext, 'links' | 'store'>, heading: string): string {
  const lines = [
    heading,
    '',
    `| Scenario (${context.links.toLocaleString('en-US')} links per provider, ${context.store}) | Provider | Checks | Working links hidden (at most) | Genuinely dead hidden | Ceiling held deads from | Breaker opened | Time |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const ceiling = row.ceilingAtHours === undefined ? '–' : `${row.ceilingAtHours.toFixed(2)} h`;
    lines.push(
      `| ${row.scenario} | ${row.provider} | ${row.checks.toLocaleString('en-US')} | **${row.workingHidden.toLocaleString('en-US')}** | ${row.deadHidden.toLocaleString('en-US')} | ${ceiling} | ${row.breakerOpened ? 'yes' : 'no'} | ${(row.ms / 1000).toFixed(0)} s |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
