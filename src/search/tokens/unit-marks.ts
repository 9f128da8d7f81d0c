/**
 * Marks on units: tokens that give a one-unit keyword `u` its tier in each title holding `u` without the
 * title's row or text (rank/single-unit.ts). A mark is numbered as the pair (kind, u), its kind a
 * pseudo-unit (a control character, decoration, so never a title's own pair). A title whose core (or
 * folded text) is one unit or none is under (CHECK_ALONE, u) for its first undecorated unit u, the one
 * its core can be: it may be exact, so it is checked one by one. Otherwise (and for its other units), a
 * title that folding leaves alone is a prefix match when it starts with u, (FIRST_UNIT, u), else a
 * contains match; one that folding changes is under (LITERAL_PREFIX, u)
 * when its literal text starts with u, (FOLDED_PREFIX, u) when its literal text lacks u and its folded
 * text starts with it, (FOLDED_CONTAINS, u) when its literal text lacks u otherwise, and under no mark
 * when its literal text holds u elsewhere (contains).
 */
import { Tier } from '../query/search-query.js';
import type { NumberedKeys, TierLists } from './key-space.js';
import type { TitleScan } from './title-scan.js';
import { unitKey } from './unit-keys.js';

export const FIRST_UNIT = 1;
export const CHECK_ALONE = 2;
export const LITERAL_PREFIX = 3;
export const FOLDED_PREFIX = 4;
export const FOLDED_CONTAINS = 5;

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

/** The mark of a unit of the folded title units[start, end) whose literal text is units[end, literalEnd), or -1 (contains). */
function changedMark(units: Uint16Array, start: number, end: number, literalEnd: number, unit: number): number {
  if (units[end] === unit) return LITERAL_PREFIX;
  for (let index = end + 1; index < literalEnd; index++) if (units[index] === unit) return -1;
  return units[start] === unit ? FOLDED_PREFIX : FOLDED_CONTAINS;
}

export const UNIT_MARK_KEYS_PER_UNIT = 1;
