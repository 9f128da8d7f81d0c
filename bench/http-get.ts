/**
 * Why this exists: the benchmark must capture a response's exact bytes and headers (to replay them from
 * the bare server), so it cannot use fetch, which decompresses and normalises. This is a minimal GET over
 * node:http to 127.0.0.1 only, with a hard per-request timeout, and the sequential single-request latency
 * probe built on it (one keep-alive socket, bounded in count and time).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Captured {
  status: number;
  /** Header name/value pairs as received (lower-case names), minus per-connection ones. */
  headers: Array<[string, string]>;
  body: Buffer;
}

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
  timeoutMs = 10_000,
): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: agent ?? false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const pairs: Array<[string, string]> = [];
        const raw = response.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) {
          const name = (raw[i] as string).toLowerCase();
          if (!PER_CONNECTION.has(name)) pairs.push([name, raw[i + 1] as string]);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`GET ${path} timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/** Median and p99 (ms) of `count` requests sent one after another, stopping early after `maxMs`. */
export async function sequentialLatency(
  port: number,
  path: string,
  headers: Record<string, string>,
  count: number,
  maxMs = 30_000,
): Promise<{ median: number; p99: number; samples: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  const deadline = performance.now() + maxMs;
  try {
    await get(port, path, headers, agent, 30_000); // opens the socket; not counted
    for (let i = 0; i < count && performance.now() < deadline; i++) {
      const started = performance.now();
      const response = await get(port, path, headers, agent, 30_000);
      samples.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status} during the latency probe`);
    }
  } finally {
    agent.destroy();
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { median: at(0.5), p99: at(0.99), samples: samples.length };
}

/** `data[name]` of a JSON envelope, or undefined when the body is not one. */
export function dataField(body: Buffer, name: string): unknown {
  try {
    return (JSON.parse(body.toString('utf8')) as { data?: Record<string, unknown> }).data?.[name];
  } catch {
    return undefined;
  }
}

/**
 * Waits until /api/health answers within `quickMs`, i.e. the server has worked off the requests a load
 * run left queued (autocannon stops sending, but a slow endpoint keeps the server busy for a while).
 * Bounded in time and attempts; returns whether the server became idle.
 */
export async function waitIdle(port: number, headers: Record<string, string>, quickMs = 50, maxMs = 120_000): Promise<boolean> {
  const deadline = performance.now() + maxMs;
  for (let attempt = 0; attempt < 10_000 && performance.now() < deadline; attempt++) {
    const started = performance.now();
    // Any answer counts (the bare server has no /api/health and says 404): only its speed matters.
    const ok = await get(port, '/api/health', headers, undefined, Math.max(1, deadline - started)).then(
      () => true,
      () => false,
    );
    if (ok && performance.now() - started < quickMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
