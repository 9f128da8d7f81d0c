/**
 * Why this exists: a stream of distinct searches is served by two threads, the catalogue's (HTTP, the
 * trip to the worker, the answer's bytes) and the search worker's (the engine), and req/s on a shared
 * machine does not say which one binds, nor what a change to either saves. This drives one stream against
 * a running `dramadex serve` and reads each thread's CPU time from /proc before and after, so each is
 * given in µs per request: stable under load, where req/s is not.
 * Usage: node dist/bench/experiments/thread-cpu.js <database url> <api key> <stream> [seconds] [corpus.json] [req/s]
 *   stream: `no-match` (distinct keywords matching nothing), `searches` (the corpus's keywords on pages
 *   1–20, as the bench's distinct searches; needs the corpus written by engine-cold.js), or a path to replay.
 *   req/s: send at this overall rate instead of as fast as the server answers. A thread's µs per request
 *   depend on the rate: a thread that idles between requests pays its wake-ups and cold caches on each
 *   one. To compare two streams, run the faster one at the slower one's rate (e.g. `no-match` at the rate
 *   `searches` reached).
 * Extra server settings come from the environment (e.g. RESPONSE_CACHE_MB=0); BENCH_PORTS as the bench.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startServe } from '../children.js';
import type { Keyword } from '../keyword-corpus.js';
import { compare } from '../load.js';
import { distinctNoMatchSearches, distinctSearches } from '../traffic-paths.js';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time of each thread of `pid` in ms, user and system, by thread name (threads of one name summed). */
function threadCpu(pid: number): Map<string, [number, number]> {
  const byName = new Map<string, [number, number]>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Fields after the name's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [user, system] = [Number(fields[11]), Number(fields[12])].map((ticks) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND);
    const label = tid === String(pid) ? 'catalogue thread' : name;
    const sum = byName.get(label) ?? [0, 0];
    byName.set(label, [sum[0] + (user as number), sum[1] + (system as number)]);
  }
  return byName;
}

async function main(database: string, key: string, stream: string, seconds: number, corpusFile?: string, rate?: number): Promise<void> {
  const headers = { 'x-api-key': key };
  const env = { ...process.env, DATABASE_URL: database, METRICS_PORT: '0', CATALOGUE_TZ: 'Asia/Shanghai' };
  const server = await startServe(env, headers, 120_000);
  try {
    const paths =
      stream === 'no-match'
        ? distinctNoMatchSearches()
        : stream === 'searches'
          ? distinctSearches(JSON.parse(readFileSync(corpusFile ?? '', 'utf8')) as Keyword[])
          : undefined;
    const next = paths ? (port: number) => paths.next(port) : stream;
    const settings = { connections: 10, durationSeconds: 2, warmupSeconds: 1, rounds: 1, overallRate: rate };
    await compare([server.port], next, headers, settings, async () => {});
    const before = threadCpu(server.pid);
    const [result] = await compare(
      [server.port],
      next,
      headers,
      { ...settings, durationSeconds: seconds, warmupSeconds: 0 },
      async () => {},
    );
    const after = threadCpu(server.pid);
    const requests = result?.requests ?? 0;
    process.stdout.write(`${stream}: ${requests} requests, ${result?.rps.toFixed(0)} req/s, p99 ${result?.p99.toFixed(2)} ms\n`);
    process.stdout.write('| thread | µs per request | of it in the kernel |\n|---|--:|--:|\n');
    const perRequest = (ms: number) => (ms * 1000) / Math.max(1, requests);
    const rows = [...after].map(([name, [user, system]]) => {
      const [userBefore, systemBefore] = before.get(name) ?? [0, 0];
      return [name, perRequest(user - userBefore + system - systemBefore), perRequest(system - systemBefore)] as const;
    });
    for (const [name, micros, kernel] of rows.sort((a, b) => b[1] - a[1])) {
      if (micros >= 0.5) process.stdout.write(`| ${name} | ${micros.toFixed(1)} | ${kernel.toFixed(1)} |\n`);
    }
  } finally {
    await server.stop();
  }
}

const [database, key, stream, seconds, corpusFile, rate] = process.argv.slice(2);
if (!database || !key || !stream)
  throw new Error('usage: thread-cpu <database url> <api key> <no-match|searches|path> [seconds] [corpus.json] [req/s]');
const overallRate = rate === undefined ? undefined : Number(rate);
if (overallRate !== undefined && !(overallRate > 0)) throw new Error(`req/s must be a positive number, got "${rate}"`);
await main(database, key, stream, Number(seconds ?? 10), corpusFile || undefined, overallRate);
