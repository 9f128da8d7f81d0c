/**
 * `{base}/api/search` over the catalogue's own search (docs/pansou.md): the same engine, tiers, folding,
 * pinyin and order, the same hidden entries left out and the same search worker caches, since it asks
 * `Catalogue.searchSlots` exactly as `/api/search` does. Without `cloud_types` or `filter` one page of
 * `limit` entries is all it reads and `total` is the search's; with them every match is read (the
 * worker keeps the full answer, so that is a second slice of it) so that `total` stays exact, in
 * chunks between which other requests are served.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import { driveLink } from './drive-types.js';
import { DRAMADEX } from './entry-sources.js';
import { type EntrySource, type FoundEntry, type SearchData, searchData } from './search-answer.js';
import type { SearchRequest } from './search-request.js';
import type { ZoneOffsets } from './zone-offsets.js';

/** Entries a filtered search reads before it lets other requests in. */
const SCAN_CHUNK = 5_000;

/** Where each link came from (entry-sources.ts); links absent from the answer came from dramadex itself. */
export type SourcesOf = (links: string[]) => Promise<Map<string, EntrySource>>;

export class PansouSearch {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly offsets: ZoneOffsets,
    private readonly sourcesOf: SourcesOf,
  ) {}

  async search(request: SearchRequest): Promise<SearchData> {
    const { keyword, limit } = request;
    const first = await this.catalogue.searchSlots(keyword, undefined, 0, limit);
    const filtered = request.cloudTypes !== undefined || request.include.length > 0 || request.exclude.length > 0;
    if (!filtered) {
      const entries = Array.from(first.slots, (slot) => this.found(slot));
      return searchData(await this.withSources(entries), first.total, request.shape, this.offsets);
    }
    const every =
      first.total > first.slots.length ? (await this.catalogue.searchSlots(keyword, undefined, 0, first.total)).slots : first.slots;
    const kept: FoundEntry[] = [];
    let total = 0;
    for (let index = 0; index < every.length; index++) {
      // A broad keyword with a filter reads every match: other requests are served between its chunks.
      if (index > 0 && index % SCAN_CHUNK === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const entry = this.found(every[index] as number);
      // An entry removed or hidden while the scan let others in has an emptied slot: it is gone.
      if (entry.source_link === '' || !keeps(request, entry)) continue;
      total++;
      if (kept.length < limit) kept.push(entry);
    }
    return searchData(await this.withSources(kept), total, request.shape, this.offsets);
  }

  /** The entry at `slot` as an answer reads it (a new object, completed in place). */
  private found(slot: number): FoundEntry {
    const entry = this.catalogue.entryAt(slot) as FoundEntry;
    entry.drive = driveLink(entry.source_link);
    entry.source = DRAMADEX;
    return entry;
  }

  private async withSources(entries: FoundEntry[]): Promise<FoundEntry[]> {
    const sources = await this.sourcesOf(entries.map((entry) => entry.source_link));
    if (sources.size > 0) for (const entry of entries) entry.source = sources.get(entry.source_link) ?? DRAMADEX;
    return entries;
  }
}

function keeps(request: SearchRequest, entry: FoundEntry): boolean {
  if (request.cloudTypes && !request.cloudTypes.has(entry.drive.type)) return false;
  if (request.include.length === 0 && request.exclude.length === 0) return true;
  const title = entry.title.normalize('NFKC').toLowerCase();
  if (request.include.length > 0 && !request.include.some((word) => title.includes(word))) return false;
  return !request.exclude.some((word) => title.includes(word));
}
