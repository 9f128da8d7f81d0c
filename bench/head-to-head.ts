/**
 * Why this exists: a 'versus' target between scenarios that need different server configurations (a
 * request with an API key against the same request with limits off) is a difference of a few percent.
 * Measured a few minutes apart, each through its own ratio to the bare server, drift on a shared machine
 * is as large as that. So both configurations run at once, in alternating rounds, and each round pairs
 * two runs seconds apart. Two things still scatter the figure (measured on the 2-core machine): single
 * rounds by ±10%, and whole server processes by ±3% (two servers of the same configuration came out
 * 1.01× and 1.035× in two such runs). So the comparison is repeated on PAIRS pairs of servers, the first
 * pair reusing the server already up, and the figure is the median of all the rounds' ratios, with the
 * middle half of them beside it.
 */
import { type Served, startServe } from './children.js';
import { waitIdle } from './http-get.js';
import { compare, type LoadSettings } from './load.js';
import type { ScenarioOutcome } from './report.js';
import { SCENARIOS, type Scenario, serverKey } from './scenarios.js';

const PAIRS = 3;
/** Rounds per pair, as a multiple of a bare comparison's (same length of round), and a longer warm-up. */
const ROUNDS_FACTOR = 2;
const WARMUP_SECONDS = 3;

export interface HeadToHeadContext {
  server: Served;
  /** Environment of the server for a scenario (the run's base environment plus its serverEnv). */
  envFor: (scenario: Scenario) => NodeJS.ProcessEnv;
  headersOf: (scenario: Scenario) => Record<string, string>;
  healthHeaders: Record<string, string>;
  startupTimeoutMs: number;
  settings: LoadSettings;
  outcomes: Map<Scenario, ScenarioOutcome>;
  log: (text: string) => void;
}

export async function measureHeadToHead(group: Scenario[], context: HeadToHeadContext): Promise<void> {
  for (const scenario of group) {
    for (const target of scenario.targets) {
      if (target.kind !== 'versus') continue;
      const other = SCENARIOS.find((candidate) => candidate.name === target.scenario);
      const outcome = context.outcomes.get(scenario);
      if (!other || !outcome?.dramadex || serverKey(other) === serverKey(scenario)) continue;
      context.log(`${scenario.name} against ${other.name}: ${PAIRS} pairs of servers, alternating rounds…`);
      const ratios: number[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const mine = pair === 0 ? undefined : await startServe(context.envFor(scenario), context.healthHeaders, context.startupTimeoutMs);
        try {
          ratios.push(...(await measurePair(scenario, other, mine ?? context.server, context)));
        } finally {
          await mine?.stop();
        }
      }
      ratios.sort((a, b) => a - b);
      if (ratios.length === 0) continue;
      const [low, ratio, high] = [0.25, 0.5, 0.75].map((q) => quantile(ratios, q)) as [number, number, number];
      outcome.headToHead = [...(outcome.headToHead ?? []), { scenario: other.name, ratio, low, high, rounds: ratios.length }];
      context.log(`${scenario.name} ÷ ${other.name}, round by round: ${ratios.map((r) => r.toFixed(3)).join(' ')}`);
    }
  }
}

/** Starts a server of the other configuration beside `server` and returns the rounds' req/s ratios. */
async function measurePair(scenario: Scenario, other: Scenario, server: Served, context: HeadToHeadContext): Promise<number[]> {
  const otherServer = await startServe(context.envFor(other), context.healthHeaders, context.startupTimeoutMs);
  try {
    const headers = [context.headersOf(scenario), context.headersOf(other)];
    const ports = [server.port, otherServer.port];
    const settle = async (port: number) => {
      if (!(await waitIdle(port, headers[ports.indexOf(port)] ?? {})))
        throw new Error(`server on port ${port} still busy after a load run`);
    };
    const settings = {
      ...context.settings,
      warmupSeconds: WARMUP_SECONDS,
      rounds: context.settings.rounds * ROUNDS_FACTOR,
      durationSeconds: context.settings.durationSeconds * ROUNDS_FACTOR,
    };
    const [mine, theirs] = await compare(ports, scenario.path, headers, settings, settle);
    if (!mine || !theirs) return [];
    context.log(`${scenario.name}: ${mine.rps.toFixed(0)} vs ${theirs.rps.toFixed(0)} req/s head to head`);
    return pairedRatios(mine.roundRps, theirs.roundRps);
  } finally {
    await otherServer.stop();
  }
}

/** Each round's ratio of the two servers' req/s; rounds where either failed are left out. */
function pairedRatios(mine: number[], theirs: number[]): number[] {
  return mine.map((rps, round) => rps / (theirs[round] ?? Number.NaN)).filter((ratio) => Number.isFinite(ratio) && ratio > 0);
}

/** Linear-interpolated quantile of sorted values. */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = sorted[Math.floor(at)] as number;
  const above = sorted[Math.ceil(at)] as number;
  return below + (above - below) * (at - Math.floor(at));
}
