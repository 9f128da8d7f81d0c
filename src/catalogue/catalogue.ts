/**
 * The catalogue service the routes call: the durable store, the in-memory view served from, and the
 * search index, kept in step. It notices imports made by other processes or instances at once through the
 * store's change feed (PostgreSQL LISTEN/NOTIFY) and, as the fallback, by polling the store's revision (a
 * cheap single-row read). Removals travel the same way (docs/lifecycle.md).
 */

import { collectGarbage } from '../boot/collect-garbage.js';
import type { Timing } from '../observability/instruments.js';
import { RecurringFailure } from '../observability/recurring-failure.js';
import { type KeywordClass, keywordClass } from '../search/keyword-class.js';
import type { SearchEngine } from '../search/search-engine.js';
import { CONTENT_TYPES, type ContentType } from '../shared/content-types.js';
import type { DayRange, LocalClock } from '../shared/local-time.js';
import type { ChangeFeed } from '../store/change-feed.js';
import type { CatalogueStore } from './catalogue-store.js';
import type { CatalogueView, ContentItem, ListFilter } from './catalogue-view.js';
import { pageJson } from './page-json.js';

/** A first load of at least this many entries ends with a full collection (docs/deployment.md). */
const COLLECT_AFTER_ENTRIES = 100_000;

export interface Page {
  items: ContentItem[];
  total: number;
}

/** A page as view slots: what `json` turns into an answer's bytes and `items` into objects. */
export interface SlotPage {
  slots: ArrayLike<number>;
  total: number;
}

export class Catalogue {
  private loadedRevision = -1;
  private changes = 0;
  private lastLookAt = Date.now();
  private refreshing: Promise<void> | undefined;
  private queuedRefresh: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private firstLoad: Promise<void> = Promise.resolve();
  /** Called by the first load once the view serves, before the search index is built. */
  private onViewLoaded: (() => void) | undefined;
  private changeFeed: ChangeFeed | undefined;
  private readonly listeners: Array<(types: Set<ContentType>) => void> = [];

  constructor(
    readonly store: CatalogueStore,
    private readonly view: CatalogueView,
    private readonly searchEngine: SearchEngine,
    readonly clock: LocalClock,
    /** Search time by keyword class (metrics); undefined when metrics are off. */
    private readonly searchTimings?: Record<KeywordClass, Timing>,
    /** Where failed refreshes on the timer or the change feed are reported (once per streak). */
    private readonly refreshFailures = new RecurringFailure('catalogue refresh', undefined),
  ) {}

  get size(): number {
    return this.view.count;
  }

  /**
   * Loads everything, then follows the store's revision every `pollMs` and, with `listen`, on every
   * change notification. Listening starts before the first load so no change falls in between. With
   * `untilSearchReady: false` it resolves once the view is loaded, while the search worker still builds
   * its index (`ready()` resolves after that): start-up builds its HTTP apps in that time rather than
   * after it (docs/deployment.md, "Start-up and reload").
   */
  async start(
    pollMs = 1000,
    { listen = false, untilSearchReady = true }: { listen?: boolean; untilSearchReady?: boolean } = {},
  ): Promise<void> {
    const refreshReported = () => void this.refreshFailures.run(() => this.refresh());
    if (listen) this.changeFeed = await this.store.watchChanges(refreshReported);
    const viewLoaded = new Promise<void>((resolve) => {
      this.onViewLoaded = resolve;
    });
    this.firstLoad = this.refresh();
    this.firstLoad.catch(() => undefined); // swallow-ok: awaited below and by ready(), which report it
    try {
      await (untilSearchReady ? this.firstLoad : Promise.race([viewLoaded, this.firstLoad]));
    } finally {
      this.onViewLoaded = undefined;
    }
    if (pollMs > 0) {
      this.timer = setInterval(refreshReported, pollMs);
      this.timer.unref();
    }
  }

  /** Resolves once the first load is complete, the search index included (rejects if it failed). */
  ready(): Promise<void> {
    return this.firstLoad;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.changeFeed?.close();
    await this.searchEngine.close?.();
  }

  /** The store revision the view holds (shared by every instance on one database): part of the ETags. */
  get revision(): number {
    return this.loadedRevision;
  }

  /** When this instance last read the store's revision successfully (changed or not), ms since the epoch. */
  get lastRefreshAt(): number {
    return this.lastLookAt;
  }

  entriesByType(): Record<ContentType, number> {
    return Object.fromEntries(CONTENT_TYPES.map((type) => [type, this.view.ordered({ type }).length])) as Record<ContentType, number>;
  }

  /** Bumps whenever the served data changes: what response caches are keyed on. */
  get version(): number {
    return this.changes;
  }

