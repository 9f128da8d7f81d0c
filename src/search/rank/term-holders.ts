/**
 * Keywords of several terms without pinyin (`总裁 甜宠`, a whole title with its episode suffix, a
 * 100-character paste): a title that lacks the whole keyword can only be in a some-terms or all-terms
 * tier, decided by how many terms it holds. Checking every candidate's text for every term cost
 * hundreds of milliseconds when one term is a common character (`集` is in most titles). Here each
 * term's exact holders come from its posting lists (a one-character term's list is exact; a longer
 * term's intersection is checked against the text), a per-rank counter adds them up, and only the
 * holders of the whole keyword get the full tier check (docs/search.md, "How it is fast").
 */

import type { PostingIndex } from '../index/posting-index.js';
import { type ListPool, type RankBitset, unionAll } from '../index/posting-lists.js';
import type { RankColumns } from '../index/rank-columns.js';
import { ROW, ROW_FACTS, ROW_FOLDED_LENGTH, ROW_TEXT_START, type UnitTitle } from '../index/title-rows.js';
import { termsTier } from '../query/search-query.js';
import { type PreparedQuery, STALE } from '../query/title-forms.js';
import { foldText, isDecoration } from '../text-forms.js';
import { candidateKeys, holdingAll, indexedUnits } from './candidates.js';
import { type Classified, generalCode } from './classify-candidates.js';
import { BLOCK, touchBlock } from './literal-tiers.js';
import { indexOfUnits } from './unit-tiers.js';

export interface TermCandidates {
  /** Titles holding every character of the whole keyword: they get the full check. */
  whole: Int32Array;
  /** Every title holding the whole keyword's characters or a term, ascending. */
  union: Int32Array;
}

/** Does this path serve the query? Several terms, no pinyin, and every term and the keyword with an indexed unit. */
export function servesTerms(query: PreparedQuery): boolean {
  // Counts are bytes: a keyword of 100 characters (the API's limit) has at most 50 terms.
  if (query.terms.length === 0 || query.terms.length > 255 || query.pinyin !== '') return false;
  if (!indexedUnits(query.foldedCore, foldText(query.literalCore))) return false;
  return query.terms.every((term) => indexedUnits(term) !== undefined);
}

/** Counts into `held` (per rank, zero before) how many terms each title holds; call `clearHeld` after. */
export function termCandidates(
  index: PostingIndex,
  columns: RankColumns,
  query: PreparedQuery,
  held: Uint8Array,
  pool: ListPool,
  bitset: RankBitset,
): TermCandidates {
  const whole = holdingAll(index, candidateKeys(index, query.foldedCore, foldText(query.literalCore)) ?? [], pool, bitset);
  const lists = [whole];
  for (const [position, term] of query.terms.entries()) {
    let holders = holdingAll(index, candidateKeys(index, term) ?? [], pool, bitset);
    if (!(term.length === 1 && !isDecoration(term.charCodeAt(0))))
      holders = holdingText(columns, holders, query.termUnits[position] as Uint16Array);
    for (let at = 0; at < holders.length; at++) {
      const rank = holders[at] as number;
      held[rank] = (held[rank] as number) + 1;
    }
    lists.push(holders);
  }
  return { whole, union: unionAll(lists, bitset, pool) };
}

/** The candidates whose folded text holds `pattern`, in place. */
function holdingText(columns: RankColumns, candidates: Int32Array, pattern: Uint16Array): Int32Array {
  const { rows, units } = columns;
  let kept = 0;
  for (let at = 0; at < candidates.length; at++) {
    // Rows and texts of the next block first, so their cache misses overlap (candidates[at..] are not yet overwritten).
    if (at % BLOCK === 0) touchBlock(columns, candidates, at, Math.min(candidates.length, at + BLOCK));
    const rank = candidates[at] as number;
    const start = rows[rank * ROW + ROW_TEXT_START] as number;
    if (indexOfUnits(units, start, start + (rows[rank * ROW + ROW_FOLDED_LENGTH] as number), pattern) >= 0) candidates[kept++] = rank;
  }
  return candidates.subarray(0, kept);
}

/**
 * Tiers `ranks` (the union, of the type): the whole keyword's holders by the full check, every other
 * title by its count of terms held.
 */
export function classifyByTerms(
  columns: RankColumns,
  ranks: Int32Array,
  whole: Int32Array,
  held: Uint8Array,
  query: PreparedQuery,
  title: UnitTitle,
  out: Classified,
): void {
  out.reserve(ranks);
  const { codes } = out;
  const { rows } = columns;
  // Rows are read only for the whole keyword's holders, and for outdated rows when the build has any.
  const anyStale = columns.staleRows > 0;
  let next = 0;
  for (let index = 0; index < ranks.length; index++) {
    const rank = ranks[index] as number;
    while (next < whole.length && (whole[next] as number) < rank) next++;
    if (next < whole.length && whole[next] === rank) codes[index] = generalCode(columns, rank * ROW, query, title);
    else if (anyStale && ((rows[rank * ROW + ROW_FACTS] as number) & STALE) !== 0) codes[index] = 0;
    else codes[index] = termsTier(query, held[rank] as number) + 1;
  }
}

/** Zeroes the counters `termCandidates` set. */
export function clearHeld(held: Uint8Array, union: Int32Array): void {
  for (let at = 0; at < union.length; at++) held[union[at] as number] = 0;
}
