/**
 * Why this exists: a change to the request path moves a replay's req/s by a few percent, and two bench
 * runs minutes apart on a shared machine drift by more than that, even as ratios to the bare server. This
 * starts this checkout's server and another checkout's on one database, and the bare server with this
 * checkout's bytes, and drives each URL at all three in alternating rounds of one run (load.ts), so the
 * two builds are compared with each other and with bare under the same load.
 * Usage (after `npm run build` in both checkouts): node dist/bench/experiments/replay-ab.js <other checkout>
 *   <database url> <api key> <seconds per server> <path>...; BENCH_PORTS as the bench.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBare } from '../bare.js';
import { freePort, ROOT } from '../children.js';
import { cleanupAll, installSignalHandlers, onCleanup, stopChild } from '../cleanup.js';
import { get } from '../http-get.js';
import { compare } from '../load.js';

const ROUNDS = 8;

async function serve(checkout: string, database: string, headers: Record<string, string>): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(checkout, 'bin/dramadex.js'), 'serve'], {
    cwd: checkout,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: database,
      CATALOGUE_TZ: 'Asia/Shanghai',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      RANKING_PORT: String(await freePort()),
    },
  });
  onCleanup(`dramadex serve of ${checkout}`, () => stopChild(child));
  for (let attempt = 0; attempt < 1_200; attempt++) {
    const status = await get(port, '/api/health', headers, undefined, 2_000).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return port;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server of ${checkout} was not healthy within 5 minutes`);
}

async function main(other: string, database: string, key: string, seconds: number, paths: string[]): Promise<void> {
  const headers = { 'x-api-key': key };
  const [theirs, ours] = [await serve(other, database, headers), await serve(ROOT, database, headers)];
  const tempDir = mkdtempSync(join(tmpdir(), 'replay-ab-'));
  process.stdout.write(
    `| path | ${other} req/s | this checkout req/s | bare req/s | ${other} ÷ bare | this ÷ bare | this ÷ ${other} |\n|---|--:|--:|--:|--:|--:|--:|\n`,
  );
  try {
    for (const path of paths) {
      for (let warm = 0; warm < 3; warm++) await get(ours, path, headers);
      const bare = await startBare(tempDir, new Map([[path, await get(ours, path, headers)]]));
      try {
        const settings = { connections: 10, durationSeconds: seconds, warmupSeconds: 2, rounds: ROUNDS };
        const [a, b, c] = await compare([theirs, ours, bare.port], path, headers, settings, async () => {});
        const [before, after, yardstick] = [a?.rps ?? 0, b?.rps ?? 0, c?.rps ?? 0];
        const cells = [before, after, yardstick].map((rps) => rps.toFixed(0));
        const ratios = [before / yardstick, after / yardstick, after / before].map((ratio) => ratio.toFixed(2));
        process.stdout.write(`| ${decodeURIComponent(path)} | ${[...cells, ...ratios].join(' | ')} |\n`);
      } finally {
        await bare.stop();
      }
    }
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

const [other, database, key, seconds, ...paths] = process.argv.slice(2);
if (!other || !database || !key || !seconds || paths.length === 0)
  throw new Error('usage: replay-ab <other checkout> <database url> <api key> <seconds per server> <path>...');
installSignalHandlers();
try {
  await main(other, database, key, Number(seconds), paths);
} finally {
  await cleanupAll();
}
