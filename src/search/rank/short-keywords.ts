/**
 * Keywords of one or two units (`爱`, `z`, `爱情`), answered from posting lists and marks alone. For a
 * one-unit keyword that folding leaves alone, every title holding the unit matches, and the unit's marks
 * (tokens/unit-marks.ts) give each its tier: the few whose core is one unit or none (CHECK_ALONE) get the
 * full check, every other one takes its mark's tier, and a title under no mark is a contains match. So a
 * common character's thousands of matches are tiered with no row or text read: the total is the unit's
 * list count, and a new keyword's first matches decode only the newest postings of the unit's lists
 * (`firstSingleMatches`); the whole answer, for a type filter or a later page, walks the lists whole
 * (`classifySingleByLists`). The build must hold no outdated row. The same walk over other lists gives
 * the first matches of a one-unit keyword that folding changes (`firstChangedUnitMatches`) and of a
 * two-unit keyword (`firstPairMatches`): only the lists differ.
 */
import type { ListPool } from '../index/posting-lists.js';
import { ROW } from '../index/title-rows.js';
import { NO_MATCH, tierCode } from '../query/search-query.js';
import type { PreparedQuery } from '../query/title-forms.js';
import type { TierLists } from '../tokens/key-space.js';
import { pairTierLists } from '../tokens/pair-marks.js';
import { changedUnitTierLists, unitTierLists } from '../tokens/unit-marks.js';
import { classifyCandidates, generalCode, ofType } from './classify-candidates.js';
import { BLOCK, touchTexts } from './literal-tiers.js';
import type { SearchContext } from './search-context.js';

/** Fills `context.classified` for the unit's holders of the type (-1: any); returns how many. */
export function classifySingleByLists(context: SearchContext, unit: number, typeCode: number, query: PreparedQuery): number {
  const { postings: index, columns, pool, classified: out } = context;
  const lists = unitTierLists(index, unit);
  const ranks = ofType(index.list(lists.holders, pool), columns.types, typeCode, pool);
  out.reserve(ranks);
  const { codes } = out;
  codes.fill(tierCode(lists.restTier), 0, ranks.length);
  for (const [which, key] of lists.marks.entries()) {
    const code = tierCode(lists.markTiers[which] ?? 0);
    const list = index.list(key, pool);
    let at = 0;
    for (let next = 0; next < list.length; next++) {
      const rank = list[next]!;
      while (at < ranks.length && ranks[at]! < rank) at++;
      if (ranks[at] === rank) codes[at] = code;
    }
  }
  // The checked titles' places, then their full checks a block at a time (rows and texts touched first).
  const checked = index.list(lists.checked, pool);
  const places = pool.take(checked.length);
  const checkedRanks = pool.take(checked.length);
  let toCheck = 0;
  let at = 0;
  for (let next = 0; next < checked.length; next++) {
    const rank = checked[next]!;
    while (at < ranks.length && ranks[at]! < rank) at++;
    if (ranks[at] !== rank) continue;
    places[toCheck] = at;
    checkedRanks[toCheck++] = rank;
  }
  const checkedCodes = checkAll(context, checkedRanks.subarray(0, toCheck), query);
  for (let next = 0; next < toCheck; next++) codes[places[next]!] = checkedCodes[next]!;
  return ranks.length;
}

/**
 * The code (`tierCode`) of each of the ranks by the full check, a block at a time, both ends of their texts
 * touched first (a checked title is often one that folding changes, its literal text after its folded one).
 */
function checkAll(context: SearchContext, ranks: Int32Array, query: PreparedQuery): Int32Array {
  const codes = context.pool.take(ranks.length);
  for (let at = 0; at < ranks.length; at++) {
    if (at % BLOCK === 0) touchTexts(context, ranks, at, Math.min(ranks.length, at + BLOCK));
    codes[at] = generalCode(context, ranks[at]! * ROW, query);
  }
  return codes;
}

/**
 * The first `need` matches (in relevance order) of the unit's holders and their exact total, with no type
 * filter (`firstListMatches`).
 */
export function firstSingleMatches(context: SearchContext, unit: number, query: PreparedQuery, need: number): FirstMatches {
  return firstListMatches(context, unitTierLists(context.postings, unit), query, need);
}

/**
 * The same for a one-unit keyword that folding changes (`乾`, `Z`: its unit `literal` as typed, `folded`
 * folded, rank/query-plan.ts), tiered as tokens/unit-marks.ts `changedUnitTierLists` says.
 */
export function firstChangedUnitMatches(
  context: SearchContext,
  literal: number,
  folded: number,
  query: PreparedQuery,
  need: number,
): FirstMatches {
  return firstListMatches(context, changedUnitTierLists(context.postings, literal, folded), query, need);
}

/**
 * The same for a two-unit keyword whose folded units are `first`, `second` (rank/query-plan.ts): the pair's holders, of which those under PAIR_CHECK are checked (some fail), those under
 * PAIR_START are prefix matches, and every other one a contains match (tokens/pair-marks.ts). Folded
 * tiers for a keyword that folding changes (`總裁`): an unchecked holder holds the folded pair literally
 * wherever it holds it, so it cannot hold the keyword as typed.
 */
export function firstPairMatches(context: SearchContext, first: number, second: number, query: PreparedQuery, need: number): FirstMatches {
  return firstListMatches(context, pairTierLists(context.postings, first, second, query.foldInvariant), query, need);
}

