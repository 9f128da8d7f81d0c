/**
 * The visibility rule (docs/link-health.md, "Verdicts"): an entry is hidden when the last two verdicts of
 * its link are `dead` and the second came at least LINK_CHECK_CONFIRM_MINUTES after the first; an
 * `unknown` in between neither confirms nor resets, and `alive` or `locked` shows it again. Pure: one
 * state in, the next state out.
 */
import type { Verdict } from './link-checker.js';

export interface LinkHealth {
  verdict: Verdict | null;
  checkedAt: string | null;
  /** The latest `alive`, `locked` or `dead`, and when. */
  decidedVerdict: Verdict | null;
  decidedAt: string | null;
  aliveAt: string | null;
  hidden: boolean;
}

export const NEVER_CHECKED: LinkHealth = {
  verdict: null,
  checkedAt: null,
  decidedVerdict: null,
  decidedAt: null,
  aliveAt: null,
  hidden: false,
};

export function applyVerdict(previous: LinkHealth, verdict: Verdict, now: Date, confirmMs: number): LinkHealth {
  const at = now.toISOString();
  const next: LinkHealth = { ...previous, verdict, checkedAt: at };
  if (verdict === 'unknown' || verdict === 'unsupported') return next;
  next.decidedVerdict = verdict;
  next.decidedAt = at;
  if (verdict === 'alive') next.aliveAt = at;
  if (verdict !== 'dead') {
    next.hidden = false;
    return next;
  }
  const confirms =
    previous.decidedVerdict === 'dead' && previous.decidedAt !== null && now.getTime() - Date.parse(previous.decidedAt) >= confirmMs;
  next.hidden = previous.hidden || confirms;
  return next;
}

/** A first `dead` waiting for the verdict that confirms it. */
export function isConfirming(health: LinkHealth): boolean {
  return health.decidedVerdict === 'dead' && !health.hidden;
}
