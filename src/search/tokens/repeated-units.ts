/**
 * Repeated units: a title gets the token (REPEATED_UNIT, u), numbered as a pair, for each undecorated
 * folded unit u it holds more than once. With it the neighbour-pair lists decide a term of three or more
 * units without reading text (rank/chain-holders.ts): a title that holds every neighbour pair of `abcd`
 * side by side (under no PAIR_CHECK, pair-marks.ts) and holds `b` and `c` once each holds `abcd`, since
 * `ab`, `bc` and `cd` can then only stand where one's second unit is the next one's first. A position
 * per posting would say the same at a byte or more a posting; this token is one posting per repeated
 * unit, and most titles repeat none of a keyword's units.
 */
import { type NumberedKeys, UNIT_TOKEN_KIND } from './key-space.js';

/** Pseudo-unit (a control character, decoration): never a title's own unit, nor another token's kind. */
export const REPEATED_UNIT = UNIT_TOKEN_KIND.repeatedUnit;

/** The key of the titles holding `unit` more than once, or NO_KEY. */
export function repeatedUnitKey(index: NumberedKeys, unit: number): number {
  return index.unitPairKey(REPEATED_UNIT, unit);
}

/** Most keys a title gets per folded unit: one per place a unit seen before stands (the builder posts a key once). */
export const REPEATED_UNIT_KEYS_PER_UNIT = 1;
