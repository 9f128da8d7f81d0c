/**
 * A new several-term keyword's first page and exact total without tiering every holder. A common
 * one-character term (`集`, `了`) brings hundreds of thousands of holders, and tiering them one by one
 * (term-holders.ts) costs milliseconds even with no row read. Here the number of terms each title holds
 * is kept bit-sliced: four words per 32 ranks hold a 4-bit count per rank (a title whose count passes
 * 15 gets the full check instead), so a common unit's holders
 * (a dense bitset, decoded once per build) are added 32 ranks at a time, the total is a popcount of
 * the slices' union, and page 1 walks the tiers best first, each found as the ranks whose count equals
 * its number, until the page is full (docs/search.md, "How it is fast"). A page past the first WALKED
 * matches lays out the whole answer once (term-holders.ts). The counts are the search's own
 * (term-counts.ts, in its context); the dense terms' bitsets belong to the build (dense-terms.ts).
 */
import { type ListPool, unionOfTwo } from '../index/posting-lists.js';
import { ROW } from '../index/title-rows.js';
import { isWeakTerm, NO_MATCH, termsTier, tierCode } from '../query/search-query.js';
import type { PreparedQuery } from '../query/title-forms.js';
import { WALKED } from './answer.js';
import { generalCode } from './classify-candidates.js';
import type { DenseTerms } from './dense-terms.js';
import { BLOCK, touchTexts } from './literal-tiers.js';
import type { SearchContext } from './search-context.js';
import type { SlicedTermCounts } from './term-counts.js';
import { exactHolders } from './term-holders.js';
import { checkedHolders } from './whole-keyword-holders.js';

/**
 * The titles that get the full check (`checkedHolders`), ascending, their codes, and their ranks set in a
 * bitset, and the ranks found: the walk takes them by code and skips them in the counts.
 */
interface TierWalk {
  ranks: Int32Array;
  codes: Int32Array;
  bits: Uint32Array;
  out: Int32Array;
}

/**
 * The first `need` matches (at most WALKED, in relevance order) and the exact total. The context's
 * bitset is used and left empty.
 */
export function firstTermMatches(
  context: SearchContext,
  dense: DenseTerms,
  query: PreparedQuery,
  need: number,
): { ranks: Int32Array; total: number } {
  const { postings: index, pool, bitset: marks } = context;
  const counts = context.slicedCounts;
  // Strong terms first: a weak term then counts only for the titles holding one (search-query.ts
  // `termsTier`; a title holding every term holds the strong ones too), which already have a count.
  for (const weak of [false, true]) {
    for (const [position, term] of query.terms.entries()) {
      if (isWeakTerm(term) !== weak) continue;
      const bits = dense.bits(index, term);
      const kept = bits || weak ? undefined : dense.keptGaps(context.termCache, term);
      if (bits) counts.addBits(weak ? countedBits(counts, bits) : bits, !weak || counts.denseAdded > 0);
      else if (kept) counts.addGaps(kept);
      else {
        const holders = exactHolders(context, term, query.termUnits[position]!);
        dense.keep(term, holders);
        counts.addRanks(weak ? withCount(counts, holders, pool) : holders);
      }
    }
  }
  // The counts first: a title holding the whole keyword's text holds every term (checkedHolders).
  let whole = checkedHolders(context, query, counts);
  if (counts.overflowed) whole = unionOfTwo(whole, counts.takeOverflow(pool), pool);
  // The titles that may reach a tier above the terms' (few) get the full check; every other title holding a term, its count's tier.
  const wholeCodes = pool.take(whole.length);
  // The total: titles with a count, and the fully checked ones without one, less those matching no tier.
  let total = counts.counted;
  for (let at = 0; at < whole.length; at++) {
    // Touched a block ahead, so their rows' and texts' misses overlap (they came one at a time).
    if (at % BLOCK === 0) touchTexts(context, whole, at, Math.min(whole.length, at + BLOCK));
    wholeCodes[at] = generalCode(context, whole[at]! * ROW, query);
    if (wholeCodes[at] === NO_MATCH) total--;
    if (!counts.hasCount(whole[at]!)) total++;
  }
  marks.add(whole);
  const ranks = pool.take(Math.min(total, need, WALKED));
  const walk: TierWalk = { ranks: whole, codes: wholeCodes, bits: marks.bits, out: ranks };
  const bound = (2 << counts.reached) - 1;
  let found = 0;
  for (let tier = 0; tier < query.tierCount && found < ranks.length; tier++) {
    // A count above the bound has no title: only the fully checked titles of that tier, if any, are taken.
    const held = heldForTier(query, tier);
    found = walkTier(counts, held > bound ? 0 : held, tierCode(tier), walk, found);
  }
  marks.clear(whole);
  counts.clear();
  return { ranks: ranks.subarray(0, found), total };
}

