/**
 * When failures of one provider should pause it (docs/link-health.md, "Guards"): a throttle (429, a
 * captcha, "too frequent"), or `unknown` answers for FAILURES_BEFORE_PAUSE different links in a row with
 * no decisive verdict between. A throttle pauses whatever asked for the check, a report too: it speaks of
 * the provider, not the link. Other `unknown` answers to checks that a report asked for never count: a
 * person reporting one link three times is not the provider failing (three reports of one link used to
 * pause the whole provider, because each report's check of the same link counted as a new failure). The pause itself
 * lives in the store (provider-guards.ts), shared and kept; this only decides when to start one.
 */
import type { CheckOutcome } from './link-checker.js';

export const FAILURES_BEFORE_PAUSE = 3;

export class FailureRun {
  private readonly links = new Set<string>();

  /** Takes an outcome; true when it should pause the provider. */
  observe(link: string, outcome: CheckOutcome, reported: boolean): boolean {
    if (outcome.verdict !== 'unknown') {
      this.links.clear();
      return false;
    }
    if (outcome.throttled) {
      this.links.clear();
      return true;
    }
    if (reported) return false;
    this.links.add(link);
    if (this.links.size < FAILURES_BEFORE_PAUSE) return false;
    this.links.clear();
    return true;
  }
}
