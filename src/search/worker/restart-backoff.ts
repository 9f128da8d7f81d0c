/**
 * When a search worker that died is started again: after a delay that doubles with each failure in a row
 * (100 ms, 200 ms, … at most 10 s), and not at all after five in a row, so a worker that cannot come up
 * (a bad build, a title that crashes every build) does not spin a core re-reading a million titles with no
 * end. A worker that has run a minute since its last start counts as recovered: the next failure starts
 * the count again. The timers are ordinary ones, so tests drive them with fake timers.
 */

export interface BackoffPolicy {
  /** Restarts in a row before giving up. */
  maxRestarts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Running this long after a start resets the count. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { maxRestarts: 5, firstDelayMs: 100, maxDelayMs: 10_000, stableMs: 60_000 };

export class RestartBackoff {
  private failures = 0;
  private stableTimer: NodeJS.Timeout | undefined;

  constructor(private readonly policy: BackoffPolicy = DEFAULT_BACKOFF) {}

  /** Restarts in a row so far. */
  get attempts(): number {
    return this.failures;
  }

  /** A worker died: the delay before starting the next one, or undefined when the restarts are used up. */
  failed(): number | undefined {
    clearTimeout(this.stableTimer);
    this.stableTimer = undefined;
    if (this.failures >= this.policy.maxRestarts) return undefined;
    const delay = Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** this.failures);
    this.failures++;
    return delay;
  }

  /** A worker started: unless it fails within `stableMs`, the failures so far are forgotten. */
  started(): void {
    clearTimeout(this.stableTimer);
    this.stableTimer = setTimeout(() => {
      this.failures = 0;
      this.stableTimer = undefined;
    }, this.policy.stableMs);
    this.stableTimer.unref();
  }

  stop(): void {
    clearTimeout(this.stableTimer);
    this.stableTimer = undefined;
  }
}