/**
 * The ranks set in `bits` whose count is above zero, in the counts' own bitset: a weak term's
 * holders are counted only there (`firstTermMatches`).
 */
function countedBits(counts: SlicedTermCounts, bits: Uint32Array): Uint32Array {
  const { weakBits } = counts;
  for (let word = 0; word < bits.length; word++) weakBits[word] = bits[word]! & counts.countedIn(word);
  return weakBits;
}

/**
 * The ranks whose count is above zero, in a buffer of the pool: a weak term's holders are counted only
 * there (`firstTermMatches`). Filtered apart, so the adding loop of every term checks nothing more.
 */
function withCount(counts: SlicedTermCounts, ranks: Int32Array, pool: ListPool): Int32Array {
  const out = pool.take(ranks.length);
  let kept = 0;
  for (let at = 0; at < ranks.length; at++) if (counts.hasCount(ranks[at]!)) out[kept++] = ranks[at]!;
  return out.subarray(0, kept);
}

/**
 * Appends to the walk's `out` from `found` on, up to its length, the tier's matches in rank order: the
 * whole keyword's holders of that code and (when `held` > 0) the other titles holding `held` terms. A
 * tier of two or more terms visits only the words where a count passed one (`upper`); the one-term
 * tier, the touched words, or every word once a dense unit was added.
 */
function walkTier(counts: SlicedTermCounts, held: number, code: number, walk: TierWalk, found: number): number {
  const { ranks: whole, codes: wholeCodes, bits: wholeBits, out } = walk;
  let at = found;
  let next = 0;
  const takeWholeBelow = (rank: number): void => {
    for (; next < whole.length && whole[next]! < rank && at < out.length; next++) if (wholeCodes[next] === code) out[at++] = whole[next]!;
  };
  if (held > 0) {
    const { slices, wordList } = counts;
    const one = held & 1 ? -1 : 0;
    const two = held & 2 ? -1 : 0;
    const four = held & 4 ? -1 : 0;
    const eight = held & 8 ? -1 : 0;
    const every = held === 1 && (counts.allTouched || counts.denseAdded > 0);
    const words = every ? counts.overflow.length : counts.listWords(held > 1 ? counts.upper : counts.touched);
    for (let index = 0; index < words && at < out.length; index++) {
      const word = every ? index : wordList[index]!;
      const base = word * 4;
      let bits = ~(slices[base]! ^ one) & ~(slices[base + 1]! ^ two) & ~(slices[base + 2]! ^ four) & ~(slices[base + 3]! ^ eight);
      bits &= ~wholeBits[word]!;
      while (bits !== 0 && at < out.length) {
        const rank = (word << 5) | (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
        takeWholeBelow(rank);
        if (at < out.length) out[at++] = rank;
      }
    }
  }
  takeWholeBelow(Number.MAX_SAFE_INTEGER);
  return at;
}

/** The number of terms a title in this tier holds (0 for the tiers only the whole keyword's holders reach). */
function heldForTier(query: PreparedQuery, tier: number): number {
  // Every counted title holds a strong term (weak terms are counted only beside one, `firstMatches`).
  for (let held = query.terms.length; held >= 1; held--) if (termsTier(query, held, true) === tier) return held;
  return 0;
}
