/**
 * Why this exists: a 'versus' target between scenarios that need different server configurations (a
 * request with an API key against the same request with limits off) is a difference of a few percent.
 * Measured a few minutes apart, each through its own ratio to the bare server, drift on a shared machine
 * is as large as that. So, while the first scenario's server is still up, this starts the other
 * configuration's server beside it and runs the two in the same alternating rounds.
 */
import { type Served, startServe } from './children.js';
import { waitIdle } from './http-get.js';
import { compare, type LoadSettings } from './load.js';
import type { ScenarioOutcome } from './report.js';
import { SCENARIOS, type Scenario, serverKey } from './scenarios.js';

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
      context.log(`${scenario.name} against ${other.name}: both servers up, alternating rounds…`);
      const otherServer = await startServe(context.envFor(other), context.healthHeaders, context.startupTimeoutMs);
      try {
        const headers = [context.headersOf(scenario), context.headersOf(other)];
        const ports = [context.server.port, otherServer.port];
        const settle = async (port: number) => {
          if (!(await waitIdle(port, headers[ports.indexOf(port)] ?? {})))
            throw new Error(`server on port ${port} still busy after a load run`);
        };
        const [mine, theirs] = await compare(ports, scenario.path, headers, context.settings, settle);
        if (mine && theirs && theirs.rps > 0) {
          outcome.headToHead = { scenario: other.name, ratio: mine.rps / theirs.rps };
          context.log(`${scenario.name}: ${mine.rps.toFixed(0)} vs ${theirs.rps.toFixed(0)} req/s head to head`);
        }
      } finally {
        await otherServer.stop();
      }
    }
  }
}