/**
 * The first matches of a keyword every holder of whose list matches but for the checked ones, and their
 * exact total: the holders' count less the checked titles that fail. A tier's first ranks merge its
 * marks' newest postings with its checked titles; contains matches are the newest holders under no mark
 * and not checked, decoded until enough are found (each mark's list is part of the holders', so as many
 * of its postings reach at least as far).
 */
function firstListMatches(context: SearchContext, lists: TierLists, query: PreparedQuery, need: number): FirstMatches {
  const { postings: index, pool } = context;
  const checked = index.list(lists.checked, pool);
  // The whole answer's buffer is free until a later page asks: the checked titles are tiered there by the
  // loops every candidate takes (literal-tiers.ts), which cost less per title than the full check.
  classifyCandidates(context, checked, query, context.classified);
  const { codes } = context.classified;
  // Holders under a leading mark take its tier over the later marks: those skip them, decoded whole.
  const checkedOnly = [checked];
  const checkedAndLeading =
    lists.leading === 0 ? checkedOnly : [checked, ...lists.marks.slice(0, lists.leading).map((key) => index.list(key, pool))];
  let failed = 0;
  for (let at = 0; at < checked.length; at++) if (codes[at] === NO_MATCH) failed++;
  const total = index.count(lists.holders) - failed;
  const ranks = pool.take(Math.min(total, need));
  let found = 0;
  for (let tier = 0; tier < query.tierCount && found < ranks.length; tier++) {
    const left = ranks.length - found;
    const sources = [ofCode(checked, codes, tierCode(tier), left, pool)];
    for (let which = 0; which < lists.marks.length; which++)
      if (lists.markTiers[which] === tier)
        sources.push(firstNotSkipped(context, lists.marks[which]!, which < lists.leading ? checkedOnly : checkedAndLeading, left));
    if (tier === lists.restTier) sources.push(unmarked(context, lists, checked, left));
    found = mergeFirst(sources, ranks, found);
  }
  return { ranks: ranks.subarray(0, found), total };
}

/**
 * The first `need` postings of the key's list that are in none of the `skipped` lists (holders those
 * give their tier). `skipped` go into the context's bitset (empty, and left empty).
 */
function firstNotSkipped({ postings, pool, bitset }: SearchContext, key: number, skipped: Int32Array[], need: number): Int32Array {
  let skippedCount = 0;
  for (const list of skipped) skippedCount += list.length;
  const list = postings.list(key, pool, need + skippedCount);
  if (skippedCount === 0) return list;
  for (const ranks of skipped) bitset.add(ranks);
  const bits = bitset.bits;
  let kept = 0;
  // An index loop: for-of over a typed array made the one-unit walks about a tenth slower.
  for (let at = 0; at < list.length; at++) {
    const rank = list[at]!;
    list[kept] = rank;
    kept += ((bits[rank >>> 5]! >>> (rank & 31)) & 1) ^ 1;
  }
  for (const ranks of skipped) bitset.clear(ranks);
  return list.subarray(0, kept);
}

/** A keyword's first matches (as many as asked, in relevance order) and its exact total. */
export interface FirstMatches {
  ranks: Int32Array;
  total: number;
}

/** The first `need` of the ranks whose code is `code`. */
function ofCode(ranks: Int32Array, codes: Uint16Array, code: number, need: number, pool: ListPool): Int32Array {
  const out = pool.take(Math.min(need, ranks.length));
  let found = 0;
  for (let at = 0; at < ranks.length && found < out.length; at++) if (codes[at] === code) out[found++] = ranks[at]!;
  return out.subarray(0, found);
}

/**
 * The first `need` holders under no mark and not checked: the marked and checked ones set in the context's
 * bitset (and cleared again), decoding twice as many postings each round.
 */
function unmarked(
  { postings: index, pool, bitset: marks }: SearchContext,
  lists: TierLists,
  checked: Int32Array,
  need: number,
): Int32Array {
  const { holders } = lists;
  const out = pool.take(need);
  const bits = marks.bits;
  for (let decoded = need * 2; ; decoded *= 2) {
    const decodedHolders = index.list(holders, pool, decoded);
    const skipped = [checked];
    for (const key of lists.marks) skipped.push(index.list(key, pool, decoded));
    for (const list of skipped) marks.add(list);
    let found = 0;
    for (let at = 0; at < decodedHolders.length && found < need; at++) {
      const rank = decodedHolders[at]!;
      out[found] = rank;
      found += ((bits[rank >>> 5]! >>> (rank & 31)) & 1) ^ 1;
    }
    for (const list of skipped) marks.clear(list);
    if (found === need || decodedHolders.length === index.count(holders)) return out.subarray(0, found);
  }
}

/** Appends to `out` from `found` the smallest ranks of the ascending, disjoint sources until `out` is full; returns the new end. */
function mergeFirst(sources: Int32Array[], out: Int32Array, found: number): number {
  const cursors = new Int32Array(sources.length);
  let end = found;
  while (end < out.length) {
    let best = -1;
    let bestRank = Number.MAX_SAFE_INTEGER;
    for (let which = 0; which < sources.length; which++) {
      const source = sources[which]!;
      const cursor = cursors[which]!;
      if (cursor < source.length && source[cursor]! < bestRank) {
        best = which;
        bestRank = source[cursor]!;
      }
    }
    if (best < 0) break;
    out[end++] = bestRank;
    cursors[best] = cursors[best]! + 1;
  }
  return end;
}
