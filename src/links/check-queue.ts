/**
 * The one table of the check schedule (docs/link-health.md, "Scheduling"): which class a link waits in
 * and when it is due, from its last verdict. Classes go in order: reported links, never-checked links
 * (newest first), confirmations of a first `dead`, then everything else by due time. Alive links age
 * slowly; hidden ones are looked at again on a slower schedule still. Pure: the store writes what this says.
 */
import type { Verdict } from './link-checker.js';

export const PRIORITY = { reported: 0, unchecked: 1, confirmation: 2, routine: 3 } as const;
export const PRIORITIES = [PRIORITY.reported, PRIORITY.unchecked, PRIORITY.confirmation, PRIORITY.routine] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long after a verdict the link is due again (routine class). */
export const RECHECK_AFTER = {
  alive: 3 * DAY,
  locked: 3 * DAY,
  /** A confirmed dead (hidden) entry: slower, it only comes back if the owner shares again. */
  hidden: 7 * DAY,
  /** The check could not decide: try again in an hour, doubling with each `unknown` in a row up to 3 days. */
  unknown: HOUR,
  unknownLongest: 3 * DAY,
  /** A confirmed dead of a provider whose deads hide nothing (LINK_CHECK_HIDE): looked at as seldom as a hidden one. */
  recordedOnly: 7 * DAY,
  /** An `unknown` while a first `dead` waits for its confirmation: the confirmation is retried sooner. */
  unknownWhileConfirming: 10 * MINUTE,
} as const;

export interface QueuePlace {
  priority: number | null;
  dueAt: number | null;
}

/** Where a never-checked link waits: newest first, so the due key is the negated entry time. */
export function uncheckedPlace(updateTimeSeconds: number | undefined): QueuePlace {
  return { priority: PRIORITY.unchecked, dueAt: -(updateTimeSeconds ?? 0) };
}

/** How long after its `streak`-th `unknown` in a row a link is asked again: 1 h, 2 h, 4 h, … up to 3 days. */
export function unknownBackoff(streak: number): number {
  return Math.min(RECHECK_AFTER.unknown * 2 ** Math.max(0, Math.min(streak - 1, 20)), RECHECK_AFTER.unknownLongest);
}

export interface PlaceState {
  hidden: boolean;
  confirming: boolean;
  /** Why a confirmed dead is not hidden: the hourly cap or the daily hide share (looked at again in `until`), or no hiding for its provider. */
  waiting?: { reason: 'cap'; until: number } | { reason: 'not-hiding' } | undefined;
  /** The verdict was a suspect dead: placed as an `unknown` is. */
  suspect?: boolean;
  unknownStreak?: number;
}

/** Where a link waits after a check, given the state the check left it in. */
export function placeAfter(verdict: Verdict, state: PlaceState, now: number, confirmMs: number): QueuePlace {
  if (verdict === 'unsupported') return { priority: null, dueAt: null };
  if (state.hidden) return { priority: PRIORITY.routine, dueAt: now + RECHECK_AFTER.hidden };
  if (state.waiting?.reason === 'cap') return { priority: PRIORITY.confirmation, dueAt: state.waiting.until };
  if (state.waiting?.reason === 'not-hiding') return { priority: PRIORITY.routine, dueAt: now + RECHECK_AFTER.recordedOnly };
  const undecided = verdict === 'unknown' || (verdict === 'dead' && state.suspect === true);
  if (state.confirming || verdict === 'dead') {
    const wait = undecided ? Math.min(confirmMs, RECHECK_AFTER.unknownWhileConfirming) : confirmMs;
    if (!undecided || state.confirming) return { priority: PRIORITY.confirmation, dueAt: now + wait };
  }
  if (undecided) return { priority: PRIORITY.routine, dueAt: now + unknownBackoff(Math.max(1, state.unknownStreak ?? 1)) };
  return { priority: PRIORITY.routine, dueAt: now + RECHECK_AFTER[verdict as 'alive' | 'locked'] };
}
