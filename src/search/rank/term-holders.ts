/**
 * Keywords of several terms without pinyin (`总裁 甜宠`, a whole title with its episode suffix, a
 * 100-character paste): a title that lacks the whole keyword can only be in a some-terms or all-terms
 * tier, decided by how many terms it holds. Checking every candidate's text for every term cost
 * hundreds of milliseconds when one term is a common character (`集` is in most titles). Here each
 * term's exact holders come from its posting lists (a one-character term's list is exact; a longer
 * term's pair intersection is decided by marks, chain-holders.ts, and only the titles they leave
 * undecided are read), a per-rank counter adds them up, and only the
 * holders of the whole keyword get the full tier check (docs/search.md, "How it is fast").
 */

import { NO_KEY } from '../index/posting-index.js';
import { ROW, ROW_FACTS, ROW_FOLDED_LENGTH, ROW_TEXT_START } from '../index/title-rows.js';
import { isWeakTerm, NO_MATCH, termsTier, tierCode } from '../query/search-query.js';
import { type PreparedQuery, STALE } from '../query/title-forms.js';
import { foldText, isDecoration } from '../text/text-forms.js';
import { neighbourPairKey } from '../tokens/neighbour-pairs.js';
import { PAIR_CHECK } from '../tokens/pair-marks.js';
import { candidateKeys, holdingAll, TEXT_CHECK_INSTEAD_OF_DECODING } from './candidates.js';
import { chainCandidates, isChain, undecidedByChain } from './chain-holders.js';
import { generalCode } from './classify-candidates.js';
import { BLOCK, touchFoldedTexts, touchTexts } from './literal-tiers.js';
import type { SearchContext } from './search-context.js';
import { indexOfUnits } from './unit-tiers.js';

/**
 * Counts into the context's `termCounts` (per rank, zero before) how many terms each title holds and adds
 * every holder, and the titles holding every character of the whole keyword, to its `termUnion` (empty
 * before); returns the latter, which get the full check. `tierTermHolders` empties both.
 */
export function termCandidates(context: SearchContext, query: PreparedQuery): Int32Array {
  const { termCounts: held, termUnion: union } = context;
  const whole = wholeHolders(context, query);
  union.add(whole);
  const words = union.bits;
  // Strong terms first: a weak term then counts only for the titles holding one (search-query.ts
  // `termsTier`; a title holding every term holds the strong ones too), already in the union.
  for (const weak of [false, true]) {
    for (const [position, term] of query.terms.entries()) {
      if (isWeakTerm(term) !== weak) continue;
      const holders = exactHolders(context, term, query.termUnits[position]!);
      for (let at = 0; at < holders.length; at++) {
        const rank = holders[at]!;
        if (weak && held[rank] === 0) continue;
        held[rank] = held[rank]! + 1;
        words[rank >>> 5] = words[rank >>> 5]! | (1 << (rank & 31));
      }
    }
  }
  return whole;
}

/** Titles holding every character of the whole keyword (or a few more): they get the full check. */
export function wholeHolders({ postings: index, pool, bitset }: SearchContext, query: PreparedQuery): Int32Array {
  return holdingAll(
    index,
    candidateKeys(index, query.foldedCore, foldText(query.literalCore)) ?? [],
    pool,
    bitset,
    TEXT_CHECK_INSTEAD_OF_DECODING,
  );
}

/** The titles whose folded text holds the term: a one-character term's list, a longer term's confirmed candidates. */
export function exactHolders(context: SearchContext, term: string, units: Uint16Array): Int32Array {
  const { postings: index, pool, bitset, termCache: cache } = context;
  const exact = term.length === 1 && !isDecoration(term.charCodeAt(0));
  const cached = exact ? undefined : cache.get(term, pool);
  if (cached) return cached;
  const pair = units.length === 2 && !isDecoration(units[0]!) && !isDecoration(units[1]!);
  const chain = !pair && isChain(units);
  const within = pair || chain ? heldWithin(context, term, units) : undefined;
  if (within) return within;
  if (pair) return pairHolders(context, term, units);
  if (chain) return chainHolders(context, term, units);
  const found = holdingAll(index, candidateKeys(index, term) ?? [], pool, bitset, TEXT_CHECK_INSTEAD_OF_DECODING);
  if (exact) return found;
  const holders = holdingText(context, found, units);
  cache.set(term, holders, found.length);
  return holders;
}

/**
 * The holders of a term of undecorated units as those of a longer kept term that holds it, when that one
 * has as many as the term's rarest pair (term-cache.ts `heldWithin`): `甲藏` after `马甲藏不住`.
 */
function heldWithin(context: SearchContext, term: string, units: Uint16Array): Int32Array | undefined {
  const { postings: index, termCache, pool } = context;
  let rarest = 0;
  let count = Number.POSITIVE_INFINITY;
  for (let at = 1; at < units.length; at++) {
    const held = index.count(neighbourPairKey(index, units[at - 1]!, units[at]!));
    if (held < count) {
      count = held;
      rarest = at;
    }
  }
  return count > 0 ? termCache.heldWithin(term, term.slice(rarest - 1, rarest + 1), count, pool) : undefined;
}

/** A chain's holders (chain-holders.ts): its pairs' lists, reading only the candidates they leave undecided. */
function chainHolders(context: SearchContext, term: string, units: Uint16Array): Int32Array {
  const { found, complete } = chainCandidates(context, units);
  const undecided = complete ? undecidedByChain(context, found, units) : undefined;
  const holders = undecided ? withoutFailing(context, found, undecided, units) : holdingText(context, found, units);
  // Kept by the candidates it sifted, as a text-checked term is: the next keyword with it decodes no list.
  context.termCache.set(term, holders, found.length);
  return holders;
}

