/**
 * A term of three or more units decided from lists (a plain chain: no decoration in it). Its neighbour
 * pairs' lists intersected give every holder and some titles that hold the pairs apart; those are told
 * apart without text by two marks: a title under no pair's PAIR_CHECK (pair-marks.ts) holds each pair
 * side by side, and one that repeats none of the term's inner units (repeated-units.ts) can hold them
 * side by side only as the chain itself. So only the candidates under one of those marks are read.
 * When the marks' lists are long against the candidates, reading every candidate costs less, and the
 * caller does that instead (docs/search.md, "How it is fast").
 */

import { NO_KEY } from '../index/posting-index.js';
import { unionAll } from '../index/posting-lists.js';
import { isDecoration } from '../text/text-forms.js';
import { neighbourPairKey } from '../tokens/neighbour-pairs.js';
import { PAIR_CHECK } from '../tokens/pair-marks.js';
import { repeatedUnitKey } from '../tokens/repeated-units.js';
import { TEXT_CHECK_INSTEAD_OF_DECODING } from './candidates.js';
import type { SearchContext } from './search-context.js';

/** Past one undecided candidate in this many, every candidate's text is read instead (measured: `１０８`). */
const UNDECIDED_SHARE_MOST = 2;

/** A term the chain decides: three or more units, none decoration. */
export function isChain(units: Uint16Array): boolean {
  if (units.length < 3) return false;
  for (const unit of units) if (isDecoration(unit)) return false;
  return true;
}

/**
 * The titles holding every neighbour pair of the chain `units` (ascending, in the context's pool), and
 * whether the lists decided them all: false when a pair's list was far longer than the candidates left,
 * and not decoded (candidates.ts `holdingAll`'s rule); those candidates may lack a pair. When the lists
 * decided them, those that cannot hold the chain for lack of a repeated unit are left out too.
 */
export function chainCandidates(
  { postings: index, pool, bitset }: SearchContext,
  units: Uint16Array,
): { found: Int32Array; complete: boolean } {
  const keys = new Set<number>();
  for (let at = 1; at < units.length; at++) keys.add(neighbourPairKey(index, units[at - 1]!, units[at]!));
  if (keys.has(NO_KEY)) return { found: pool.take(0), complete: true };
  const sorted = [...keys].sort((a, b) => index.count(a) - index.count(b));
  let found = index.list(sorted[0]!, pool);
  for (let position = 1; position < sorted.length && found.length > 0; position++) {
    const key = sorted[position]!;
    if (index.count(key) > found.length * TEXT_CHECK_INSTEAD_OF_DECODING) return { found, complete: false };
    found = index.intersect(found, key, pool, bitset);
  }
  return { found: withRepeatedUnits({ postings: index, pool, bitset }, found, units), complete: true };
}

/**
 * `found` less the titles that do not repeat a unit the chain holds twice apart (`2020`'s `2` and `0`:
 * titles holding `20` and `02` without it, such as `2025`, are two thirds of its candidates); every
 * holder of the chain repeats it (tokens/repeated-units.ts). A unit the chain holds side by side (`00`
 * of `2000`) is left: its pair's list already holds only titles that repeat it. So is one whose list is
 * far longer than what is left (candidates.ts `holdingAll`'s rule).
 */
function withRepeatedUnits(
  { postings: index, pool, bitset }: Pick<SearchContext, 'postings' | 'pool' | 'bitset'>,
  found: Int32Array,
  units: Uint16Array,
): Int32Array {
  let kept = found;
  for (let at = 0; at < units.length && kept.length > 0; at++) {
    const unit = units[at]!;
    if (units.indexOf(unit) !== at || units.lastIndexOf(unit) === at || holdsSideBySide(units, unit)) continue;
    const key = repeatedUnitKey(index, unit);
    if (index.count(key) > kept.length * TEXT_CHECK_INSTEAD_OF_DECODING) continue;
    kept = index.intersect(kept, key, pool, bitset);
  }
  return kept;
}

/** Does the chain hold `unit` twice side by side? */
function holdsSideBySide(units: Uint16Array, unit: number): boolean {
  for (let at = 1; at < units.length; at++) if (units[at - 1] === unit && units[at] === unit) return true;
  return false;
}

/**
 * The candidates of a complete `chainCandidates` that the lists leave undecided (ascending, a subset of
 * `found`): those under a pair's PAIR_CHECK or repeating an inner unit. Every other candidate holds the
 * chain in its folded text. Undefined when reading every candidate is worth more: the marks' lists
 * hold more postings than that, the chain repeats an inner unit, or they leave over half undecided.
 */
export function undecidedByChain(context: SearchContext, found: Int32Array, units: Uint16Array): Int32Array | undefined {
  // No candidate (most long terms of a 100-character paste): no mark's key to look up.
  if (found.length === 0) return found;
  // Every holder of a chain that holds one of its inner units twice (`2000`, `1080`) repeats that unit:
  // its repeated-unit list would leave every candidate undecided, so it is not read.
  if (repeatsAnInnerUnit(units)) return undefined;
  const { postings: index, pool, bitset } = context;
  const marks: number[] = [];
  for (let at = 1; at < units.length; at++) marks.push(index.pairMarkKey(PAIR_CHECK, units[at - 1]!, units[at]!));
  for (let at = 1; at < units.length - 1; at++) marks.push(repeatedUnitKey(index, units[at]!));
  const keys = [...new Set(marks)].filter((key) => key !== NO_KEY);
  let postings = 0;
  for (const key of keys) postings += index.count(key);
  if (postings > found.length * TEXT_CHECK_INSTEAD_OF_DECODING) return undefined;
  const parts: Int32Array[] = [];
  for (const key of keys) parts.push(index.intersect(found, key, pool, bitset));
  const undecided = unionAll(parts, bitset, pool);
  // The full check of so many costs more than the one-term loop over every candidate (`108`: 33,000 of
  // its 36,700 candidates hold `1080`, repeating its `0`).
  return undecided.length * UNDECIDED_SHARE_MOST > found.length ? undefined : undecided;
}

/** Does the chain hold one of its inner units (neither end) more than once? Then every holder repeats it. */
export function repeatsAnInnerUnit(units: Uint16Array | number[]): boolean {
  for (let at = 1; at < units.length - 1; at++) if (units.indexOf(units[at]!) !== at || units.lastIndexOf(units[at]!) !== at) return true;
  return false;
}
