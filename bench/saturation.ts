/**
 * Why this exists: one expensive search used to hold every request of the instance, health included,
 * so a load balancer could pull a healthy instance. This saturates dramadex with distinct searches
 * (autocannon) while one client reads list page 1 back to back and another probes /api/health every
 * 100 ms, and reports what those two waited.
 */
import http from 'node:http';
import { get } from './http-get.js';
import { type LoadResult, type LoadSettings, run, Samples } from './load.js';
import type { PathStream } from './traffic-paths.js';

export interface SaturationOutcome {
  searches?: LoadResult;
  list: { p50: number; p99: number; max: number; count: number };
  health: { max: number; count: number; failures: number };
  error?: string;
}

const LIST_PATH = '/api/contents?page=1';
const HEALTH_EVERY_MS = 100;

export async function measureSaturation(
  port: number,
  searches: PathStream,
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<SaturationOutcome> {
  const list: number[] = [];
  const health: number[] = [];
  let healthFailures = 0;
  let running = true;
  const timed = async (agent: http.Agent | undefined, path: string): Promise<number> => {
    const started = performance.now();
    const response = await get(port, path, headers, agent, 30_000);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const listAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const listLoop = (async () => {
    await timed(listAgent, LIST_PATH); // opens the socket; not counted
    while (running) list.push(await timed(listAgent, LIST_PATH));
  })();
  const healthLoop = (async () => {
    while (running) {
      const started = performance.now();
      await timed(undefined, '/api/health').then(
        (ms) => health.push(ms),
        () => healthFailures++,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - (performance.now() - started))));
    }
  })();
  const outcome: SaturationOutcome = { list: summary(list), health: { max: Number.NaN, count: 0, failures: 0 } };
  try {
    const samples = new Samples();
    const result = await run(port, (target) => searches.next(target), headers, settings.connections, settings.durationSeconds, samples);
    const seconds = result.duration;
    outcome.searches = {
      rps: seconds > 0 ? result.requests.total / seconds : Number.NaN,
      p50: samples.percentile(0.5),
      p99: samples.percentile(0.99),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      roundRps: [],
    };
  } catch (error) {
    outcome.error = (error as Error).message;
  } finally {
    running = false;
    await Promise.allSettled([listLoop, healthLoop]);
    listAgent.destroy();
  }
  outcome.list = summary(list);
  outcome.health = { max: health.length > 0 ? Math.max(...health) : Number.NaN, count: health.length, failures: healthFailures };
  return outcome;
}

function summary(values: number[]): SaturationOutcome['list'] {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN, count: sorted.length };
}
