/**
 * Builds the posting lists in one pass over the titles in rank order (rank-columns.ts hands each title
 * over as it copies it). A list's size is not known until the end, so each key writes its varint gaps
 * into chunks of one growing arena, each chunk twice the size of the key's previous one (up to 8 KB)
 * and linked to it; `finish()` then copies every key's chunks back to back. The earlier build walked all
 * titles twice (sizes first, then lists) and extracted every title's keys twice; at a million titles the
 * arena costs a copy of ~20 MB instead.
 */
import { KEY_COUNT, PostingIndex, titleKeys } from './posting-index.js';

const FIRST_CHUNK = 16;
const LARGEST_CHUNK = 1 << 13;

export class PostingBuilder {
  private arena: Uint8Array;
  private top = 0;
  /** Per key (stride 4): write position, end of its current chunk, last rank (-1 before the first), postings. */
  private readonly state = new Int32Array(KEY_COUNT * 4);
  /** Per key: its first and current chunk, -1 before the first posting. */
  private readonly firstChunk = new Int32Array(KEY_COUNT).fill(-1);
  private readonly lastChunk = new Int32Array(KEY_COUNT).fill(-1);
  /** Per chunk: start in the arena, size, next chunk of the same key (-1: none). */
  private chunkStart = new Int32Array(1024);
  private chunkSize = new Int32Array(1024);
  private chunkNext = new Int32Array(1024);
  private chunks = 0;
  private readonly keys = new Int32Array(KEY_COUNT);
  private readonly seen = new Int32Array(KEY_COUNT);
  private mark = 0;

  /** `expectedBytes`: a guess of the lists' total size, so the arena rarely grows. */
  constructor(expectedBytes: number) {
    this.arena = new Uint8Array(Math.max(1024, expectedBytes));
    for (let key = 0; key < KEY_COUNT; key++) this.state[key * 4 + 2] = -1;
  }

  /** Adds the title at `rank` (ranks ascending) whose folded units are units[start, end). */
  add(rank: number, units: Uint16Array, start: number, end: number): void {
    const { keys, state } = this;
    const count = titleKeys(units, start, end, keys, this.seen, ++this.mark);
    let arena = this.arena;
    for (let index = 0; index < count; index++) {
      const base = (keys[index] as number) * 4;
      let gap = rank - (state[base + 2] as number);
      state[base + 2] = rank;
      state[base + 3] = (state[base + 3] as number) + 1;
      let at = state[base] as number;
      for (;;) {
        if (at === state[base + 1]) {
          at = this.newChunk(keys[index] as number);
          arena = this.arena;
        }
        if (gap < 0x80) break;
        arena[at++] = (gap & 0x7f) | 0x80;
        gap >>>= 7;
      }
      arena[at++] = gap;
      state[base] = at;
    }
  }

  /** The finished index; the builder is spent. */
  finish(): PostingIndex {
    const { state, chunkStart, chunkSize, chunkNext } = this;
    const offsets = new Int32Array(KEY_COUNT + 1);
    const counts = new Int32Array(KEY_COUNT);
    for (let key = 0; key < KEY_COUNT; key++) {
      const last = this.lastChunk[key] as number;
      let bytes = 0;
      for (let chunk = this.firstChunk[key] as number; chunk >= 0; chunk = chunkNext[chunk] as number) {
        bytes += chunk === last ? (state[key * 4] as number) - (chunkStart[chunk] as number) : (chunkSize[chunk] as number);
      }
      offsets[key + 1] = (offsets[key] as number) + bytes;
      counts[key] = state[key * 4 + 3] as number;
    }
    const gaps = new Uint8Array(offsets[KEY_COUNT] as number);
    for (let key = 0; key < KEY_COUNT; key++) {
      let at = offsets[key] as number;
      const end = offsets[key + 1] as number;
      for (let chunk = this.firstChunk[key] as number; chunk >= 0 && at < end; chunk = chunkNext[chunk] as number) {
        const start = chunkStart[chunk] as number;
        const length = Math.min(chunkSize[chunk] as number, end - at);
        gaps.set(this.arena.subarray(start, start + length), at);
        at += length;
      }
    }
    this.arena = new Uint8Array(0);
    return new PostingIndex(offsets, counts, gaps);
  }

  /** Starts a new chunk for the key; returns its start. */
  private newChunk(key: number): number {
    const last = this.lastChunk[key] as number;
    const size = last < 0 ? FIRST_CHUNK : Math.min(LARGEST_CHUNK, (this.chunkSize[last] as number) * 2);
    if (this.top + size > this.arena.length) {
      const arena = new Uint8Array(Math.max(this.top + size, this.arena.length * 2));
      arena.set(this.arena.subarray(0, this.top));
      this.arena = arena;
    }
    if (this.chunks === this.chunkStart.length) {
      const grow = (from: Int32Array) => {
        const to = new Int32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.chunkStart = grow(this.chunkStart);
      this.chunkSize = grow(this.chunkSize);
      this.chunkNext = grow(this.chunkNext);
    }
    const chunk = this.chunks++;
    const start = this.top;
    this.chunkStart[chunk] = start;
    this.chunkSize[chunk] = size;
    this.chunkNext[chunk] = -1;
    if (last < 0) this.firstChunk[key] = chunk;
    else this.chunkNext[last] = chunk;
    this.lastChunk[key] = chunk;
    this.top += size;
    this.state[key * 4] = start;
    this.state[key * 4 + 1] = start + size;
    return start;
  }
}
