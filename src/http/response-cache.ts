/**
 * Ready response bytes for repeated reads. The catalogue only changes when an import lands, so the JSON
 * of a page depends on nothing but its parsed parameters, the language and the catalogue's version:
 * clients polling page 1, today's list or a popular search get the same bytes until the next import.
 * Bounded by total bytes. A hit only stamps its entry with a use counter (no map mutation on the hot
 * path); when an insert goes over the bound, the least recently used entries are dropped until a
 * quarter of the room is free, so the sort that finds them runs rarely. A new version empties it.
 * Each answer keeps its ETag (http/etag.ts) beside its bytes, so a hit computes nothing.
 */
export interface ReadyResponse {
  body: Buffer;
  etag: string;
}

interface Entry extends ReadyResponse {
  lastUse: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private version = -1;
  private uses = 0;

  /**
   * @param maxBytes 0 keeps nothing (every request builds its answer).
   * @param etagOf the ETag of the answer to `key` at the current version.
   * @param encode how a built answer becomes text: JSON for the API, as it is for the web page's HTML.
   */
  constructor(
    private readonly maxBytes: number,
    private readonly etagOf: (key: string) => string = () => '',
    private readonly encode: (built: unknown) => string = JSON.stringify,
  ) {}

  /** The cached answer for `key` at `version`, or the one `build` returns (then cached). */
  get(version: number, key: string, build: () => unknown): ReadyResponse {
    return this.lookup(version, key) ?? this.keep(version, key, build());
  }

  /** The cached answer for `key` at `version`, if any. */
  lookup(version: number, key: string): ReadyResponse | undefined {
    if (version !== this.version) this.clear(version);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    hit.lastUse = ++this.uses;
    return hit;
  }

  /**
   * Serialises an answer built at `version` and keeps it unless the catalogue has moved on meanwhile (an
   * answer built off this thread may arrive after the next import).
   */
  keep(version: number, key: string, value: unknown): ReadyResponse {
    const ready = { body: Buffer.from(this.encode(value)), etag: this.etagOf(key) };
    if (version === this.version && ready.body.length <= this.maxBytes / 16) this.store(key, ready);
    return ready;
  }

  /** Bytes held now (for tests and diagnostics). */
  get size(): number {
    return this.bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  private store(key: string, ready: ReadyResponse): void {
    this.entries.set(key, { ...ready, lastUse: ++this.uses });
    this.bytes += ready.body.length;
    if (this.bytes > this.maxBytes) this.evict((this.maxBytes * 3) / 4);
  }

  private evict(targetBytes: number): void {
    const oldestFirst = [...this.entries].sort((a, b) => a[1].lastUse - b[1].lastUse);
    for (const [key, entry] of oldestFirst) {
      if (this.bytes <= targetBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.body.length;
    }
  }

  private clear(version: number): void {
    this.entries.clear();
    this.bytes = 0;
    this.version = version;
  }
}
