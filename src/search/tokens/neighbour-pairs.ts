/**
 * Pairs of neighbouring units: each pair of undecorated folded units next to each other in a title
 * (decoration between them skipped, as a title's core skips it) is a token, numbered by the build
 * (index/unit-pairs.ts). `总裁` then decodes the titles where `总` and `裁` stand together, not both
 * characters' long lists (rank/candidates.ts), and pinyin's two-syllable ways look pairs up too
 * (rank/pinyin-sources.ts). The list is not exact: it also holds `总·裁`; pair-marks.ts tells those apart.
 */
import type { NumberedKeys, PairNumbers } from './key-space.js';

/** The key of the pair `first`, `second`, or NO_KEY when no title holds it. */
export function neighbourPairKey(index: NumberedKeys, first: number, second: number): number {
  return index.unitPairKey(first, second);
}

/** The number of the pair a title's unit closes with the undecorated one before it (its key: key-space.ts `numberedKey`). */
export function neighbourPair(pairs: PairNumbers, previous: number, unit: number): number {
  return pairs.number(previous, unit);
}

export const NEIGHBOUR_PAIR_KEYS_PER_UNIT = 1;
