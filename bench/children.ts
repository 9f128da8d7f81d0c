/**
 * Why this exists: the benchmark measures the product as operators run it, so the import, key creation
 * and the server all go through the real command line (`node bin/dramadex.js …`) as child processes.
 * Every child is registered for cleanup at spawn, every wait is bounded in time, and the server's
 * resident memory is read from /proc the way an operator would see it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { onCleanup, stopChild } from './cleanup.js';
import { get } from './http-get.js';

/** The checkout root: the nearest parent of this file holding bin/dramadex.js (works from dist/ or bench/). */
export const ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++, dir = dirname(dir)) if (existsSync(join(dir, 'bin', 'dramadex.js'))) return dir;
  throw new Error('cannot find bin/dramadex.js above the benchmark');
})();
const CLI = join(ROOT, 'bin', 'dramadex.js');
const TAIL = 4_000;

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** The child's peak RSS, read from /proc every 100 ms while it ran (the high-water mark only grows). */
  peakMb: number;
}

/** Runs `dramadex <args>` to completion (killed after `timeoutMs`). */
export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Finished> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = onCleanup(`dramadex ${args[0]} (pid ${child.pid})`, () => stopChild(child));
  const out = collect(child);
  let peakMb = 0;
  const watch = setInterval(() => {
    const { peakMb: now } = existsSync(`/proc/${child.pid}/status`) ? memoryOf(child.pid as number) : { peakMb: Number.NaN };
    if (Number.isFinite(now)) peakMb = Math.max(peakMb, now); // an exited child's status has no VmHWM
  }, 100);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(watch);
      void stop();
      reject(new Error(`dramadex ${args.join(' ')} did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      clearInterval(watch);
      void stop();
      resolve({ code, stdout: out.stdout(), stderr: out.stderr(), ms: performance.now() - started, peakMb });
    });
  });
}

export interface Served {
  child: ChildProcess;
  pid: number;
  port: number;
  startupMs: number;
  stop: () => Promise<void>;
  output: () => string;
}

/** Starts `dramadex serve` and waits (bounded) until /api/health answers 200. */
export async function startServe(env: NodeJS.ProcessEnv, headers: Record<string, string>, timeoutMs: number): Promise<Served> {
  const port = await freePort();
  const rankingPort = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'serve'], {
    cwd: ROOT,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), RANKING_PORT: String(rankingPort), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = onCleanup(`dramadex serve (pid ${child.pid})`, () => stopChild(child));
  const out = collect(child);
  const output = () => `${out.stdout()}${out.stderr()}`.trim();
  const deadline = started + timeoutMs;
  let status = 0;
  for (let attempt = 0; attempt < 100_000 && performance.now() < deadline; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`dramadex serve exited (${child.exitCode ?? child.signalCode}) before becoming healthy:\n${output()}`);
    }
    status = await get(port, '/api/health', headers, undefined, 2_000).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { child, pid: child.pid as number, port, startupMs: performance.now() - started, stop, output };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`dramadex serve was not healthy within ${timeoutMs / 1000} s (last /api/health status ${status}):\n${output()}`);
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * BENCH_PORTS=first-last keeps every server the bench starts in that range (a shared machine whose
 * users each have their own ports); without it the system picks any free port.
 */
const PORT_RANGE = (process.env.BENCH_PORTS ?? '')
  .match(/^(\d+)-(\d+)$/)
  ?.slice(1)
  .map(Number);
let nextInRange = PORT_RANGE?.[0] ?? 0;

/** A port that was free a moment ago on 127.0.0.1 (in BENCH_PORTS when given). */
export async function freePort(): Promise<number> {
  if (!PORT_RANGE) return listenable(0);
  const [first, last] = PORT_RANGE as [number, number];
  for (let tried = 0; tried <= last - first; tried++) {
    const port = nextInRange;
    nextInRange = port >= last ? first : port + 1;
    const free = await listenable(port).catch(() => undefined);
    if (free !== undefined) return free;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

function listenable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Keeps the last few kB of a child's output for error messages, without letting pipes fill up. */
function collect(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    stdout = (stdout + text).slice(-TAIL);
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-TAIL);
  });
  return { stdout: () => stdout, stderr: () => stderr };
}
