/**
 * The search engine the catalogue uses: an inverted index (posting-index.ts) over the folded titles held
 * in rank order (rank-columns.ts), so candidates come out newest first and are checked walking forward
 * through memory (built-index.ts). Titles indexed after the last build form a delta (staged-titles.ts),
 * checked one by one and merged in by current rank (delta-tiers.ts); `prepare()` (after the view
 * reorders) rebuilds once the delta outgrows a small share of the catalogue, folding the new titles
 * straight from the view. Same answers as the reference scan (test/search/support/reference-search.ts), without reading every title.
 */
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../shared/content-types.js';
import { type BuildParts, BuiltIndex, TERM_CACHE_MIN } from './built-index.js';
import type { PinyinParts } from './index/posting-index.js';
import { PreparedTitles } from './index/prepared-titles.js';
import { StagedTitles } from './index/staged-titles.js';
import { emptyUnitTitle } from './index/title-rows.js';
import { parseQuery } from './query/search-query.js';
import { type PreparedQuery, prepareQuery } from './query/title-forms.js';
import { type Answer, PlacedAnswer, WALKED } from './rank/answer.js';
import { deltaInOrder, mergeDelta, tierDelta } from './rank/delta-tiers.js';
import { ResultCache } from './result-cache.js';
import type { AnswerPage, IndexedTitles, SearchEngine } from './search-engine.js';

/** Rebuild once the delta holds more than this many titles and this share of the catalogue. */
const DELTA_MIN = 4096;
const DELTA_SHARE = 1 / 64;
/** Removed rows that count as one delta title toward a rebuild (a rebuild at a million takes about a second). */
const REMOVED_WEIGHT = 8;
/** Ranks of pinyin pairs and triples built per `buildAhead` slice: about 5 ms at a million titles. */
const AHEAD_RANKS = 16_384;

export class IndexedSearch implements SearchEngine {
  private readonly titles = new StagedTitles();
  /** Until the first build: the titles indexed so far, folded and keyed as they came (prepared-titles.ts). */
  private prepared: PreparedTitles | undefined = new PreparedTitles();
  private built: BuiltIndex | undefined;
  /** Rows of the build emptied by removals: searches walk past them until the next build. */
  private removedSinceBuild = 0;
  /** The view order `rankOf`/`typeOf` were computed from. */
  private seenOrder: Int32Array | undefined;
  private rankOf = new Int32Array(0);
  private typeOf = new Uint8Array(0);
  /** Delta slots present in the current order, newest first. */
  private visibleDelta: Int32Array | undefined;
  private readonly cache: ResultCache;
  private readonly deltaLimit: number;
  private readonly termCacheMin: number;
  private buildCount = 0;
  /** Never builds: takes each build another worker made (`adopt`) and stages the delta in between. */
  private readonly follows: boolean;

  /**
   * `cachedResults`: how many recent full answers to keep (0 turns the cache off, for measurements);
   * `deltaLimit`: the delta size below which `prepare()` never rebuilds (tests lower it);
   * `termCacheMin`: texts a term's confirmation reads before its holders are kept (rank/term-cache.ts; tests lower it);
   * `follows`: the engine of a search worker that never builds, only adopts the builder's builds (worker/search-pool.ts).
   */
  constructor({
    cachedResults = 16,
    deltaLimit = DELTA_MIN,
    termCacheMin = TERM_CACHE_MIN,
    follows = false,
  }: { cachedResults?: number; deltaLimit?: number; termCacheMin?: number; follows?: boolean } = {}) {
    this.cache = new ResultCache(cachedResults);
    this.deltaLimit = deltaLimit;
    this.termCacheMin = termCacheMin;
    this.follows = follows;
    if (follows) this.prepared = undefined;
  }

  /** Notes the slots' new titles; they are folded by the next build, or staged as the delta when a search comes first. */
  index(view: IndexedTitles, slots: ArrayLike<number>): void {
    const columns = this.built?.columns;
    if (columns) for (let index = 0; index < slots.length; index++) columns.markStale(slots[index]!);
    this.titles.note(view, slots);
    // Before the first build (start-up) the titles are folded and keyed now, while the store still streams.
    this.prepared?.add(view, slots);
    this.visibleDelta = undefined;
    this.cache.clear();
  }

