/**
 * Where each kind of token lives among the index's keys, one numbering for every posting list: keys
 * 0..0xffff are folded code units (unit-keys.ts); then one key per pair of pinyin initials, a-z × a-z
 * (initials-pairs.ts), and per triple, a-z × a-z × a-z, twice: anywhere and at the title's start
 * (initials-triples.ts), then per pair again, at the title's start, and once more, held at two places or
 * more (initials-pairs.ts); from KEY_COUNT on, the tokens numbered as they first appear in a build
 * (index/unit-pairs.ts): pairs of neighbouring units (neighbour-pairs.ts), the marks on units and on
 * pairs (unit-marks.ts, pair-marks.ts), literal units (literal-units.ts) and repeated units
 * (repeated-units.ts). A token numbered as the pair
 * (kind, unit) takes as its kind a control character no other module uses: a control character is
 * decoration, never a title's own unit, so the token never meets a real pair. A query side's lookup
 * returns NO_KEY for a token no title holds: its list is empty.
 */

/**
 * The kinds of the tokens numbered as the pair (kind, unit), one control character each. They are listed
 * here, not in their modules, so that a new kind cannot take one another module uses (key-space.test.ts
 * checks they are distinct control characters).
 */
export const UNIT_TOKEN_KIND = {
  /** unit-marks.ts */
  firstUnit: 1,
  checkAlone: 2,
  literalPrefix: 3,
  foldedPrefix: 4,
  foldedContains: 5,
  containsFoldedPrefix: 6,
  /** literal-units.ts */
  literalUnit: 7,
  literalStart: 8,
  /** repeated-units.ts */
  repeatedUnit: 9,
} as const;

export const INITIALS_PAIR_BASE = 0x10000;
const INITIALS_TRIPLE_BASE = INITIALS_PAIR_BASE + 26 * 26;
const INITIALS_START_BASE = INITIALS_TRIPLE_BASE + 26 * 26 * 26;
const INITIALS_START_PAIR_BASE = INITIALS_START_BASE + 26 * 26 * 26;
const INITIALS_REPEATED_PAIR_BASE = INITIALS_START_PAIR_BASE + 26 * 26;
export const KEY_COUNT = INITIALS_REPEATED_PAIR_BASE + 26 * 26;
/** The key of a token no title holds: its list is empty. */
export const NO_KEY = -1;

/** Is the key one of the pinyin keys (initials pairs and triples), whose lists are built after the others? */
export function isPinyinKey(key: number): boolean {
  return key >= INITIALS_PAIR_BASE && key < KEY_COUNT;
}

/** The key of the pair of initials `first`, `second` (0 = a). */
export function initialsPairKey(first: number, second: number): number {
  return INITIALS_PAIR_BASE + first * 26 + second;
}

/** The key of the triple of initials `first`, `second`, `third` (0 = a) anywhere in a title. */
export function initialsTripleKey(first: number, second: number, third: number): number {
  return INITIALS_TRIPLE_BASE + (first * 26 + second) * 26 + third;
}

/** The key of the triple of initials `first`, `second`, `third` (0 = a) as a title's first three undecorated units. */
export function initialsStartKey(first: number, second: number, third: number): number {
  return INITIALS_START_BASE + (first * 26 + second) * 26 + third;
}

/** The key of the pair of initials `first`, `second` (0 = a) as a title's first two undecorated units. */
export function initialsStartPairKey(first: number, second: number): number {
  return INITIALS_START_PAIR_BASE + first * 26 + second;
}

/** The key of the pair of initials `first`, `second` (0 = a) held by a title at two places or more. */
export function initialsRepeatedPairKey(first: number, second: number): number {
  return INITIALS_REPEATED_PAIR_BASE + first * 26 + second;
}

/** The key of the token a build numbered `number` (index/unit-pairs.ts). */
export function numberedKey(number: number): number {
  return KEY_COUNT + number;
}

/** The key of a token a keyword looks up: its number, or NO_KEY for -1 (no title holds it). */
export function foundKey(number: number): number {
  return number < 0 ? NO_KEY : KEY_COUNT + number;
}

/** The numbering of pair-shaped tokens as a title's walk gives it (index/unit-pairs.ts), numbering new ones. */
export interface PairNumbers {
  /** The number of the pair (`first`, `second`): two units, or a unit mark's kind and its unit. */
  number(first: number, second: number): number;
  /** The number of the mark of `kind` on the pair numbered `pair`. */
  markNumber(kind: number, pair: number): number;
}

/** The numbering a build gave its pair-shaped tokens, as a keyword looks them up (index/posting-index.ts). */
export interface NumberedKeys {
  /** The key of the pair (`first`, `second`), or NO_KEY. */
  unitPairKey(first: number, second: number): number;
  /** The key of the mark of `kind` on the pair (`first`, `second`), or NO_KEY. */
  pairMarkKey(kind: number, first: number, second: number): number;
}

/**
 * The lists a keyword's tiers come from without reading titles (rank/short-keywords.ts): every holder of
 * the keyword, the holders that must be checked one by one, and marks that each give their holders one
 * tier (a checked holder takes its check's tier); a holder under no mark and not checked is in
 * `restTier`. A holder is under one mark, but for the first `leading` marks: a holder under one of
 * those takes its tier over any later mark it is under too.
 */
export interface TierLists {
  holders: number;
  checked: number;
  marks: number[];
  markTiers: readonly number[];
  leading: number;
  restTier: number;
}
