/**
 * Ready response bytes for repeated reads. The catalogue only changes when an import lands, so the JSON
 * of a page depends on nothing but its parsed parameters, the language and the catalogue's version:
 * clients polling page 1, today's list or a popular search get the same bytes until the next import.
 * Bounded by total bytes. A hit only stamps its entry with a use counter (no map mutation on the hot
 * path); when an insert goes over the bound, the least recently used entries are dropped until a
 * quarter of the room is free, so the sort that finds them runs rarely. A new version empties it.
 */
interface Entry {
  body: Buffer;
  lastUse: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private version = -1;
  private uses = 0;

  /**
   * @param maxBytes 0 keeps nothing (every request builds its answer).
   * @param encode how a built answer becomes text: JSON for the API, as it is for the web page's HTML.
   */
  constructor(
    private readonly maxBytes: number,
    private readonly encode: (built: unknown) => string = JSON.stringify,
  ) {}

  /** The cached bytes for `key` at `version`, or those `build` returns (then cached). */
  get(version: number, key: string, build: () => unknown): Buffer {
    if (version !== this.version) this.clear(version);
    const hit = this.entries.get(key);
    if (hit) {
      hit.lastUse = ++this.uses;
      return hit.body;
    }
    const body = Buffer.from(this.encode(build()));
    if (body.length <= this.maxBytes / 16) this.store(key, body);
    return body;
  }

  /** Bytes held now (for tests and diagnostics). */
  get size(): number {
    return this.bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  private store(key: string, body: Buffer): void {
    this.entries.set(key, { body, lastUse: ++this.uses });
    this.bytes += body.length;
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
