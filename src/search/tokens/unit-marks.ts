/**
 * Marks on units: tokens that give a one-unit keyword `u` its tier in each title holding `u` without the
 * title's row or text (rank/short-keywords.ts). A mark is numbered as the pair (kind, u), its kind a
 * pseudo-unit (a control character, decoration, so never a title's own pair). A title whose core (or
 * folded text) is one unit or none is under (CHECK_ALONE, u) for its first undecorated unit u, the one
 * its core can be: it may be exact, so it is checked one by one. Otherwise (and for its other units), a
 * title that folding leaves alone is a prefix match when it starts with u, (FIRST_UNIT, u), else a
 * contains match; one that folding changes is under (LITERAL_PREFIX, u)
 * when its literal text starts with u, (FOLDED_PREFIX, u) when its literal text lacks u and its folded
 * text starts with it, (FOLDED_CONTAINS, u) when its literal text lacks u otherwise, and under no mark
 * when its literal text holds u elsewhere (contains), but for (CONTAINS_FOLDED_PREFIX, u) when its folded
 * text starts with u (a contains match still, but a keyword that folds to u needs the folded prefix).
 */
import { Tier } from '../query/search-query.js';
import { type NumberedKeys, type TierLists, UNIT_TOKEN_KIND } from './key-space.js';
import { LITERAL_START, LITERAL_UNIT } from './literal-units.js';
import type { TitleScan } from './title-scan.js';
import { unitKey } from './unit-keys.js';

export const FIRST_UNIT = UNIT_TOKEN_KIND.firstUnit;
export const CHECK_ALONE = UNIT_TOKEN_KIND.checkAlone;
export const LITERAL_PREFIX = UNIT_TOKEN_KIND.literalPrefix;
export const FOLDED_PREFIX = UNIT_TOKEN_KIND.foldedPrefix;
export const FOLDED_CONTAINS = UNIT_TOKEN_KIND.foldedContains;
/** A title that folding changes whose literal text holds u further on and whose folded text starts with u. */
export const CONTAINS_FOLDED_PREFIX = UNIT_TOKEN_KIND.containsFoldedPrefix;

/** The marks a holder is tiered by without a check, and the tier each gives. */
const TIERED = [FIRST_UNIT, LITERAL_PREFIX, FOLDED_PREFIX, FOLDED_CONTAINS];
const TIERED_TIERS = [Tier.PREFIX, Tier.PREFIX, Tier.FOLDED_PREFIX, Tier.FOLDED_CONTAINS] as const;

/** The lists a one-unit keyword that folding leaves alone is tiered by: the unit's, its checked holders', its marks'. */
export function unitTierLists(index: NumberedKeys, unit: number): TierLists {
  return {
    holders: unitKey(unit),
    checked: index.unitPairKey(CHECK_ALONE, unit),
    marks: TIERED.map((mark) => index.unitPairKey(mark, unit)),
    markTiers: TIERED_TIERS,
    leading: 0,
    restTier: Tier.CONTAINS,
  };
}

/** The mark (its kind) of the title's unit at `index`, -1 for none; its key is the pair (mark, unit)'s. `isFirstUnit`: the unit is the title's first undecorated one. */
export function unitMark(scan: TitleScan, index: number, unit: number, isFirstUnit: boolean): number {
  // Every holding of the first unit (`isFirstUnit`), so a title is under CHECK_ALONE or another mark of a unit, never both.
  if (scan.checkUnits && isFirstUnit) return CHECK_ALONE;
  if (scan.changed) return changedMark(scan.units, scan.start, scan.end, scan.literalEnd, unit);
  return index === scan.start ? FIRST_UNIT : -1;
}

/** The mark of a unit of the folded title units[start, end) whose literal text is units[end, literalEnd). */
function changedMark(units: Uint16Array, start: number, end: number, literalEnd: number, unit: number): number {
  if (units[end] === unit) return LITERAL_PREFIX;
  const foldedPrefix = units[start] === unit;
  for (let index = end + 1; index < literalEnd; index++) if (units[index] === unit) return foldedPrefix ? CONTAINS_FOLDED_PREFIX : -1;
  return foldedPrefix ? FOLDED_PREFIX : FOLDED_CONTAINS;
}

/**
 * The lists a one-unit keyword `literal` that folding changes to the unit `folded` (`乾` → `干`, `Z` →
 * `z`) is tiered by. Every holder of `folded` matches. One whose literal text holds the keyword
 * (literal-units.ts) is a prefix match when its literal text starts with it, else a contains match;
 * those marks lead. Of the others, the ones whose folded text starts with `folded` are folded prefix
 * matches, the rest folded contains matches. Those that may be exact (CHECK_ALONE) are checked.
 */
export function changedUnitTierLists(index: NumberedKeys, literal: number, folded: number): TierLists {
  const prefixes = [FIRST_UNIT, LITERAL_PREFIX, FOLDED_PREFIX, CONTAINS_FOLDED_PREFIX];
  return {
    holders: unitKey(folded),
    checked: index.unitPairKey(CHECK_ALONE, folded),
    marks: [
      index.unitPairKey(LITERAL_START, literal),
      index.unitPairKey(LITERAL_UNIT, literal),
      ...prefixes.map((mark) => index.unitPairKey(mark, folded)),
    ],
    markTiers: [Tier.PREFIX, Tier.CONTAINS, ...prefixes.map(() => Tier.FOLDED_PREFIX)],
    leading: 2,
    restTier: Tier.FOLDED_CONTAINS,
  };
}

export const UNIT_MARK_KEYS_PER_UNIT = 1;
