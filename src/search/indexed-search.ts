/**
 * The search engine the catalogue uses: an inverted index (posting-index.ts) over the folded titles held
 * in rank order (rank-columns.ts), so candidates come out newest first and are checked walking forward
 * through memory. Titles indexed after the last build form a delta (staged-titles.ts), checked one by
 * one and merged in by current rank; `prepare()` (after the view reorders) rebuilds once the delta
 * outgrows a small share of the catalogue. Same answers as ReferenceSearch, without reading every title.
 */
import type { CatalogueView } from '../catalogue/catalogue-view.js';
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../catalogue/content-types.js';
import { ALL, candidates } from './candidates.js';
import { Classified, classifyCandidates, countTiers, ofType, placeByTier } from './classify-candidates.js';
import { PostingBuilder } from './posting-builder.js';
import type { PostingIndex } from './posting-index.js';
import { ListPool, RankBitset } from './posting-lists.js';
import { RankColumns } from './rank-columns.js';
import { ResultCache } from './result-cache.js';
import type { SearchEngine } from './search-engine.js';
import { parseQuery } from './search-query.js';
import { StagedTitles } from './staged-titles.js';
import { type PreparedQuery, prepareQuery } from './title-forms.js';
import { tierOfUnits, type UnitTitle } from './unit-tiers.js';

/** Rebuild once the delta holds more than this many titles and this share of the catalogue. */
const DELTA_MIN = 4096;
const DELTA_SHARE = 1 / 64;

interface Built {
  columns: RankColumns;
  postings: PostingIndex;
  bitset: RankBitset;
}

export class IndexedSearch implements SearchEngine {
  private readonly titles = new StagedTitles();
  private built: Built | undefined;
  /** The view order `rankOf`/`typeOf` were computed from. */
  private seenOrder: Int32Array | undefined;
  private rankOf = new Int32Array(0);
  private typeOf = new Uint8Array(0);
  /** Delta slots present in the current order, newest first. */
  private visibleDelta: Int32Array | undefined;
  private readonly cache: ResultCache;
  private readonly deltaLimit: number;
  /** Reused for every tier check, so checking a candidate allocates nothing. */
  private readonly scratch: UnitTitle;
  /** Candidates' codes and slots, and buffers for lists, reused from search to search. */
  private readonly classified = new Classified();
  private readonly pool = new ListPool();

  /**
   * `cachedResults`: how many recent full answers to keep (0 turns the cache off, for measurements);
   * `deltaLimit`: the delta size below which `prepare()` never rebuilds (tests lower it).
   */
  constructor({ cachedResults = 16, deltaLimit = DELTA_MIN }: { cachedResults?: number; deltaLimit?: number } = {}) {
    this.cache = new ResultCache(cachedResults);
    this.deltaLimit = deltaLimit;
    const none = new Uint16Array(0);
    this.scratch = {
      foldedUnits: none,
      foldedStart: 0,
      foldedEnd: 0,
      literalUnits: none,
      literalStart: 0,
      literalEnd: 0,
      foldChanges: false,
      literalCoreLength: 0,
      foldedCoreLength: 0,
    };
  }

  /** Notes the slots' new titles; they are folded by the next build, or staged as the delta when a search comes first. */
  index(view: CatalogueView, slots: ArrayLike<number>): void {
    const columns = this.built?.columns;
    if (columns) for (let index = 0; index < slots.length; index++) columns.markStale(slots[index] as number);
    this.titles.note(view, slots);
    this.visibleDelta = undefined;
    this.cache.clear();
  }

  /** Call after the view reorders: follows the new order and rebuilds if the delta grew large, else stages it. */
  prepare(view: CatalogueView): void {
    this.sync(view);
    if (!this.built || this.titles.size > Math.max(this.deltaLimit, view.count * DELTA_SHARE)) this.rebuild(view);
    else this.stagePending(view);
  }

