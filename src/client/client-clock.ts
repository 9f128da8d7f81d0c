/**
 * Time as the catalogue client sees it: the current time, waiting, and a timer it can cancel. Injected, so
 * tests of pacing, Retry-After, backoff and stalls run on a fake clock instead of waiting for real.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface ClientClock {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `fire` after `ms` unless the returned cancel runs first. */
  setTimer(ms: number, fire: () => void): () => void;
}

export const systemClock: ClientClock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms > 0) await delay(ms, undefined, signal ? { signal } : {});
  },
  setTimer: (ms, fire) => {
    const timer = setTimeout(fire, ms);
    return () => clearTimeout(timer);
  },
};
