/**
 * Places the built index's candidates in their tiers: the hot loop of a search, bound by memory at a
 * million titles. Each candidate's row gives its slot, and alone tiers a one-character keyword (one cache
 * line); a longer keyword also reads the text, whose lines a tight touching loop brings in a block at a
 * time so their misses overlap. The common cases (a one-character keyword; any keyword that folding leaves
 * alone, on titles that folding leaves alone) have loops of their own that only write a code and the slot
 * per candidate: measured, updating per-tier counters or calling the full check inside them made them
 * several times slower. Every other candidate goes through the full check (`tierOfUnits`), or only its
 * terms and pinyin part when the literal loop has ruled out the rest, in a second loop; tiers are
 * counted afterwards. Codes and slots go to buffers reused from search to search.
 */
import type { ListPool } from './posting-lists.js';
import { type RankColumns, ROW } from './rank-columns.js';
import { Tier } from './search-query.js';
import { isDecoration } from './text-forms.js';
import { FOLD_CHANGES, firstUnitOf, foldedCoreOf, literalCoreOf, type PreparedQuery, STALE } from './title-forms.js';
import { indexOfUnits, looserTier, sameCore, tierOfUnits, type UnitTitle } from './unit-tiers.js';

/** Code of a candidate left to the full check. */
const DEFERRED = 255;
/** Code of a candidate that can only match by terms or pinyin, left to those checks. */
const LOOSER = 254;
/** Candidates touched ahead of their checks at a time. */
const BLOCK = 64;
/** Where touched values are summed, so the touching loads are not optimised away. */
const touched = new Int32Array(1);

/** Per candidate: tier + 1 (0: no match or outdated row) and slot. Grown as needed, reused between searches. */
export class Classified {
  codes = new Uint8Array(0);
  slots = new Int32Array(0);

  reserve(count: number): void {
    if (count <= this.codes.length) return;
    this.codes = new Uint8Array(count + (count >>> 2));
    this.slots = new Int32Array(count + (count >>> 2));
  }
}

/** Candidate ranks of the type (all of them when typeCode < 0): a tight pass over the one-byte type column. */
export function ofType(ranks: Int32Array, types: Uint8Array, typeCode: number, pool: ListPool): Int32Array {
  if (typeCode < 0) return ranks;
  const out = pool.take(ranks.length);
  let count = 0;
  for (let index = 0; index < ranks.length; index++) {
    const rank = ranks[index] as number;
    if (types[rank] === typeCode) out[count++] = rank;
  }
  return out.subarray(0, count);
}

/** Fills `out` for candidates [0, ranks.length). */
export function classifyCandidates(columns: RankColumns, ranks: Int32Array, query: PreparedQuery, title: UnitTitle, out: Classified): void {
  out.reserve(ranks.length);
  const { codes, slots } = out;
  const single = singleUnitKeyword(query);
  let deferred = ranks.length;
  if (single >= 0) deferred = classifySingle(columns.rows, columns.units, ranks, single, codes, slots);
  // With several terms, nearly every candidate lacks the whole keyword and needs the terms check anyway.
  else if (query.foldInvariant && query.terms.length === 0) deferred = classifyLiteral(columns, ranks, query, codes, slots);
  else codes.fill(DEFERRED, 0, ranks.length);
  if (deferred === 0) return;
  // The full check for the candidates the loops above left to it, in a loop of its own (a call inside
  // those loops, even one rarely taken, made them several times slower).
  const { rows, units } = columns;
  for (let index = 0; index < ranks.length; index++) {
    if (index % BLOCK === 0) touchBlock(columns, ranks, index, Math.min(ranks.length, index + BLOCK), codes);
    const code = codes[index] as number;
    if (code < LOOSER) continue;
    const row = (ranks[index] as number) * ROW;
    slots[index] = rows[row + 2] as number;
    if (code === DEFERRED) codes[index] = generalCode(columns, row, query, title);
    else {
      const start = rows[row] as number;
      codes[index] = looserTier(units, start, start + (rows[row + 3] as number), query) + 1;
    }
  }
}

/** Reads the rows and first text units of candidates [from, to) (only DEFERRED ones when `codes` is given). */
function touchBlock(columns: RankColumns, ranks: Int32Array, from: number, to: number, codes?: Uint8Array): void {
  const { rows, units } = columns;
  let sum = 0;
  for (let index = from; index < to; index++) {
    if (codes && (codes[index] as number) < LOOSER) continue;
    sum += units[rows[(ranks[index] as number) * ROW] as number] as number;
  }
  touched[0] = sum;
}

/** Reads the rows of candidates [from, to). */
function touchRows(rows: Int32Array, ranks: Int32Array, from: number, to: number): void {
  let sum = 0;
  for (let index = from; index < to; index++) sum += rows[(ranks[index] as number) * ROW + 1] as number;
  touched[0] = sum;
}

