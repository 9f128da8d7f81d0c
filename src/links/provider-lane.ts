/**
 * One provider's pause state (docs/link-health.md, "Politeness"): a throttle (429, a captcha, "too
 * frequent") or several failures in a row pause the provider, for a time that doubles on each pause in a
 * row up to a ceiling and resets after a decisive verdict. Knows nothing of any provider's rules.
 */
import type { CheckOutcome } from './link-checker.js';

export const FAILURES_BEFORE_PAUSE = 3;
export const FIRST_PAUSE_MS = 60_000;
export const LONGEST_PAUSE_MS = 30 * 60_000;

export class PauseState {
  private failuresInRow = 0;
  private nextPauseMs = FIRST_PAUSE_MS;
  /** Ms since the epoch until which the provider is paused (0: not paused). */
  pausedUntil = 0;

  isPaused(now: number): boolean {
    return this.pausedUntil > now;
  }

  /** Takes an outcome; returns the pause it started (ms), or 0 when it started none. */
  observe(outcome: CheckOutcome, now: number): number {
    if (outcome.verdict !== 'unknown') {
      this.failuresInRow = 0;
      this.nextPauseMs = FIRST_PAUSE_MS;
      return 0;
    }
    this.failuresInRow++;
    if (!outcome.throttled && this.failuresInRow < FAILURES_BEFORE_PAUSE) return 0;
    if (this.isPaused(now)) return 0; // checks already in flight when the pause began
    const pause = this.nextPauseMs;
    this.pausedUntil = now + pause;
    this.nextPauseMs = Math.min(pause * 2, LONGEST_PAUSE_MS);
    this.failuresInRow = 0;
    return pause;
  }
}