  /** Called with the types an applied change touched. */
  onChange(listener: (types: Set<ContentType>) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Brings the view up to the store's revision as of the call. Concurrent callers share one load; a call
   * made while a load runs gets the next one, since the running load may have read the revision too early.
   */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.queuedRefresh ??= this.refreshing
        .catch(() => undefined) // swallow-ok: the running load's own callers get its error
        .then(() => {
          this.queuedRefresh = undefined;
          return this.refresh();
        });
      return this.queuedRefresh;
    }
    this.refreshing = this.load().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    const revision = await this.store.revision();
    if (revision === this.loadedRevision) {
      this.lastLookAt = Date.now();
      return;
    }
    const changedTypes = new Set<ContentType>();
    const since = Math.max(0, this.loadedRevision);
    await this.store.loadSince(since, (batch) => {
      const slots = this.view.apply(batch);
      this.searchEngine.index(this.view, slots);
      for (const entry of batch) changedTypes.add(entry.type);
    });
    // Read after the entries, so an entry deleted meanwhile is in this list even if it was loaded above.
    if (this.loadedRevision >= 0) {
      const removed = this.view.remove(await this.store.removedSince(since));
      this.searchEngine.remove?.(this.view, removed.slots);
      for (const type of removed.types) changedTypes.add(type);
    }
    this.view.reorder();
    const prepared = this.searchEngine.prepare?.(this.view);
    this.view.arrange(); // while a search worker builds
    // The load's batches are garbage now; a start-up at scale collects them (and gives back the young
    // generation they grew) while the search worker builds, rather than keep ~100 MB more resident.
    if (since === 0 && this.view.count >= COLLECT_AFTER_ENTRIES) collectGarbage({ releaseYoungGeneration: true });
    this.loadedRevision = revision;
    this.lastLookAt = Date.now();
    this.changes++;
    if (changedTypes.size > 0) for (const listener of this.listeners) listener(changedTypes);
    this.onViewLoaded?.();
    // A search worker builds while lists already serve the new view; searches sent now queue behind the
    // build. Waiting here makes start-up (and a test's refresh) end with search ready.
    await prepared;
  }

  list(filter: ListFilter, offset: number, limit: number): Page {
    return this.items(this.listSlots(filter, offset, limit));
  }

  listSlots(filter: ListFilter, offset: number, limit: number): SlotPage {
    const slots = this.view.ordered(filter);
    return { slots: slots.subarray(Math.min(offset, slots.length), Math.min(offset + limit, slots.length)), total: slots.length };
  }

  async search(keyword: string, type: ContentType | undefined, offset: number, limit: number, day?: DayRange): Promise<Page> {
    return this.items(await this.searchSlots(keyword, type, offset, limit, day));
  }

  /** The entry at `slot` with its stored id (a second dialect's answers, docs/pansou.md): a new object. */
  entryAt(slot: number): ContentItem & { id: number } {
    const entry = this.view.item(slot) as ContentItem & { id: number };
    entry.id = this.view.entryId(slot);
    return entry;
  }

  /** The answer's bytes: `envelope` (with `items: []`) holding the page's items (page-json.ts). */
  json(envelope: unknown, page: SlotPage): Buffer {
    return pageJson(envelope, this.view.itemJson, page.slots);
  }

  /** The items of these slots (the web page's works read their entries by slot). */
  itemsOf(slots: ArrayLike<number>): ContentItem[] {
    return this.view.items(slots);
  }

  /** Slots ever used: the bound of every slot number. */
  get slotCount(): number {
    return this.view.slotCount;
  }

  private items(page: SlotPage): Page {
    return { items: this.view.items(page.slots), total: page.total };
  }

  async searchSlots(keyword: string, type: ContentType | undefined, offset: number, limit: number, day?: DayRange): Promise<SlotPage> {
    const started = this.searchTimings ? performance.now() : 0;
    const timed = <T>(answer: T): T => {
      if (this.searchTimings) this.searchTimings[keywordClass(keyword)].observe((performance.now() - started) / 1000);
      return answer;
    };
    if (!day && this.searchEngine.findPage) {
      return timed(await this.searchEngine.findPage(this.view, keyword, type, offset, limit));
    }
    let slots = timed(await this.searchEngine.find(this.view, keyword, type));
    if (day) slots = Array.prototype.filter.call(slots, (slot: number) => this.view.isInDay(slot, day)) as number[];
    return { slots: Array.prototype.slice.call(slots, offset, offset + limit) as number[], total: slots.length };
  }

  typeVersion(type: ContentType): number {
    return this.view.typeVersions.get(type) ?? 0;
  }
}
