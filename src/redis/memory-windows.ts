/**
 * The memory side of a counter (counter.ts): fixed windows of `durationSeconds` per key in a Map, each
 * deleted by a timer when it ends (no LRU, so a flood of new addresses cannot push out a blacklisted one
 * or a live window). It counts exactly as rate-limiter-flexible's memory store did (the same window
 * start, the same milliseconds left), but synchronously: the catalogue limits decide every request on it
 * without a promise or a microtask when no Redis is in use (docs/limits.md, "What the limits cost").
 */

/** One key's window: requests counted in it and when it ends (ms since the epoch). */
export interface Window {
  count: number;
  endsAt: number;
}

interface Held extends Window {
  timer: NodeJS.Timeout;
}

export class MemoryWindows {
  private readonly windows = new Map<string, Held>();
  private readonly durationMs: number;

  constructor(durationSeconds: number) {
    this.durationMs = durationSeconds * 1000;
  }

  /**
   * Counts one request of `key` and returns its window, current as of `now`; a window that has ended (its
   * timer not yet run) is replaced by a new one. The returned object is the live window: read it at once.
   */
  hit(key: string, now: number): Window {
    const held = this.windows.get(key);
    if (held !== undefined && held.endsAt - now > 0) {
      held.count++;
      return held;
    }
    return this.put(key, 1, this.durationMs, now);
  }

  /** The window of `key`, or undefined when it has none. */
  peek(key: string): Window | undefined {
    return this.windows.get(key);
  }

  /** Sets `key`'s count for `seconds` from now (a blacklist), replacing its window. */
  set(key: string, count: number, seconds: number, now: number): void {
    this.put(key, count, seconds * 1000, now);
  }

  /** Takes `count` back from `key`'s window, never below zero. */
  reward(key: string, count: number): void {
    const held = this.windows.get(key);
    if (held !== undefined) held.count = Math.max(held.count - count, 0);
  }

  delete(key: string): void {
    const held = this.windows.get(key);
    if (held === undefined) return;
    clearTimeout(held.timer);
    this.windows.delete(key);
  }

  private put(key: string, count: number, durationMs: number, now: number): Held {
    const previous = this.windows.get(key);
    if (previous !== undefined) clearTimeout(previous.timer);
    const timer = setTimeout(() => this.windows.delete(key), durationMs);
    timer.unref();
    const held: Held = { count, endsAt: now + durationMs, timer };
    this.windows.set(key, held);
    return held;
  }
}