  find(view: CatalogueView, keyword: string, type?: ContentType): Int32Array {
    this.sync(view);
    // Without prepare(), build on first use, but only once the view has ordered every title it holds.
    if (!this.built && view.count > 0 && view.ordered({}).length === view.count) this.rebuild(view);
    this.stagePending(view);
    const key = `${type ?? ''}\u0000${keyword}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = this.search(view, prepareQuery(parseQuery(keyword)), type === undefined ? -1 : TYPE_CODE[type]);
    this.cache.set(key, result);
    return result;
  }

  private stagePending(view: CatalogueView): void {
    if (!this.titles.hasPending) return;
    this.titles.stagePending(view);
    this.visibleDelta = undefined;
  }

  /** Bytes of the index's typed arrays by part (the view's own order arrays and titles not counted). */
  get memory(): { postings: number; texts: number; perRank: number; perSlot: number; total: number } {
    const built = this.built;
    const postings = built ? built.postings.bytes + built.bitset.bytes : 0;
    const texts = built ? built.columns.usedUnits * 2 : 0;
    const perRank = built ? built.columns.rows.byteLength + built.columns.types.byteLength + built.columns.rankOfSlot.byteLength : 0;
    const perSlot = this.titles.bytes + this.rankOf.byteLength + this.typeOf.byteLength;
    return { postings, texts, perRank, perSlot, total: postings + texts + perRank + perSlot };
  }

  private search(view: CatalogueView, query: PreparedQuery, typeCode: number): Int32Array {
    const baseCounts = new Int32Array(query.tierCount);
    let count = 0;
    const built = this.built;
    if (built) {
      this.pool.reset();
      const found = candidates(built.postings, query, built.bitset, this.pool);
      const ranks = ofType(found === ALL ? identity(built.columns.size, this.pool) : found, built.columns.types, typeCode, this.pool);
      classifyCandidates(built.columns, ranks, query, this.scratch, this.classified);
      count = ranks.length;
      countTiers(this.classified.codes, count, baseCounts);
    }
    const deltaTiers = this.classifyDelta(view, query, typeCode);
    const starts = new Int32Array(query.tierCount + 1);
    for (let tier = 0; tier < query.tierCount; tier++) {
      starts[tier + 1] = (starts[tier] as number) + (baseCounts[tier] as number) + (deltaTiers[tier]?.length ?? 0);
    }
    const result = new Int32Array(starts[query.tierCount] as number);
    placeByTier(result, starts, this.classified, count);
    for (let tier = 0; tier < query.tierCount; tier++) {
      const delta = deltaTiers[tier] as number[];
      if (delta.length > 0) this.mergeDelta(result, starts[tier] as number, baseCounts[tier] as number, delta);
    }
    return result;
  }

  private classifyDelta(view: CatalogueView, query: PreparedQuery, typeCode: number): number[][] {
    const tiers: number[][] = [];
    for (let tier = 0; tier < query.tierCount; tier++) tiers.push([]);
    for (const slot of this.deltaInOrder(view)) {
      if (typeCode >= 0 && this.typeOf[slot] !== typeCode) continue;
      const tier = tierOfUnits(this.titles.describe(slot, this.scratch), query);
      if (tier >= 0) tiers[tier]?.push(slot);
    }
    return tiers;
  }

  /**
   * Merges newest-first delta slots into the tier's base part, result[start, start + baseCount), whose
   * room ends `delta.length` further on. Binary searches by current rank, then block moves from the back.
   */
  private mergeDelta(result: Int32Array, start: number, baseCount: number, delta: number[]): void {
    const { rankOf } = this;
    let end = start + baseCount;
    for (let index = delta.length - 1; index >= 0; index--) {
      const rank = rankOf[delta[index] as number] as number;
      let low = start;
      let high = end;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((rankOf[result[mid] as number] as number) < rank) low = mid + 1;
        else high = mid;
      }
      result.copyWithin(low + index + 1, low, end);
      result[low + index] = delta[index] as number;
      end = low;
    }
  }

  /** Follows a reordered view: current rank and type per slot. O(catalogue), once per reorder. */
  private sync(view: CatalogueView): void {
    const order = view.ordered({});
    if (order === this.seenOrder) return;
    this.seenOrder = order;
    const slots = Math.max(view.count, order.length);
    this.rankOf = new Int32Array(slots).fill(-1);
    for (let rank = 0; rank < order.length; rank++) this.rankOf[order[rank] as number] = rank;
    this.typeOf = new Uint8Array(slots);
    for (const type of CONTENT_TYPES) for (const slot of view.ordered({ type })) this.typeOf[slot] = TYPE_CODE[type];
    this.visibleDelta = undefined;
    this.cache.clear();
  }

  /** Delta slots the current order holds, newest first (slots applied but not yet ordered are left out). */
  private deltaInOrder(view: CatalogueView): Int32Array {
    if (this.visibleDelta) return this.visibleDelta;
    const { rankOf } = this;
    const delta = this.titles.slots;
    const ranks = new Int32Array(delta.length);
    let count = 0;
    for (const slot of delta) {
      const rank = slot < rankOf.length ? (rankOf[slot] as number) : -1;
      if (rank >= 0) ranks[count++] = rank;
    }
    const order = view.ordered({});
    this.visibleDelta = ranks
      .subarray(0, count)
      .sort()
      .map((rank) => order[rank] as number);
    return this.visibleDelta;
  }

  private rebuild(view: CatalogueView): void {
    const order = view.ordered({});
    const previous = this.built;
    const { titles } = this;
    // Guesses (the arrays grow if short): titles to fold hold `fresh` units; folded and literal texts take
    // up to 1.25 units per title unit, the posting lists about 1.8 bytes (2 with the builder's slack).
    const fresh = titles.pendingUnits + titles.slots.length * 32;
    const units = Math.ceil((previous?.columns.usedUnits ?? 0) + fresh * 1.25);
    const builder = new PostingBuilder(previous ? previous.postings.bytes * 1.25 + fresh * 2 : fresh * 2);
    // sync() has just computed rankOf for this very order: the build keeps it as its own slot → rank.
    const columns = RankColumns.build(order, this.rankOf, view, previous?.columns, this.typeOf, builder, units);
    this.built = { columns, postings: builder.finish(), bitset: new RankBitset(order.length) };
    titles.settle(columns, view);
    this.visibleDelta = undefined;
    this.cache.clear();
  }
}

/** Every rank of a build, for keywords with no indexed character (punctuation only). */
function identity(size: number, pool: ListPool): Int32Array {
  const ranks = pool.take(size);
  for (let rank = 0; rank < size; rank++) ranks[rank] = rank;
  return ranks;
}
