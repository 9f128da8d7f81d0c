/**
 * Every entry's item as the JSON text clients get (`{"title":…,"source_link":…,"type":…,"update_time":…}`),
 * serialised once when the entry is loaded and kept as UTF-8 bytes followed by a comma, so a page's items
 * are a copy of ready fragments rather than objects built and stringified per request; items laid out in
 * page order (`arrange`) are one run of bytes, copied at once. The bytes live in large chunks off the
 * JavaScript heap: a million short titles, links and times as bytes take less room than as strings, and
 * the garbage collector never walks them. A replaced or removed entry's old bytes are garbage in their
 * chunk; a chunk whose bytes are all garbage is let go (a full re-import frees every old chunk).
 */
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../shared/content-types.js';

export interface ContentItem {
  title: string;
  source_link: string;
  type: ContentType;
  update_time: string;
}

const CHUNK_BYTES = 8 * 1024 * 1024;
const OFFSET_BITS = 23; // 2^23 = CHUNK_BYTES
const OFFSET_MASK = CHUNK_BYTES - 1;
const MAX_CHUNKS = 2 ** (32 - OFFSET_BITS);
const TITLE_START = Buffer.byteLength('{"title":');
const LINK_GAP = Buffer.byteLength(',"source_link":');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** What JSON.stringify escapes in a string: quote, backslash, C0 controls, surrogates (lone ones). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the C0 controls are exactly what must be found
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a string, skipping its scan for the common string that needs no escape. */
function quoted(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The bytes between the end of the link and the start of the time: `,"type":"post","update_time":` by type. */
const TIME_GAP = CONTENT_TYPES.map((type) => Buffer.byteLength(`,"type":"${type}","update_time":`));

export class ItemJson {
  private readonly chunks: Array<Buffer | undefined> = [];
  /** The same memory as plain byte arrays: their `subarray` is several times cheaper than a Buffer's. */
  private readonly views: Array<Uint8Array | undefined> = [];
  /** Bytes of each chunk still used by a held entry. */
  private readonly used: number[] = [];
  private written = CHUNK_BYTES;
  /**
   * Per slot, side by side so a page's copy touches one cache line per item rather than three: where
   * the item is (chunk × 2^23 + offset) and its length in bytes (0: an empty slot).
   */
  private places: Uint32Array = new Uint32Array(2048);

  /**
   * Serialises the entry at `slot`, replacing what the slot held: one string, one write. Where its title
   * and link end is found again only when an item is read back (`item`, `title`), which is rare: at a
   * million entries measuring them here cost a tenth of the load's serialisation, and 8 MB to keep.
   */
  put(slot: number, entry: ContentItem): void {
    this.ensureCapacity(slot);
    this.drop(slot);
    const text = `{"title":${quoted(entry.title)},"source_link":${quoted(entry.source_link)},"type":"${entry.type}","update_time":${quoted(entry.update_time)}},`;
    const most = text.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (this.written + most > CHUNK_BYTES) this.newChunk(most);
    const chunk = this.chunks.length - 1;
    const bytes = (this.chunks[chunk] as Buffer).write(text, this.written);
    this.places[2 * slot] = (chunk << OFFSET_BITS) | this.written;
    this.places[2 * slot + 1] = bytes;
    this.used[chunk] = (this.used[chunk] ?? 0) + bytes;
    this.written += bytes;
  }

  /** Forgets the entry at `slot` (its bytes become garbage). */
  drop(slot: number): void {
    const bytes = this.byteLength(slot);
    if (bytes === 0) return;
    const chunk = (this.places[2 * slot] as number) >>> OFFSET_BITS;
    this.used[chunk] = (this.used[chunk] as number) - bytes;
    this.places[2 * slot + 1] = 0;
    if (this.used[chunk] === 0 && chunk !== this.chunks.length - 1) this.release(chunk);
  }

  /** Bytes of the slot's item JSON and its comma (0 for an empty slot). */
  byteLength(slot: number): number {
    return (this.places[2 * slot + 1] as number | undefined) ?? 0;
  }

  /**
   * Bytes `copyItems` writes for these slots. It also reads the first and last byte of each item, so a
   * page of scattered items (a search's) takes its cache and TLB misses here, all issued together and
   * overlapping, rather than one after another inside `copyItems`' copies: measured, about 2 µs of the
   * 7 that sizing and copying a page of 20 random items out of a million took.
   */
  itemsByteLength(slots: ArrayLike<number>): number {
    const places = this.places;
    let bytes = 0;
    let touched = 0;
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      const length = places[2 * slot + 1] ?? 0;
      if (length === 0) continue;
      bytes += length;
      const place = places[2 * slot] as number;
      const view = this.views[place >>> OFFSET_BITS] as Uint8Array;
      const start = place & OFFSET_MASK;
      touched |= (view[start] as number) | (view[start + length - 1] as number);
    }
    // Bytes are below 256, so this never changes the answer; it only keeps the reads above from being
    // dropped as unused by the compiler.
    return touched > 0xff ? -1 : bytes;
  }

  /**
   * Copies the items at these slots into `target` from `at`, each followed by a comma (empty slots are
   * skipped); items that lie back to back go in one copy. Returns the bytes written.
   */
  copyItems(slots: ArrayLike<number>, target: Uint8Array, at: number): number {
    const places = this.places;
    let written = 0;
    let runChunk = -1;
    let runStart = 0;
    let runEnd = 0;
    for (let index = 0; index <= slots.length; index++) {
      let chunk = -2;
      let start = 0;
      let bytes = 0;
      if (index < slots.length) {
        const slot = slots[index] as number;
        bytes = places[2 * slot + 1] as number;
        if (bytes === 0) continue;
        const place = places[2 * slot] as number;
        chunk = place >>> OFFSET_BITS;
        start = place & OFFSET_MASK;
        if (chunk === runChunk && start === runEnd) {
          runEnd += bytes;
          continue;
        }
      }
      if (runChunk >= 0) {
        target.set((this.views[runChunk] as Uint8Array).subarray(runStart, runEnd), at + written);
        written += runEnd - runStart;
      }
      runChunk = chunk;
      runStart = start;
      runEnd = start + bytes;
    }
    return written;
  }

  /**
   * Rewrites every held item, in this order of slots, into fresh chunks, so the items of a page sit side
   * by side in memory: a deep page then reads a few kilobytes in a row instead of fifty scattered cache
   * and TLB misses. The old chunks are freed at once (detached), not whenever the collector gets to them.
   */
  arrange(slots: ArrayLike<number>): void {
    const old = this.chunks.length;
    this.written = CHUNK_BYTES;
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      const bytes = this.byteLength(slot);
      if (bytes === 0) continue;
      if (this.written + bytes > CHUNK_BYTES) this.newChunk(bytes);
      const chunk = this.views.length - 1;
      const place = this.places[2 * slot] as number;
      const start = place & OFFSET_MASK;
      (this.views[chunk] as Uint8Array).set((this.views[place >>> OFFSET_BITS] as Uint8Array).subarray(start, start + bytes), this.written);
      this.places[2 * slot] = (chunk << OFFSET_BITS) | this.written;
      this.used[chunk] = (this.used[chunk] as number) + bytes;
      this.written += bytes;
    }
    for (let chunk = 0; chunk < old; chunk++) {
      (this.chunks[chunk]?.buffer as ArrayBuffer | undefined)?.transfer(0);
      this.release(chunk);
      this.used[chunk] = 0;
    }
  }

  title(slot: number): string {
    if (this.byteLength(slot) === 0) return '';
    return this.text(slot, TITLE_START, this.stringEnd(slot, TITLE_START));
  }

  item(slot: number, type: ContentType): ContentItem {
    if (this.byteLength(slot) === 0) return { title: '', source_link: '', type, update_time: '' };
    const titleEnd = this.stringEnd(slot, TITLE_START);
    const linkEnd = this.stringEnd(slot, titleEnd + LINK_GAP);
    return {
      title: this.text(slot, TITLE_START, titleEnd),
      source_link: this.text(slot, titleEnd + LINK_GAP, linkEnd),
      type,
      update_time: this.text(slot, linkEnd + (TIME_GAP[TYPE_CODE[type]] as number), this.byteLength(slot) - 2),
    };
  }

  /**
   * Where the JSON string starting (at its opening quote) at `from` of the slot's fragment ends, just after
   * its closing quote: the first quote not escaped. (UTF-8 continuation bytes are never a quote or a backslash.)
   */
  private stringEnd(slot: number, from: number): number {
    const place = this.places[2 * slot] as number;
    const bytes = this.views[place >>> OFFSET_BITS] as Uint8Array;
    const start = place & OFFSET_MASK;
    let at = start + from + 1;
    for (let byte = bytes[at] as number; byte !== QUOTE; byte = bytes[at] as number) at += byte === BACKSLASH ? 2 : 1;
    return at + 1 - start;
  }

  /** The string whose JSON is at [from, to) of the slot's fragment. */
  private text(slot: number, from: number, to: number): string {
    const place = this.places[2 * slot] as number;
    const start = place & OFFSET_MASK;
    const raw = (this.chunks[place >>> OFFSET_BITS] as Buffer).toString('utf8', start + from + 1, start + to - 1);
    return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  private newChunk(bytes: number): void {
    const last = this.chunks.length - 1;
    if (last >= 0 && this.used[last] === 0) this.release(last);
    if (this.chunks.length === MAX_CHUNKS)
      throw new Error(`the catalogue's item JSON outgrew ${MAX_CHUNKS} chunks of ${CHUNK_BYTES} bytes`);
    const chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, bytes));
    this.chunks.push(chunk);
    this.views.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    this.used.push(0);
    this.written = 0;
  }

  private release(chunk: number): void {
    this.chunks[chunk] = undefined;
    this.views[chunk] = undefined;
  }

  private ensureCapacity(slot: number): void {
    if (2 * slot < this.places.length) return;
    this.places = grown(this.places, 2 * Math.max(slot + 1, this.places.length));
  }
}

/** A copy of `from` in a new array of the same kind, `length` long. */
export function grown<T extends Int32Array | Uint32Array | Float64Array | Uint8Array>(from: T, length: number): T {
  const to = new (from.constructor as new (length: number) => T)(length);
  to.set(from);
  return to;
}
