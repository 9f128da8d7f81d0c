/**
 * Everything one search over a build reads and works in: the build's lists, columns and caches, and the
 * buffers and tables a search fills. The build (built-index.ts) lends a context to one search at a time
 * and takes it back when that search's answer is laid out, so every piece of per-search state (the pool,
 * the bitsets, the classified candidates, the term counts) is that search's alone: two searches in
 * flight over one build hold two contexts and never read each other's leftovers. A context is reused
 * by later searches, so nothing here is allocated per search; the pinyin tables (768 KB) and the term
 * counts are made by the first search that needs them.
 */
import type { PostingIndex } from '../index/posting-index.js';
import { ListPool, RankBitset } from '../index/posting-lists.js';
import type { RankColumns } from '../index/rank-columns.js';
import { emptyUnitTitle, type UnitTitle } from '../index/title-rows.js';
import { UnitSlots } from '../query/pinyin-matchers.js';
import { Classified } from './classified.js';
import { DenseTerms } from './dense-terms.js';
import { TermHolderCache } from './term-cache.js';
import { SlicedTermCounts } from './term-counts.js';

/** What a build keeps for all its searches: confirmed holders of terms and cores, and dense terms' bitsets. */
export class BuildCaches {
  /** Confirmed holders of common longer terms, for later keywords that share them (term-cache.ts). */
  readonly termCache: TermHolderCache;
  /**
   * Per keyword core, its holders whose own core may be it (whole-keyword-holders.ts), for later
   * keywords with the same core and another episode suffix.
   */
  readonly coreCache: TermHolderCache;
  /** Common terms' holders as bitsets (dense-terms.ts). */
  readonly denseTerms: DenseTerms;

  /** `termCacheMin`: texts a term's confirmation reads before its holders are kept (term-cache.ts). */
  constructor(size: number, termCacheMin: number) {
    this.termCache = new TermHolderCache(termCacheMin, true);
    this.coreCache = new TermHolderCache(termCacheMin);
    this.denseTerms = new DenseTerms(size);
  }

  get bytes(): number {
    return this.termCache.bytes + this.coreCache.bytes + this.denseTerms.bytes;
  }
}

/** What a pinyin search works in (rank/pinyin-sources.ts, rank/pinyin-tiers.ts, query/pinyin.ts). */
export class PinyinScratch {
  /**
   * Which leads begin one of a keyword's exact ways (pinyin-sources.ts `ExactWays`): per unit, bit w of
   * `first` when it can be way w's first character, of `second` its second. Zero between searches.
   */
  readonly first = new Uint32Array(0x10000);
  readonly second = new Uint32Array(0x10000);
  /** What each unit does to the current pinyin matcher's runs (query/pinyin.ts `PinyinMatcher`). */
  readonly unitSlots = new UnitSlots();
  /** Lists decoded one at a time while their union or hits gather in a bitset. */
  readonly lists = new ListPool();
  /** Candidates of the tiers above pinyin, tiered apart before their codes join the answer's. */
  readonly higher = new Classified();
  /** Ranks a list holds among the candidates (pinyin-sources.ts `heldByAny`), beside the context's bitset; empty between uses. */
  readonly held: RankBitset;

  constructor(size: number) {
    this.held = new RankBitset(size);
  }
}

export class SearchContext {
  /** Buffers for decoded lists and codes, reset at the start of each search. */
  readonly pool = new ListPool();
  /** A bitset over every rank of the build, empty between uses. */
  readonly bitset: RankBitset;
  /** The title a full tier check reads (describeRow points it at a row). */
  readonly title: UnitTitle = emptyUnitTitle();
  /** The whole answer's ranks and tier codes, when a search lays it out. */
  readonly classified = new Classified();
  /** The union of a several-term keyword's holders (term-holders.ts); empty between searches. */
  readonly termUnion: RankBitset;
  /** Per rank, how many terms (up to 255) of a several-term keyword the title holds (term-holders.ts); zero between searches. */
  readonly termCounts: Uint8Array;
  /** The build's term cache (`BuildCaches`). */
  readonly termCache: TermHolderCache;
  /** The build's core cache (`BuildCaches`). */
  readonly coreCache: TermHolderCache;
  /** Where touching loops (literal-tiers.ts) sum what they read, so their loads are not optimised away. */
  readonly touched = new Int32Array(1);
  private pinyinScratch: PinyinScratch | undefined;
  private termSlices: SlicedTermCounts | undefined;

  constructor(
    readonly postings: PostingIndex,
    readonly columns: RankColumns,
    caches: BuildCaches,
  ) {
    this.bitset = new RankBitset(columns.size);
    this.termUnion = new RankBitset(columns.size);
    this.termCounts = new Uint8Array(columns.size);
    this.termCache = caches.termCache;
    this.coreCache = caches.coreCache;
  }

  /** A several-term keyword's bit-sliced counts (term-counts.ts), made by the first search that needs them. */
  get slicedCounts(): SlicedTermCounts {
    this.termSlices ??= new SlicedTermCounts(this.columns.size);
    return this.termSlices;
  }

  /** The pinyin search's tables, made by the first search that needs them. */
  get pinyin(): PinyinScratch {
    this.pinyinScratch ??= new PinyinScratch(this.columns.size);
    return this.pinyinScratch;
  }

  /** Bytes of its bitsets and term counts (the build's caches are counted by `BuildCaches`). */
  get bytes(): number {
    return this.bitset.bytes + this.termUnion.bytes + (this.termSlices?.bytes ?? 0);
  }
}
