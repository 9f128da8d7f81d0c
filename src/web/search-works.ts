/**
 * A search page's works (docs/web.md, "Works"), kept per keyword, type and drive filter until the
 * catalogue changes. The page counts works exactly, so a new search asks the worker for every match and
 * groups them all (work-index.ts `group`): at a million entries a common two-character keyword is over a
 * hundred thousand matches, milliseconds of copying and grouping where the API's page is a quarter of
 * one. The worker keeps its answers until an import (search/indexed-search.ts), so the page keeps its
 * grouping the same way: the next request for the search, or for its next page, is a slice. Works are
 * kept as references into the index's works, a few bytes each; the cache is bounded by their count and
 * emptied when the catalogue's version moves, so no answer outlives the data it was grouped from.
 */
import { LRUCache } from 'lru-cache';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { ContentType } from '../shared/content-types.js';
import type { DriveSet, Work, WorkIndex } from './work-index.js';

/** Asks the search for every match (the worker lays them all out in one array). */
const EVERY_MATCH = 2 ** 30;
/** Works kept across every cached search: about 8 bytes each, so some 16 MB at most. */
const MAX_KEPT_WORKS = 2_000_000;

export class SearchWorks {
  private readonly kept = new LRUCache<string, Work[]>({
    maxSize: MAX_KEPT_WORKS,
    // An empty answer still takes a place: size it as one.
    sizeCalculation: (works) => Math.max(1, works.length),
  });
  private keptVersion = -1;

  constructor(
    private readonly catalogue: Catalogue,
    private readonly index: WorkIndex,
  ) {}

  /** Every work matching the search under the drive filter, best first (by each work's best match). */
  async find(keyword: string, type: ContentType | undefined, drives: DriveSet, drivesKey: string): Promise<Work[]> {
    const version = this.catalogue.version;
    if (version !== this.keptVersion) {
      this.kept.clear();
      this.keptVersion = version;
    }
    const key = `${type ?? ''}\u0000${drivesKey}\u0000${keyword}`;
    const known = this.kept.get(key);
    if (known) return known;
    const matches = await this.catalogue.searchSlots(keyword, type, 0, EVERY_MATCH);
    const found = this.index.group(matches.slots, drives);
    // A change applied while the worker searched: the answer may be of either version, so keep nothing.
    if (this.catalogue.version === version) this.kept.set(key, found);
    return found;
  }
}
