/**
 * Marks on pairs: tokens that give a two-unit keyword `ab` its tier in a title holding the pair (a, b)
 * without the title's row or text (rank/short-keywords.ts `firstPairMatches`), as tantivy-style start
 * sentinels do. A title is under (PAIR_CHECK, ab) when the pair stands across decoration there (`a·b`,
 * not the literal `ab`), when its literal text does not hold the pair where its folded text does (`總裁`
 * folded to `总裁`, or folding changed the title's length), or, when its core is two units or fewer (it
 * may be exact), on its first pair of undecorated units, the one its core can be: it is checked one by one. Every other holder holds `ab` literally: under (PAIR_START, ab)
 * when it starts with it and no holding of it is checked (prefix), else a contains match. So a two-unit
 * keyword's total is the pair's list count less the checked titles that fail, and its first page is the
 * head of the lists.
 */
import { Tier } from '../query/search-query.js';
import type { NumberedKeys, TierLists } from './key-space.js';
import type { TitleScan } from './title-scan.js';

export const PAIR_CHECK = 1;
export const PAIR_START = 2;

/**
 * The lists a two-unit keyword that is its own core is tiered by, `first`, `second` its folded units.
 * For a keyword that folding changes (`總裁`) the unchecked holders are folded prefix and folded contains
 * matches: each holds the folded pair literally wherever it holds it, so none holds the keyword as typed.
 */
export function pairTierLists(index: NumberedKeys, first: number, second: number, foldInvariant: boolean): TierLists {
  return {
    holders: index.unitPairKey(first, second),
    checked: index.pairMarkKey(PAIR_CHECK, first, second),
    marks: [index.pairMarkKey(PAIR_START, first, second)],
    markTiers: [foldInvariant ? Tier.PREFIX : Tier.FOLDED_PREFIX],
    leading: 0,
    restTier: foldInvariant ? Tier.CONTAINS : Tier.FOLDED_CONTAINS,
  };
}

/**
 * Whether the holding of a pair that the title's unit at `index` closes with the undecorated unit at
 * `previousAt` is checked; `isFirstPair`: it is the title's first pair of undecorated units.
 */
export function pairChecked(scan: TitleScan, previousAt: number, index: number, isFirstPair: boolean): boolean {
  const { units, literalOffset: offset } = scan;
  const literal =
    index === previousAt + 1 &&
    (!scan.changed || (offset > 0 && units[previousAt + offset] === units[previousAt] && units[index + offset] === units[index]));
  return (scan.checkPairs && isFirstPair) || !literal;
}

/**
 * The pair PAIR_START goes on once the walk has passed the pair numbered `pair`, closed at `index`:
 * the title's first pair while no holding of it is checked (so far), else -1.
 */
export function startPairAfter(scan: TitleScan, startPair: number, pair: number, index: number, checked: boolean): number {
  if (index === scan.start + 1) return checked ? -1 : pair;
  return checked && pair === startPair ? -1 : startPair;
}

/** Most keys a unit gets (its pair's check), and a title on top of those (its start). */
export const PAIR_MARK_KEYS_PER_UNIT = 1;
export const PAIR_MARK_KEYS_PER_TITLE = 1;
