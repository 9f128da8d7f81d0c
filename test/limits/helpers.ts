/** Shared by the limits suites: requests from a chosen address, a fake clock, the CLI as a child process. */
import { execFile } from 'node:child_process';
import { dirname, extname, join } from 'node:path';
import { mock } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const LIMITS_ON = { RATE_LIMITS: 'on' };

/** A GET from `address` (the socket peer as the app sees it). */
export function from(
  app: FastifyInstance,
  address: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, remoteAddress: address, headers: { 'accept-language': 'en', ...headers } });
}

/**
 * Date and setTimeout under the test's control, starting at `start` ms. rate-limiter-flexible's memory
 * store reads Date.now() for its windows and deletes keys with setTimeout, so both are faked.
 */
export function fakeClock(start = 1_700_000_000_000): { at(ms: number): void; now(): number; restore(): void } {
  mock.timers.enable({ apis: ['Date', 'setTimeout'], now: start });
  let now = start;
  return {
    at(ms: number) {
      const target = start + ms;
      if (target < now) throw new Error(`the fake clock cannot go back (at ${ms} ms, now ${now - start} ms)`);
      mock.timers.tick(target - now);
      now = target;
    },
    now: () => now,
    restore: () => mock.timers.reset(),
  };
}

/**
 * Runs `dramadex <args>` as a child process (as operators do) with `env` over this process's environment,
 * through the same loader as this test (tsx while developing, compiled code under `npm test`).
 */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const here = fileURLToPath(import.meta.url);
  const entry = join(dirname(here), `cli-entry${extname(here)}`);
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--test'));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...execArgv, entry, ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? null : 0;
        if (error && code === null) reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
  });
}