/** Tier + 1 of the title whose row starts at `row`, by the full check (0: no match or outdated row). */
function generalCode(columns: RankColumns, row: number, query: PreparedQuery, title: UnitTitle): number {
  const { rows, units } = columns;
  const facts = rows[row + 1] as number;
  if ((facts & STALE) !== 0) return 0;
  title.foldedUnits = units;
  title.foldedStart = rows[row] as number;
  title.foldedEnd = title.foldedStart + (rows[row + 3] as number);
  title.foldChanges = (facts & FOLD_CHANGES) !== 0;
  // The literal text follows the folded one; titles that folding leaves unchanged are their own literal form.
  title.literalUnits = units;
  title.literalStart = title.foldChanges ? title.foldedEnd : title.foldedStart;
  title.literalEnd = title.foldChanges ? (rows[row + ROW] as number) : title.foldedEnd;
  title.literalCoreLength = literalCoreOf(facts);
  title.foldedCoreLength = foldedCoreOf(facts);
  return tierOfUnits(title, query) + 1;
}

/**
 * The unit of a one-character keyword that folding leaves alone and whose posting list is the only
 * candidate source (no terms, no pinyin), else -1: every candidate then holds it.
 */
function singleUnitKeyword(query: PreparedQuery): number {
  if (query.literal.length !== 1 || !query.foldInvariant || query.terms.length > 0 || query.pinyin !== '') return -1;
  const unit = query.literal.charCodeAt(0);
  return isDecoration(unit) ? -1 : unit;
}

/** One-character keyword: a title that folding leaves alone and that holds the unit is tiered by its row alone. */
function classifySingle(
  rows: Int32Array,
  units: Uint16Array,
  ranks: Int32Array,
  unit: number,
  codes: Uint8Array,
  slots: Int32Array,
): number {
  let deferred = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (index % BLOCK === 0) touchRows(rows, ranks, index, Math.min(ranks.length, index + BLOCK));
    const row = (ranks[index] as number) * ROW;
    const facts = rows[row + 1] as number;
    slots[index] = rows[row + 2] as number;
    if ((facts & (STALE | FOLD_CHANGES)) !== 0) {
      codes[index] = DEFERRED;
      deferred++;
      continue;
    }
    codes[index] =
      rows[row + 3] === 1
        ? Tier.EXACT + 1
        : literalCoreOf(facts) === 1 && coreUnitIs(units, rows[row] as number, unit)
          ? Tier.EXACT_CORE + 1
          : firstUnitOf(facts) === unit
            ? Tier.PREFIX + 1
            : Tier.CONTAINS + 1;
  }
  return deferred;
}

/** Is the first undecorated unit from `start` on this one? (The title holds it, so the walk stops.) */
function coreUnitIs(units: Uint16Array, start: number, unit: number): boolean {
  let at = start;
  while (isDecoration(units[at] as number)) at++;
  return units[at] === unit;
}

/**
 * A keyword of one term that folding leaves alone, on titles that folding leaves alone: their folded
 * tiers repeat the literal ones, so the literal tiers decide, and a title without the keyword matches
 * only by pinyin (left to that check when the keyword is Latin).
 */
function classifyLiteral(columns: RankColumns, ranks: Int32Array, query: PreparedQuery, codes: Uint8Array, slots: Int32Array): number {
  const { rows, units } = columns;
  const keyword = query.literalUnits;
  const looser = query.pinyin !== '';
  const core = query.literalCore;
  const coreLength = query.literalCoreLength;
  let deferred = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (index % BLOCK === 0) touchBlock(columns, ranks, index, Math.min(ranks.length, index + BLOCK));
    const row = (ranks[index] as number) * ROW;
    const facts = rows[row + 1] as number;
    slots[index] = rows[row + 2] as number;
    if ((facts & (STALE | FOLD_CHANGES)) !== 0) {
      codes[index] = DEFERRED;
      deferred++;
      continue;
    }
    const start = rows[row] as number;
    const end = start + (rows[row + 3] as number);
    const at = indexOfUnits(units, start, end, keyword);
    let code = 0;
    if (at === 0 && end - start === keyword.length) code = Tier.EXACT + 1;
    else if (
      core !== '' &&
      literalCoreOf(facts) === coreLength &&
      sameCore(units, start, end, coreLength, coreLength, core, query.literalCoreUnits)
    )
      code = Tier.EXACT_CORE + 1;
    else if (at >= 0) code = at === 0 ? Tier.PREFIX + 1 : Tier.CONTAINS + 1;
    else if (looser) {
      code = LOOSER;
      deferred++;
    }
    codes[index] = code;
  }
  return deferred;
}

/** Matches per tier among candidates [0, count). */
export function countTiers(codes: Uint8Array, count: number, counts: Int32Array): void {
  const perCode = new Int32Array(256);
  for (let index = 0; index < count; index++) {
    const code = codes[index] as number;
    perCode[code] = (perCode[code] as number) + 1;
  }
  for (let tier = 0; tier < counts.length; tier++) counts[tier] = perCode[tier + 1] as number;
}

/** Writes each matching candidate's slot at its tier's next free place. */
export function placeByTier(result: Int32Array, starts: Int32Array, classified: Classified, count: number): void {
  const { codes, slots } = classified;
  const cursor = starts.slice();
  for (let index = 0; index < count; index++) {
    const code = codes[index] as number;
    if (code === 0) continue;
    const at = cursor[code - 1] as number;
    result[at] = slots[index] as number;
    cursor[code - 1] = at + 1;
  }
}
