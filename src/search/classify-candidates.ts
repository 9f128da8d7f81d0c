/**
 * Places the built index's candidates in their tiers: the hot loop of a search. Rows and texts of each
 * block of candidates are touched in a tight loop first, so their cache misses overlap instead of stalling
 * one by one inside the tier checks; a one-character keyword needs only each title's first unit and core
 * length. The loops live in small module functions, which V8 optimises whole.
 */
import { foldedCoreOf, literalCoreOf, type RankColumns, STALE } from './rank-columns.js';
import { Tier } from './search-query.js';
import { isDecoration } from './text-forms.js';
import { FOLD_CHANGES, type PreparedQuery } from './title-forms.js';
import { tierOfUnits, type UnitTitle } from './unit-tiers.js';

/** Candidates touched ahead of their tier checks at a time (a power of two). */
const PREFETCH_BLOCK = 64;
/** Where touched values are summed, so the touching loads are not optimised away. */
const touched = new Int32Array(1);

/** Tier + 1 per candidate rank (0: no match, outdated row or other type); counts per tier. */
export function classifyCandidates(
  columns: RankColumns,
  ranks: Int32Array | undefined,
  query: PreparedQuery,
  typeCode: number,
  counts: Int32Array,
  title: UnitTitle,
): Uint8Array {
  const count = ranks ? ranks.length : columns.size;
  const codes = new Uint8Array(count);
  const { rows, units, types } = columns;
  const literals = columns.literal;
  title.foldedUnits = units;
  const single = singleUnitKeyword(query);
  for (let index = 0; index < count; index++) {
    // Touch the next block's rows and texts in a tight loop first: their cache misses then overlap
    // instead of stalling one by one inside the tier checks (4x faster at a million titles).
    if ((index & (PREFETCH_BLOCK - 1)) === 0)
      touched[0] = (touched[0] as number) + touchBlock(columns, ranks, index, Math.min(count, index + PREFETCH_BLOCK), typeCode);
    const rank = ranks ? (ranks[index] as number) : index;
    if (typeCode >= 0 && types[rank] !== typeCode) continue;
    const facts = rows[rank * 2 + 1] as number;
    if ((facts & STALE) !== 0) continue;
    title.foldedStart = rows[rank * 2] as number;
    title.foldedEnd = rows[rank * 2 + 2] as number;
    title.foldChanges = (facts & FOLD_CHANGES) !== 0;
    if (single >= 0 && !title.foldChanges) {
      const tier = singleUnitTier(units, title.foldedStart, title.foldedEnd, literalCoreOf(facts), single);
      codes[index] = tier + 1;
      counts[tier] = (counts[tier] as number) + 1;
      continue;
    }
    // Titles that folding leaves unchanged are their own literal form.
    if (title.foldChanges) {
      title.literalUnits = literals.units;
      title.literalStart = literals.offsets[rank] as number;
      title.literalEnd = literals.offsets[rank + 1] as number;
    } else {
      title.literalUnits = units;
      title.literalStart = title.foldedStart;
      title.literalEnd = title.foldedEnd;
    }
    title.literalCoreLength = literalCoreOf(facts);
    title.foldedCoreLength = foldedCoreOf(facts);
    const tier = tierOfUnits(title, query);
    if (tier < 0) continue;
    codes[index] = tier + 1;
    counts[tier] = (counts[tier] as number) + 1;
  }
  return codes;
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

/** The tier of a title that folding leaves alone and that holds the keyword's only unit. */
function singleUnitTier(units: Uint16Array, start: number, end: number, literalCoreLength: number, unit: number): number {
  if (end - start === 1) return Tier.EXACT;
  if (literalCoreLength === 1) {
    let at = start;
    while (isDecoration(units[at] as number)) at++;
    if (units[at] === unit) return Tier.EXACT_CORE;
  }
  return units[start] === unit ? Tier.PREFIX : Tier.CONTAINS;
}

/** Reads the rows and first text units of candidates [from, to) of the type: independent loads the CPU overlaps. */
function touchBlock(columns: RankColumns, ranks: Int32Array | undefined, from: number, to: number, typeCode: number): number {
  const { rows, units, types } = columns;
  let sum = 0;
  for (let index = from; index < to; index++) {
    const rank = ranks ? (ranks[index] as number) : index;
    if (typeCode < 0 || types[rank] === typeCode) sum += (rows[rank * 2 + 1] as number) + (units[rows[rank * 2] as number] ?? 0);
  }
  return sum & 1;
}

/** Writes each matching candidate's slot at its tier's next free place (a hot loop in a small function, which V8 optimises whole). */
export function placeByTier(
  result: Int32Array,
  starts: Int32Array,
  codes: Uint8Array,
  ranks: Int32Array | undefined,
  order: Int32Array,
): void {
  const cursor = starts.slice();
  for (let index = 0; index < codes.length; index++) {
    const code = codes[index] as number;
    if (code === 0) continue;
    const at = cursor[code - 1] as number;
    result[at] = order[ranks ? (ranks[index] as number) : index] as number;
    cursor[code - 1] = at + 1;
  }
}
