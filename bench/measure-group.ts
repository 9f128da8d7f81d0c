/**
 * Why this exists: measures one group of scenarios against one running dramadex server. It captures
 * each scenario's exact response, starts the bare server replaying those bytes, then per scenario runs
 * the alternating load comparison and the sequential single-request probe, waiting for the server to
 * work off queued requests in between. A failing scenario is recorded in its row and the next one goes
 * on, so one slow or broken endpoint cannot cost the whole run its figures.
 */
import { startBare } from './bare.js';
import type { Served } from './children.js';
import { type Captured, dataField, get, sequentialLatency, waitIdle } from './http-get.js';
import { compare, type LoadSettings } from './load.js';
import type { ScenarioOutcome } from './report.js';
import type { Scenario } from './scenarios.js';

export interface GroupContext {
  server: Served;
  apiKey: string | undefined;
  tempDir: string;
  settings: LoadSettings;
  sequentialRequests: number;
  outcomes: Map<Scenario, ScenarioOutcome>;
  log: (text: string) => void;
}

/** The request headers of a scenario: the benchmark's API key, plus its own. */
export function requestHeaders(scenario: Scenario, apiKey: string | undefined): Record<string, string> {
  return { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...scenario.headers };
}

export async function measureGroup(group: Scenario[], context: GroupContext): Promise<void> {
  const { server, apiKey, settings, outcomes, log } = context;
  const headersOf = (scenario: Scenario) => requestHeaders(scenario, apiKey);
  const captured = new Map<string, Captured>();
  for (const scenario of group) {
    const outcome: ScenarioOutcome = { scenario };
    outcomes.set(scenario, outcome);
    try {
      const response = await get(server.port, scenario.path, headersOf(scenario), undefined, 120_000);
      outcome.bytes = response.body.length;
      outcome.total = dataField(response.body, 'total') as number | undefined;
      if (response.status === 200) captured.set(scenario.path, response);
      else outcome.error = `answered ${response.status}: ${response.body.toString('utf8').slice(0, 120)}`;
    } catch (error) {
      outcome.error = `capture failed: ${(error as Error).message}`;
    }
  }
  const bare = await startBare(context.tempDir, captured);
  try {
    for (const scenario of group) {
      const outcome = outcomes.get(scenario) as ScenarioOutcome;
      if (outcome.error) continue;
      const headers = headersOf(scenario);
      const settle = async (port: number) => {
        if (!(await waitIdle(port, headers))) throw new Error(`server on port ${port} still busy 120 s after a load run`);
      };
      try {
        log(`${scenario.name}: dramadex and bare, ${settings.rounds} alternating rounds…`);
        const [ours, theirs] = await compare([server.port, bare.port], scenario.path, headers, settings, settle);
        outcome.dramadex = ours;
        outcome.bare = theirs;
        outcome.medianMs = (await sequentialLatency(server.port, scenario.path, headers, context.sequentialRequests)).median;
        outcome.bareMedianMs = (await sequentialLatency(bare.port, scenario.path, headers, context.sequentialRequests)).median;
        log(`${scenario.name}: ${ours?.rps.toFixed(0)} vs ${theirs?.rps.toFixed(0)} req/s, median ${outcome.medianMs.toFixed(2)} ms`);
      } catch (error) {
        outcome.error = (error as Error).message;
        log(`${scenario.name}: failed: ${outcome.error}`);
        await settle(server.port).catch(() => undefined);
      }
    }
  } finally {
    await bare.stop();
  }
}