/**
 * The titles whose folded text holds the term's two units side by side: the pair's list less the titles
 * under its PAIR_CHECK mark whose text does not (tokens/pair-marks.ts: a title under no such mark holds
 * the pair only side by side, never across decoration). Only the marked titles, few for most pairs, are
 * read. A pair that folding changes in most titles (`4k` of `4K`: each such title is marked) has every
 * holder read: its holders are kept in the term cache, as a longer term's are.
 */
function pairHolders(context: SearchContext, term: string, units: Uint16Array): Int32Array {
  const { postings: index, pool } = context;
  const holders = index.list(index.unitPairKey(units[0]!, units[1]!), pool);
  const checkKey = index.pairMarkKey(PAIR_CHECK, units[0]!, units[1]!);
  if (checkKey === NO_KEY) return holders;
  const checked = index.list(checkKey, pool);
  const kept = withoutFailing(context, holders, checked, units);
  context.termCache.set(term, kept, checked.length);
  return kept;
}

/**
 * `holders` (ascending, in place) less the titles of `checked` (ascending, every one a holder) whose
 * folded text does not hold `pattern`: only the checked titles are read.
 */
function withoutFailing(context: SearchContext, holders: Int32Array, checked: Int32Array, pattern: Uint16Array): Int32Array {
  const { rows, units } = context.columns;
  // Both ascending and every checked title a holder: one merge drops the failing ones in place.
  let kept = 0;
  let next = 0;
  for (let at = 0; at < checked.length; at++) {
    if (at % BLOCK === 0) touchFoldedTexts(context, checked, at, Math.min(checked.length, at + BLOCK));
    const rank = checked[at]!;
    const start = rows[rank * ROW + ROW_TEXT_START]!;
    if (indexOfUnits(units, start, start + rows[rank * ROW + ROW_FOLDED_LENGTH]!, pattern) >= 0) continue;
    while (holders[next]! < rank) holders[kept++] = holders[next++]!;
    next++;
  }
  while (next < holders.length) holders[kept++] = holders[next++]!;
  return holders.subarray(0, kept);
}

/** The candidates whose folded text holds `pattern`, in place. */
function holdingText(context: SearchContext, candidates: Int32Array, pattern: Uint16Array): Int32Array {
  const { rows, units } = context.columns;
  let kept = 0;
  for (let at = 0; at < candidates.length; at++) {
    // Rows and texts of the next block first, so their cache misses overlap (candidates[at..] are not yet overwritten).
    if (at % BLOCK === 0) touchFoldedTexts(context, candidates, at, Math.min(candidates.length, at + BLOCK));
    const rank = candidates[at]!;
    const start = rows[rank * ROW + ROW_TEXT_START]!;
    if (indexOfUnits(units, start, start + rows[rank * ROW + ROW_FOLDED_LENGTH]!, pattern) >= 0) candidates[kept++] = rank;
  }
  return candidates.subarray(0, kept);
}

/**
 * Tiers the titles of the context's `termUnion` of the type (-1: any) into its `classified`, newest first,
 * and empties `termUnion` and `termCounts` on the way: the whole keyword's holders by the full check, every other title by its count of terms
 * held (one pass over the union's bit words, no row read unless the build has outdated rows). Returns
 * how many were tiered.
 */
export function tierTermHolders(context: SearchContext, whole: Int32Array, typeCode: number, query: PreparedQuery): number {
  const { columns, termUnion: union, termCounts: held, pool, classified: out } = context;
  const ranks = pool.take(union.count());
  out.reserve(ranks);
  const { codes } = out;
  const { types } = columns;
  const codeOfHeld = new Uint16Array(query.terms.length + 1);
  // Every counted title holds a strong term (weak terms are counted only beside one, `termCandidates`).
  for (let count = 1; count <= query.terms.length; count++) codeOfHeld[count] = tierCode(termsTier(query, count, true));
  const words = union.bits;
  let found = 0;
  for (let word = 0; word < words.length; word++) {
    let bits = words[word]!;
    if (bits === 0) continue;
    words[word] = 0;
    while (bits !== 0) {
      const rank = (word << 5) | (31 - Math.clz32(bits & -bits));
      bits &= bits - 1;
      const count = held[rank]!;
      held[rank] = 0;
      if (typeCode >= 0 && types[rank] !== typeCode) continue;
      ranks[found] = rank;
      codes[found++] = codeOfHeld[count]!;
    }
  }
  const tiered = ranks.subarray(0, found);
  // The whole keyword's holders (few) are found by halving, touched a block ahead so their misses
  // overlap; outdated rows only when the build has any.
  for (let at = 0; at < whole.length; at++) {
    if (at % BLOCK === 0) touchTexts(context, whole, at, Math.min(whole.length, at + BLOCK));
    const rank = whole[at]!;
    const index = indexOfRank(tiered, rank);
    if (index >= 0) codes[index] = generalCode(context, rank * ROW, query);
  }
  if (columns.staleRows > 0) {
    const { rows } = columns;
    for (let index = 0; index < found; index++) if ((rows[tiered[index]! * ROW + ROW_FACTS]! & STALE) !== 0) codes[index] = NO_MATCH;
  }
  return found;
}

/** Where `rank` is in the ascending `ranks`, or -1. */
function indexOfRank(ranks: Int32Array, rank: number): number {
  let low = 0;
  let high = ranks.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ranks[middle]!;
    if (value === rank) return middle;
    if (value < rank) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
