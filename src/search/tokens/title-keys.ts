/**
 * The tokenizer: a title's index keys, each kind of token a module of this folder that owns both how a
 * title emits it and how a keyword looks it up. Used by the build (index/posting-builder.ts) and the
 * start-up preparation (index/prepared-titles.ts) alike. The kinds are plain calls in a fixed order, not
 * a list of objects: each is inlined into the one loop below, which allocates nothing (the build posts
 * some 20 million keys at a million titles). Adding a kind: its module, a line below, its keys in
 * `maxKeys`. Pinyin initials pairs and triples are keyed in a pass of their own (initials-pairs.ts).
 */
import { numberedKey } from './key-space.js';
import { LITERAL_UNIT_KEYS_PER_UNIT, literalUnitKeys } from './literal-units.js';
import { NEIGHBOUR_PAIR_KEYS_PER_UNIT, neighbourPair } from './neighbour-pairs.js';
import { PAIR_CHECK, PAIR_MARK_KEYS_PER_TITLE, PAIR_MARK_KEYS_PER_UNIT, PAIR_START, pairChecked, startPairAfter } from './pair-marks.js';
import { REPEATED_UNIT, REPEATED_UNIT_KEYS_PER_UNIT } from './repeated-units.js';
import type { TitleScan } from './title-scan.js';
import { DECORATION, unitInfo } from './unit-info.js';
import { UNIT_KEYS_PER_UNIT, unitKey } from './unit-keys.js';
import { UNIT_MARK_KEYS_PER_UNIT, unitMark } from './unit-marks.js';

const KEYS_PER_UNIT =
  UNIT_KEYS_PER_UNIT +
  NEIGHBOUR_PAIR_KEYS_PER_UNIT +
  PAIR_MARK_KEYS_PER_UNIT +
  UNIT_MARK_KEYS_PER_UNIT +
  LITERAL_UNIT_KEYS_PER_UNIT +
  REPEATED_UNIT_KEYS_PER_UNIT;

/** The most keys `titleKeys` writes for a title of `folded` folded units and `literal` literal ones (0 when folding changes nothing). */
export function maxKeys(folded: number, literal: number): number {
  return KEYS_PER_UNIT * folded + LITERAL_UNIT_KEYS_PER_UNIT * literal + PAIR_MARK_KEYS_PER_TITLE;
}

/**
 * Writes into `out` from `from` the keys of the title `scan` has begun (TitleScan.begin) and returns
 * where they end (`out` must have room for `maxKeys`). Units that are decoration have none. A key may
 * repeat (a unit seen twice); the builder posts it once.
 */
export function titleKeys(scan: TitleScan, out: Int32Array, from: number): number {
  const { units, end, pairs, seen, serial } = scan;
  let at = from;
  // The walk's state in locals and the keys written here, not in the kinds' modules through `scan`:
  // measured, fields of `scan` written in the walk made it a third slower.
  let previous = -1;
  let previousAt = -2;
  let startPair = -1;
  // Where the first undecorated unit stands: a core is the title's first undecorated units (an episode
  // suffix comes last), so only they can make a short core exact.
  let firstAt = -1;
  let firstUnit = -1;
  for (let index = scan.start; index < end; index++) {
    const unit = units[index]!;
    if (unitInfo(unit) === DECORATION) continue;
    out[at++] = unitKey(unit);
    // A unit this title's walk met before: its repeated-unit token (repeated-units.ts).
    if (seen[unit] === serial) out[at++] = numberedKey(pairs.number(REPEATED_UNIT, unit));
    else seen[unit] = serial;
    if (previous >= 0) {
      const pair = neighbourPair(pairs, previous, unit);
      out[at++] = numberedKey(pair);
      const checked = pairChecked(scan, previousAt, index, previousAt === firstAt);
      if (checked) out[at++] = numberedKey(pairs.markNumber(PAIR_CHECK, pair));
      startPair = startPairAfter(scan, startPair, pair, index, checked);
    } else {
      firstAt = index;
      firstUnit = unit;
    }
    const mark = unitMark(scan, index, unit, unit === firstUnit);
    if (mark >= 0) out[at++] = numberedKey(pairs.number(mark, unit));
    previous = unit;
    previousAt = index;
  }
  if (startPair >= 0) out[at++] = numberedKey(pairs.markNumber(PAIR_START, startPair));
  // Titles that folding changed (a few): their literal units, in a walk of their own.
  return literalUnitKeys(scan, out, at);
}
