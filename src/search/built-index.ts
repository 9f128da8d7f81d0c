/**
 * One build of the index: the titles in rank-order columns (rank-columns.ts) and their posting lists
 * (posting-index.ts), with what searching them needs (a bitset for unions, buffers reused from search
 * to search). A search here finds the candidates, keeps those of the type, tiers them and counts each
 * tier; `place` then writes their slots, newest first within each tier, into the answer. The pinyin-pair
 * lists are made after the build, a slice at a time (`buildAhead`), or by the first search that needs them.
 */

import { PostingBuilder } from './index/posting-builder.js';
import type { PostingIndex } from './index/posting-index.js';
import { ListPool, RankBitset } from './index/posting-lists.js';
import type { PreparedTitles } from './index/prepared-titles.js';
import { type PinyinPairsBuild, RankColumns } from './index/rank-columns.js';
import type { UnitTitle } from './index/title-rows.js';
import type { PreparedQuery } from './query/title-forms.js';
import { type Answer, FirstMatchesAnswer, type TieredAnswer } from './rank/answer.js';
import { ALL, candidates } from './rank/candidates.js';
import { answerOf, Classified, classifyCandidates, countTiers, ofType, placeByTier } from './rank/classify-candidates.js';
import { pairKeyword, singleUnitKeyword } from './rank/literal-tiers.js';
import { classifyPinyin } from './rank/pinyin-tiers.js';
import { classifySingleByLists, firstPairMatches, firstSingleMatches } from './rank/single-unit.js';
import { TermHolderCache } from './rank/term-cache.js';
import { servesTerms, termCandidates, tierTermHolders } from './rank/term-holders.js';
import { MAX_SLICED_TERMS, TermSlices } from './rank/term-slices.js';
import type { IndexedTitles } from './search-engine.js';

/** A term is kept once confirming it read this many texts: below that, confirming again costs little. */
export const TERM_CACHE_MIN = 256;

export class BuiltIndex {
  private readonly bitset: RankBitset;
  /** The union of a several-term keyword's holders (term-holders.ts); empty between searches. */
  private readonly union: RankBitset;
  /** Per rank, how many terms (up to 255) of a several-term keyword the title holds (term-holders.ts); zero between searches. */
  private readonly held: Uint8Array;
  private readonly pool = new ListPool();
  private readonly classified = new Classified();
  /** Confirmed holders of common longer terms, for later keywords that share them (term-cache.ts). */
  private readonly termCache: TermHolderCache;
  /** Bit-sliced term counts and common units' bitsets, for several-term keywords' first pages (term-slices.ts). */
  private readonly slices: TermSlices;
  /** Candidates of the last search. */
  private count = 0;
  /** The pinyin-pair lists while they are built ahead of the first search that needs them (`buildAhead`). */
  private pinyinPairs: PinyinPairsBuild | undefined;

  private constructor(
    readonly columns: RankColumns,
    readonly postings: PostingIndex,
    termCacheMin: number,
  ) {
    this.termCache = new TermHolderCache(termCacheMin);
    this.slices = new TermSlices(columns.size);
    this.bitset = new RankBitset(columns.size);
    this.union = new RankBitset(columns.size);
    this.held = new Uint8Array(columns.size);
  }

  /**
   * Builds over the view's current order. `rankOf`: slot → rank in it (kept by the build); `previous`:
   * the last build, whose unchanged titles are copied; `fresh`: title units to fold, to size the arrays;
   * `termCacheMin`: texts a term's confirmation reads before its holders are kept (term-cache.ts);
   * `prepared`: titles folded and keyed ahead (prepared-titles.ts), whose pair numbering the build takes over.
   */
  static build(
    view: IndexedTitles,
    rankOf: Int32Array,
    typeOf: Uint8Array,
    previous: BuiltIndex | undefined,
    fresh: number,
    termCacheMin = TERM_CACHE_MIN,
    prepared?: PreparedTitles,
  ): BuiltIndex {
    // Guesses (the arrays grow if short): folded and literal texts take up to 1.25 units per title unit,
    // the character lists about 1 byte, their unit-pair lists and marks a little more (an arena that grows
    // is copied, so the guess errs high: the builder keeps only the used part); pinyin pairs come later.
    const units = Math.ceil((previous?.columns.usedUnits ?? 0) + fresh * 1.25);
    const builder = new PostingBuilder(previous ? previous.postings.ownBytes * 1.1 + fresh * 2.8 : fresh * 2.8, prepared?.pairs);
    const columns = RankColumns.build(view.ordered({}), rankOf, view, previous?.columns, typeOf, builder, units, prepared);
    return new BuiltIndex(columns, builder.finish(), termCacheMin);
  }

