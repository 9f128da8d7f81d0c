/**
 * The visibility rule (docs/link-health.md, "Verdicts"): an entry is hidden when the last two decisive
 * verdicts of its link are `dead` and the second came at least LINK_CHECK_CONFIRM_MINUTES after the first;
 * an `unknown` in between neither confirms nor resets, and `alive` or `locked` shows it again. A `dead`
 * marked suspect (its provider's breaker is open or its canary fails) counts as an `unknown` here. A
 * confirmed `dead` that may not hide yet (the hourly cap, the daily hide share, a provider outside
 * LINK_CHECK_HIDE) stays confirmed: the next `dead` hides it as soon as the guards allow. Pure: one state in, the next state out.
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
  /** When the latest run of deads was confirmed, while it waits to hide (null otherwise). */
  confirmedAt: string | null;
  /** The latest verdict is a `dead` that came while its provider's guards distrusted it. */
  suspect: boolean;
  /** `unknown` verdicts in a row. */
  unknownStreak: number;
}

export const NEVER_CHECKED: LinkHealth = {
  verdict: null,
  checkedAt: null,
  decidedVerdict: null,
  decidedAt: null,
  aliveAt: null,
  hidden: false,
  confirmedAt: null,
  suspect: false,
  unknownStreak: 0,
};

/**
 * The state after `verdict`; `hidden` in the answer says the rule wants the entry hidden, which the store
 * turns into `waitToHide` when the guards say not yet.
 */
export function applyVerdict(previous: LinkHealth, verdict: Verdict, now: Date, confirmMs: number, suspect = false): LinkHealth {
  const at = now.toISOString();
  const next: LinkHealth = { ...previous, verdict, checkedAt: at, suspect: false };
  if (verdict === 'unknown') return { ...next, unknownStreak: previous.unknownStreak + 1 };
  if (verdict === 'unsupported') return next;
  if (verdict === 'dead' && suspect) return { ...next, suspect: true };
  next.unknownStreak = 0;
  next.decidedVerdict = verdict;
  next.decidedAt = at;
  if (verdict === 'alive') next.aliveAt = at;
  if (verdict !== 'dead') return { ...next, hidden: false, confirmedAt: null };
  const confirms =
    previous.hidden ||
    previous.confirmedAt !== null ||
    (previous.decidedVerdict === 'dead' && previous.decidedAt !== null && now.getTime() - Date.parse(previous.decidedAt) >= confirmMs);
  return { ...next, hidden: confirms, confirmedAt: confirms ? (previous.confirmedAt ?? at) : null };
}

/** A confirmed `dead` the guards do not let hide now: it stays shown and confirmed. */
export function waitToHide(next: LinkHealth): LinkHealth {
  return { ...next, hidden: false };
}

/** A first `dead` waiting for the verdict that confirms it. */
export function isConfirming(health: LinkHealth): boolean {
  return health.decidedVerdict === 'dead' && !health.hidden && health.confirmedAt === null;
}
