/**
 * Ready response bytes for repeated reads. The catalogue only changes when an import lands, so the JSON
 * of a page depends on nothing but its parsed parameters, the language and the catalogue's version:
 * clients polling page 1, today's list or a popular search get the same bytes until the next import.
 * Bounded by total bytes, evicting the least recently used; a new version empties it.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  private version = -1;

  /** @param maxBytes 0 keeps nothing (every request builds its answer). */
  constructor(private readonly maxBytes: number) {}

  /** The cached bytes for `key` at `version`, or those `build` returns (then cached). */
  get(version: number, key: string, build: () => unknown): Buffer {
    if (version !== this.version) this.clear(version);
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert to mark it most recently used (a Map iterates in insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const body = Buffer.from(JSON.stringify(build()));
    if (body.length <= this.maxBytes / 16) this.store(key, body);
    return body;
  }

  private store(key: string, body: Buffer): void {
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
  }

  private clear(version: number): void {
    this.entries.clear();
    this.bytes = 0;
    this.version = version;
  }
}
