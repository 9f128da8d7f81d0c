/**
 * The two shapes components record through: a tally (a counter child) and a timing (a histogram
 * child), each bound to its labels once at start-up, so recording on a request path is one method
 * call with no label lookup. Components depend on these shapes only, never on prom-client; with
 * metrics off they get the no-op instruments below (docs/operations.md).
 */

export interface Tally {
  inc(amount?: number): void;
}

export interface Timing {
  /** Seconds. */
  observe(seconds: number): void;
}

export const NO_TALLY: Tally = { inc() {} };
export const NO_TIMING: Timing = { observe() {} };

/** A record of no-op tallies for every name in `names`. */
export function noTallies<Name extends string>(names: readonly Name[]): Record<Name, Tally> {
  return Object.fromEntries(names.map((name) => [name, NO_TALLY])) as Record<Name, Tally>;
}