  /** Tiers the candidates of the type (-1: any) for the query and counts them per tier into `counts`. */
  search(query: PreparedQuery, typeCode: number, title: UnitTitle, counts: Int32Array): void {
    const { columns, pool } = this;
    // The pinyin-pair lists are nearly half of all postings and serve only Latin keywords: the first one builds them.
    if (query.pinyin !== '' && !this.postings.hasPairs) this.attachPinyinPairs();
    pool.reset();
    if (servesTerms(query)) {
      const { bitset, held, union } = this;
      const whole = termCandidates(this.postings, columns, query, held, pool, bitset, union, this.termCache);
      this.count = tierTermHolders(columns, union, whole, held, typeCode, query, title, pool, this.classified);
      countTiers(this.classified.codes, this.count, counts);
      return;
    }
    const single = singleUnitKeyword(query);
    if (single >= 0 && columns.staleRows === 0) {
      this.count = classifySingleByLists(this.postings, columns, single, typeCode, query, title, pool, this.classified);
      countTiers(this.classified.codes, this.count, counts);
      return;
    }
    if (query.pinyin !== '') {
      this.count = classifyPinyin(this.postings, columns, query, typeCode, title, pool, this.bitset, this.classified);
      countTiers(this.classified.codes, this.count, counts);
      return;
    }
    const found = candidates(this.postings, query, this.bitset, pool);
    const ranks = ofType(found === ALL ? identity(columns.size, pool) : found, columns.types, typeCode, pool);
    classifyCandidates(columns, ranks, query, title, this.classified);
    this.count = ranks.length;
    countTiers(this.classified.codes, this.count, counts);
  }

  /**
   * Builds the next `ranks` ranks' pinyin-pair lists ahead of the first Latin keyword, so that search does
   * not build them all (150 ms at a million titles); false once they are built. A search that needs them
   * first builds the rest.
   */
  buildAhead(ranks: number): boolean {
    if (this.postings.hasPairs) return false;
    this.pinyinPairs ??= this.columns.pairPostingsBuild(this.postings.ownBytes);
    if (!this.pinyinPairs.step(ranks)) return true;
    this.attachPinyinPairs();
    return false;
  }

  private attachPinyinPairs(): void {
    this.postings.attachPairs(this.pinyinPairs?.finish() ?? this.columns.pairPostings(this.postings.ownBytes));
    this.pinyinPairs = undefined;
  }

  /**
   * The first matches and the exact total at once, the whole answer laid out only if a later page asks:
   * a one-unit or two-unit keyword's from its lists and marks (rank/single-unit.ts), a several-term keyword's from bit-sliced
   * term counts (rank/term-slices.ts). Undefined when neither path serves the query (a type filter,
   * outdated rows, more terms than the slices count, any other keyword).
   */
  firstMatches(query: PreparedQuery, typeCode: number, title: UnitTitle): Answer | undefined {
    const { columns, pool } = this;
    if (typeCode >= 0 || columns.staleRows > 0) return undefined;
    const single = singleUnitKeyword(query);
    const pair = single < 0 ? pairKeyword(query) : -1;
    const terms = single < 0 && pair < 0 && query.terms.length <= MAX_SLICED_TERMS && servesTerms(query);
    if (single < 0 && pair < 0 && !terms) return undefined;
    pool.reset();
    const { ranks, total } =
      single >= 0
        ? firstSingleMatches(this.postings, columns, single, query, title, pool, this.bitset)
        : pair >= 0
          ? firstPairMatches(this.postings, columns, pair, query, title, pool, this.bitset)
          : this.slices.firstMatches(this.postings, columns, query, title, pool, this.bitset, this.termCache);
    const first = new Int32Array(ranks.length);
    for (let at = 0; at < ranks.length; at++) first[at] = columns.order[ranks[at] as number] as number;
    return new FirstMatchesAnswer(total, first, () => {
      const counts = new Int32Array(query.tierCount);
      this.search(query, typeCode, title, counts);
      return this.answer(counts);
    });
  }

  /** Writes the last search's matches into `result`, each tier from its place in `starts` on. */
  place(result: Int32Array, starts: Int32Array): void {
    placeByTier(result, starts, this.classified, this.count, this.columns.order);
  }

  /** The last search's matches as an answer of their own, `counts` per tier (as `search` counted them). */
  answer(counts: Int32Array): TieredAnswer {
    return answerOf(this.classified, this.count, counts, this.columns.order);
  }

  /** Bytes of its typed arrays by part, and its number of postings. */
  get bytes(): { postings: number; texts: number; perRank: number; postingCount: number } {
    const { columns } = this;
    return {
      postingCount: this.postings.total,
      postings: this.postings.bytes + this.bitset.bytes * 2 + this.termCache.bytes + this.slices.bytes,
      texts: columns.usedUnits * 2,
      perRank: columns.rows.byteLength + columns.types.byteLength + columns.rankOfSlot.byteLength,
    };
  }
}

/** Every rank of a build, for keywords with no indexed character (punctuation only). */
function identity(size: number, pool: ListPool): Int32Array {
  const ranks = pool.take(size);
  for (let rank = 0; rank < size; rank++) ranks[rank] = rank;
  return ranks;
}
