/** Shared by the suites that turn the limits on: requests from a chosen address, a fake clock. */
import { mock } from 'node:test';
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
