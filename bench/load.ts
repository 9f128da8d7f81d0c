/**
 * Why this exists: one place that drives autocannon the same way for dramadex and for the bare server,
 * so the ratio compares like with like: same URL, headers, connections, warm-up and duration. On a
 * shared machine the background load drifts, so the measured time is split into rounds that alternate
 * between the two servers (A B, then B A, …) and each side's req/s is its total requests over its total
 * time; each round's req/s is kept too, for comparisons that pair rounds (head-to-head.ts).
 * After each run the caller's `settle` waits until the server has worked off what the run left queued.
 * Latency percentiles come from every 2xx response time at full precision. Every run is bounded by its
 * duration (plus a watchdog that stops it) and only ever targets 127.0.0.1.
 */
import autocannon from 'autocannon';
import { onCleanup } from './cleanup.js';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  /** Requests per second over all connections; unset, each connection sends its next request at once. */
  overallRate?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** req/s of each measured round, in order. */
  roundRps: number[];
}

const MAX_SAMPLES = 2_000_000;

/** A request other than a GET of a URL: a JSON body posted to `path` (the PanSou row). */
export interface PostRequest {
  method: 'POST';
  path: string;
  body: string;
}

/** One URL for every request, or a stream of them (GETs, or posts): called per request with the target port. */
export type Paths = string | ((port: number) => string | PostRequest);

/**
 * Measures the same path on each port (with one set of headers, or one per port), alternating ports round
 * by round; with one path per side, two streams on one port (the PanSou row beside the catalogue's).
 */
export async function compare(
  ports: number[],
  paths: Paths | Paths[],
  headers: Record<string, string> | Array<Record<string, string>>,
  settings: LoadSettings,
  settle: (port: number) => Promise<void>,
): Promise<LoadResult[]> {
  const totals = ports.map(() => ({ requests: 0, seconds: 0, non2xx: 0, errors: 0, samples: new Samples(), roundRps: [] as number[] }));
  const headersOf = (index: number) => (Array.isArray(headers) ? (headers[index] ?? {}) : headers);
  const pathOf = (index: number) => (Array.isArray(paths) ? (paths[index] as Paths) : paths);
  for (const [index, port] of ports.entries()) {
    await run(port, pathOf(index), headersOf(index), settings.connections, settings.warmupSeconds, new Samples(), settings.overallRate);
    await settle(port);
  }
  const slice = settings.durationSeconds / settings.rounds;
  for (let round = 0; round < settings.rounds; round++) {
    // Every other round in reverse order, so neither server always runs right after the other one.
    const order = round % 2 === 0 ? [...ports.entries()] : [...ports.entries()].reverse();
    for (const [index, port] of order) {
      const total = totals[index] as (typeof totals)[number];
      const result = await run(port, pathOf(index), headersOf(index), settings.connections, slice, total.samples, settings.overallRate);
      await settle(port); // requests still queued must not run into the other server's round
      total.requests += result.requests.total;
      total.seconds += result.duration;
      total.non2xx += result.non2xx;
      total.errors += result.errors;
      total.roundRps.push(result.duration > 0 ? result.requests.total / result.duration : Number.NaN);
    }
  }
  return totals.map((total) => ({
    rps: total.seconds > 0 ? total.requests / total.seconds : Number.NaN,
    p50: total.samples.percentile(0.5),
    p99: total.samples.percentile(0.99),
    requests: total.requests,
    non2xx: total.non2xx,
    errors: total.errors,
    roundRps: total.roundRps,
  }));
}

export function run(
  port: number,
  path: Paths,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  samples: Samples,
  overallRate?: number,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    let watchdog: NodeJS.Timeout | undefined;
    let forget = async () => {};
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${typeof path === 'string' ? path : '/'}`,
        headers,
        connections,
        duration: seconds,
        timeout: 10,
        ...(overallRate === undefined ? {} : { overallRate }),
        // A stream of URLs: each request asks for the next one.
        ...(typeof path === 'string' ? {} : { requests: [{ setupRequest: (request) => nextRequest(request, path(port)) }] }),
      },
      (error: Error | null, result: autocannon.Result) => {
        clearTimeout(watchdog);
        void forget();
        if (error) reject(error);
        else resolve(result);
      },
    );
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      if (status >= 200 && status < 300) samples.add(ms);
    });
    forget = onCleanup('autocannon run', () => instance.stop());
    // autocannon ends by itself after `seconds`; this only guards against it never calling back.
    watchdog = setTimeout(() => instance.stop(), (seconds + 15) * 1000);
  });
}

/** autocannon's request with the stream's next URL, or its next post (a JSON body). */
function nextRequest<Request extends { path?: string; headers?: object }>(request: Request, next: string | PostRequest) {
  if (typeof next === 'string') return { ...request, path: next };
  return { ...request, ...next, headers: { ...request.headers, 'content-type': 'application/json' } };
}

/**
 * Latencies in ms at full precision (autocannon's own histogram keeps whole milliseconds, which turns
 * every sub-millisecond p50 into 0). Capped at MAX_SAMPLES; later samples are dropped.
 */
export class Samples {
  private values = new Float64Array(65_536);
  private size = 0;

  add(ms: number): void {
    if (this.size === this.values.length) {
      if (this.size >= MAX_SAMPLES) return;
      const grown = new Float64Array(Math.min(MAX_SAMPLES, this.size * 2));
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.size++] = ms;
  }

  percentile(q: number): number {
    if (this.size === 0) return Number.NaN;
    const sorted = this.values.subarray(0, this.size).sort();
    return sorted[Math.min(this.size - 1, Math.floor(q * this.size))] as number;
  }
}
