/**
 * Ready response bytes for repeated reads. The catalogue only changes when an import lands, so the JSON
 * of a page depends on nothing but its parsed parameters, the language and the catalogue's version:
 * clients polling page 1, today's list or a popular search get the same bytes until the next import.
 * Bounded by total bytes, least recently used first out (`lru-cache`); pages and searches are kept from
 * their second request, so a stream nobody repeats neither churns it nor pushes out what does repeat.
 * A new version empties it. Each answer keeps its ETag (http/etag.ts) beside its bytes, so a hit
 * computes nothing, and its compressed copies (compression.ts) beside it.
 */
import { LRUCache } from 'lru-cache';
import { ownBytes } from './byte-pool.js';
import { type Encoding, encodeBytes } from './compression.js';

export interface ReadyResponse {
  body: Buffer;
  etag: string;
}

/** Answers larger than this share of the bound are served but not kept: one must not push out dozens. */
const LARGEST_SHARE = 1 / 16;
/** Keys asked once recently (see `getCheap` and `keepRepeated`): at most this many are remembered. */
const SEEN_KEYS = 16_384;

/**
 * Keys asked once recently, in two generations of half the bound: a key is remembered for the next
 * SEEN_KEYS / 2 to SEEN_KEYS new keys. A Set add and two lookups per new page, where an LRU list moved
 * entries on every insert (a stream of pages nobody asks twice is one insert per request).
 */
class RecentKeys {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(private readonly generation: number) {}

  has(key: string): boolean {
    return this.current.has(key) || this.previous.has(key);
  }

  add(key: string): void {
    if (this.current.size >= this.generation) {
      this.previous = this.current;
      this.current = new Set();
    }
    this.current.add(key);
  }

  clear(): void {
    this.current = new Set();
    this.previous = new Set();
  }
}

export class ResponseCache {
  private readonly entries: LRUCache<string, ReadyResponse> | undefined;
  private readonly seen: RecentKeys | undefined;
  /** The largest answer kept, in bytes. */
  private readonly largest: number;
  private version = -1;

  /**
   * @param maxBytes 0 keeps nothing (every request builds its answer).
   * @param etagOf the ETag of the answer to `key` at the current version.
   * @param encode how a built answer that is not bytes already becomes text: JSON for the API, as it is
   *   for the web page's HTML.
   */
  constructor(
    maxBytes: number,
    private readonly etagOf: (key: string) => string = () => '',
    private readonly encode: (built: unknown) => string = JSON.stringify,
  ) {
    this.largest = maxBytes * LARGEST_SHARE;
    this.entries =
      maxBytes > 0
        ? new LRUCache({ maxSize: maxBytes, maxEntrySize: this.largest, sizeCalculation: (ready) => ready.body.length })
        : undefined;
    this.seen = maxBytes > 0 ? new RecentKeys(SEEN_KEYS / 2) : undefined;
  }

  /** The cached answer for `key` at `version`, or the one `build` returns (then cached). */
  get(version: number, key: string, build: () => unknown): ReadyResponse {
    return this.lookup(version, key) ?? this.keep(version, key, build());
  }

  /**
   * Like `get`, for an answer cheap to build (a list page is a copy of ready bytes): kept only when its
   * key is asked a second time while still among the recently seen keys. Pages asked once (a crawler
   * walking every page) then neither push out the answers that do repeat nor churn the heap.
   */
  getCheap(version: number, key: string, build: () => unknown): ReadyResponse {
    const ready = this.lookup(version, key);
    if (ready) return ready;
    if (this.seen?.has(key)) return this.keep(version, key, build());
    this.seen?.add(key);
    return this.ready(build(), key);
  }

  /**
   * Like `keep`, for an answer built off this thread (a search), kept only when its key is asked a second
   * time while still among the recently seen keys, as `getCheap` does: a stream of searches nobody repeats
   * then costs no copy, insert or eviction, and pushes out none of the answers that do repeat. A repeated
   * search's second request costs a trip to the worker, whose result cache holds the answer
   * (docs/architecture.md, "Caches").
   */
  keepRepeated(version: number, key: string, built: unknown): ReadyResponse {
    if (this.seen === undefined || this.seen.has(key)) return this.keep(version, key, built);
    this.seen.add(key);
    return this.ready(built, key);
  }

  /** The cached answer for `key` at `version`, if any. */
  lookup(version: number, key: string): ReadyResponse | undefined {
    if (version !== this.version) {
      this.entries?.clear();
      this.seen?.clear();
      this.version = version;
    }
    return this.entries?.get(key);
  }

  /**
   * Keeps an answer built at `version` (bytes, or a value to encode) unless the catalogue has moved on
   * meanwhile (an answer built off this thread may arrive after the next import).
   */
  keep(version: number, key: string, built: unknown): ReadyResponse {
    const ready = this.ready(built, key);
    if (version !== this.version || this.entries === undefined || ready.body.length > this.largest) return ready;
    // Bytes cut from a shared slab (byte-pool.ts) are copied out, or the entry would hold the whole slab.
    const kept = { body: ownBytes(ready.body), etag: ready.etag };
    this.entries.set(key, kept);
    return kept;
  }

  /**
   * The bytes of `ready`, the answer to `key`, in `encoding`: compressed once while `ready` is the kept
   * answer (the compressed bytes are kept beside it under a key of their own, so the bound counts them),
   * per request otherwise.
   */
  encoded(key: string, ready: ReadyResponse, encoding: Encoding): Buffer {
    const encodedKey = `${key}\u0001${encoding}`;
    const kept = this.entries?.get(encodedKey);
    if (kept) return kept.body;
    const body = encodeBytes(ready.body, encoding);
    if (this.entries?.peek(key) === ready) this.entries.set(encodedKey, { body, etag: ready.etag });
    return body;
  }

  private ready(built: unknown, key: string): ReadyResponse {
    return { body: Buffer.isBuffer(built) ? built : Buffer.from(this.encode(built)), etag: this.etagOf(key) };
  }

  /** Bytes held now (for tests and diagnostics). */
  get size(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  has(key: string): boolean {
    return this.entries?.has(key) ?? false;
  }
}
