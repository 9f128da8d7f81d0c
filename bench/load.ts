/**
 * Why this exists: one place that drives autocannon the same way for dramadex and for the bare server,
 * so the ratio compares like with like: same URL, headers, connections, warm-up and duration. Latency
 * percentiles come from every 2xx response time at full precision. A run is bounded by its duration
 * (plus a watchdog that stops it), and only ever targets 127.0.0.1.
 */
import autocannon from 'autocannon';
import { onCleanup } from './cleanup.js';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const MAX_SAMPLES = 2_000_000;

export async function measure(port: number, path: string, headers: Record<string, string>, settings: LoadSettings): Promise<LoadResult> {
  await run(port, path, headers, settings.connections, settings.warmupSeconds, new Samples());
  const samples = new Samples();
  const result = await run(port, path, headers, settings.connections, settings.durationSeconds, samples);
  return {
    rps: result.requests.average,
    p50: samples.percentile(0.5),
    p99: samples.percentile(0.99),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function run(
  port: number,
  path: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  samples: Samples,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    let watchdog: NodeJS.Timeout | undefined;
    let forget = async () => {};
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}${path}`, headers, connections, duration: seconds, timeout: 10 },
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

/**
 * Latencies in ms at full precision (autocannon's own histogram keeps whole milliseconds, which turns
 * every sub-millisecond p50 into 0). Capped at MAX_SAMPLES; later samples are dropped.
 */
class Samples {
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