  /**
   * Removed slots: their built rows are marked outdated, so no search returns them; enough of them, like a
   * large delta, make `prepare()` rebuild without them.
   */
  remove(_view: IndexedTitles, slots: ArrayLike<number>): void {
    const columns = this.built?.columns;
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index]!;
      if (columns?.markStale(slot)) this.removedSinceBuild++;
      // Out of the current order at once, so the delta drops it even before the view reorders.
      if (slot < this.rankOf.length) this.rankOf[slot] = -1;
    }
    this.visibleDelta = undefined;
    this.cache.clear();
  }

  /** Call after the view reorders: follows the new order and rebuilds if the delta grew large, else stages it. */
  prepare(view: IndexedTitles): void {
    this.sync(view);
    // A removed row costs a search only a skipped candidate, a delta title a full check: weigh them so.
    const outdated = this.titles.size + this.removedSinceBuild / REMOVED_WEIGHT;
    if (!this.follows && (!this.built || outdated > Math.max(this.deltaLimit, view.count * DELTA_SHARE))) this.rebuild(view);
    else this.stagePending(view);
  }

  /**
   * Takes a build another worker made over the view's current order (its arrays in shared memory, read in
   * place), as `prepare` would have built it. Titles the build lacks stay in the delta, and so do the
   * rows other workers marked outdated before this one took it (a worker started after them).
   */
  adopt(view: IndexedTitles, parts: BuildParts): void {
    this.sync(view);
    this.buildCount++;
    this.built = BuiltIndex.fromParts(parts, this.termCacheMin);
    this.prepared = undefined;
    this.removedSinceBuild = 0;
    this.titles.settle(this.built.columns, view);
    const stale = this.built.columns.staleSlots();
    if (stale.length > 0) this.titles.note(view, stale);
    this.stagePending(view);
    this.visibleDelta = undefined;
    this.cache.clear();
  }

  /** The current build's arrays, to post to other workers (undefined before the first build). */
  get builtParts(): BuildParts | undefined {
    return this.built?.parts;
  }

  /** The current build's pinyin-pair lists once made here or taken, to post to other workers. */
  get pinyinParts(): PinyinParts | undefined {
    return this.built?.pinyinParts;
  }

  /** Takes the pinyin-pair lists another worker made for the current build. */
  attachPinyinParts(parts: PinyinParts): void {
    this.built?.attachPinyinParts(parts);
  }

  /**
   * Work a build leaves for later, done a slice (a few milliseconds) at a time between searches: the
   * pinyin-pair lists (built-index.ts `buildAhead`). True while some is left.
   */
  buildAhead(): boolean {
    return this.built?.buildAhead(AHEAD_RANKS) ?? false;
  }

  /** Every matching slot, in a new array. */
  find(view: IndexedTitles, keyword: string, type?: ContentType): Int32Array {
    return this.answer(view, keyword, type, WALKED).all();
  }

  /** One page of the answer and its total, without laying out the rest (the answer stays cached for the next pages). */
  findPage(view: IndexedTitles, keyword: string, type: ContentType | undefined, offset: number, limit: number): AnswerPage {
    const answer = this.answer(view, keyword, type, offset + limit);
    return { total: answer.total, slots: answer.page(offset, limit) };
  }

  /** `need`: how many first matches the request shows (page 1's end), when the answer can come from lists. */
  private answer(view: IndexedTitles, keyword: string, type: ContentType | undefined, need: number): Answer {
    this.sync(view);
    // Without prepare(), build on first use, but only once the view has ordered every title it holds.
    if (!this.built && !this.follows && view.count > 0 && view.ordered({}).length === view.count) this.rebuild(view);
    this.stagePending(view);
    const key = `${type ?? ''}\u0000${keyword}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const answer = this.search(view, prepareQuery(parseQuery(keyword)), type === undefined ? -1 : TYPE_CODE[type], need);
    this.cache.set(key, answer);
    return answer;
  }

  private stagePending(view: IndexedTitles): void {
    if (!this.titles.hasPending) return;
    this.titles.stagePending(view);
    this.visibleDelta = undefined;
  }

  /**
   * Builds so far. After a build every title noted before it is held by the index itself, and the view's
   * copy is read again only for titles noted later (a search worker's mirror drops the rest).
   */
  get builds(): number {
    return this.buildCount;
  }

  /** Bytes of the index's typed arrays by part (the view's own order arrays and titles not counted). */
  get memory(): { postings: number; texts: number; perRank: number; perSlot: number; total: number; postingCount: number } {
    const { postings, texts, perRank, postingCount } = this.built?.bytes ?? { postings: 0, texts: 0, perRank: 0, postingCount: 0 };
    const perSlot = this.titles.bytes + this.rankOf.byteLength + this.typeOf.byteLength;
    return { postings, texts, perRank, perSlot, total: postings + texts + perRank + perSlot, postingCount };
  }

  private search(view: IndexedTitles, query: PreparedQuery, typeCode: number, need: number): Answer {
    this.visibleDelta ??= deltaInOrder(this.titles.slots, this.rankOf, view.ordered({}));
    const { built } = this;
    const plan = built?.plan(query, typeCode);
    const first = plan && this.visibleDelta.length === 0 ? built?.firstMatches(plan, query, typeCode, need) : undefined;
    if (first) return first;
    const baseCounts = new Int32Array(query.tierCount);
    const tiered = plan ? built?.search(plan, query, typeCode, baseCounts) : undefined;
    // With no delta (the usual case after a build) the build's answer is the answer, laid out page by page.
    if (this.visibleDelta.length === 0 && tiered) return tiered.answer(baseCounts);
    const deltaTiers = tierDelta(this.visibleDelta, this.titles, query, { typeCode, typeOf: this.typeOf }, emptyUnitTitle());
    const starts = new Int32Array(query.tierCount + 1);
    for (let tier = 0; tier < query.tierCount; tier++) {
      starts[tier + 1] = starts[tier]! + baseCounts[tier]! + (deltaTiers[tier]?.length ?? 0);
    }
    const result = new Int32Array(starts[query.tierCount]!);
    tiered?.place(result, starts);
    for (let tier = 0; tier < query.tierCount; tier++) {
      const delta = deltaTiers[tier]!;
      if (delta.length > 0) mergeDelta(result, starts[tier]!, baseCounts[tier]!, delta, this.rankOf);
    }
    return new PlacedAnswer(result);
  }

  /** Follows a reordered view: current rank and type per slot. O(catalogue), once per reorder. */
  private sync(view: IndexedTitles): void {
    const order = view.ordered({});
    if (order === this.seenOrder) return;
    this.seenOrder = order;
    const slots = Math.max(view.slotCount, order.length);
    this.rankOf = new Int32Array(slots).fill(-1);
    for (let rank = 0; rank < order.length; rank++) this.rankOf[order[rank]!] = rank;
    this.typeOf = new Uint8Array(slots);
    for (const type of CONTENT_TYPES) for (const slot of view.ordered({ type })) this.typeOf[slot] = TYPE_CODE[type];
    this.visibleDelta = undefined;
    this.cache.clear();
  }

  /** Builds over the current order (sync() has just computed `rankOf` for it, which the build keeps). */
  private rebuild(view: IndexedTitles): void {
    this.buildCount++;
    const fresh = this.titles.pendingUnits + this.titles.slots.length * 32;
    this.built = BuiltIndex.build(view, {
      rankOf: this.rankOf,
      typeOf: this.typeOf,
      previous: this.built,
      fresh,
      termCacheMin: this.termCacheMin,
      prepared: this.prepared,
    });
    this.prepared = undefined;
    this.removedSinceBuild = 0;
    this.titles.settle(this.built.columns, view);
    this.visibleDelta = undefined;
    this.cache.clear();
  }
}
