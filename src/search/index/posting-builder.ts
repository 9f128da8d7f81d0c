/**
 * Builds the posting lists in one pass over the titles in rank order: the character keys while
 * rank-columns.ts copies each title, the pinyin keys later in a pass of their own (built-index.ts builds
 * them for the first pinyin search). A list's size is not known until the end, so each key writes its varint gaps
 * into chunks of one growing arena, each chunk twice the size of the key's previous one (up to 8 KB)
 * and linked to it; a varint never straddles two chunks. The arena's used part then is the index's
 * storage as it is, copied once into shared memory for every search worker (shared-arrays.ts): copying
 * it into one array per list cost a 20 MB allocation, which at that size set off a full garbage
 * collection of the heap. The earlier build walked
 * all titles twice (sizes first, then lists) and extracted every title's keys twice.
 */

import { emitInitialsPairs, type KeySink } from '../tokens/initials-pairs.js';
import { KEY_COUNT } from '../tokens/key-space.js';
import { maxKeys, titleKeys } from '../tokens/title-keys.js';
import { TitleScan } from '../tokens/title-scan.js';
import { PostingIndex } from './posting-index.js';
import type { RegionWriter } from './region-writer.js';
import { moveToShared } from './shared-arrays.js';
import { UnitPairs } from './unit-pairs.js';

const FIRST_CHUNK = 16;
const LARGEST_CHUNK = 1 << 13;

export class PostingBuilder implements KeySink {
  private arena: Uint8Array<ArrayBuffer>;
  private top = 0;
  /** Per key (stride 4): write position, end of its current chunk, last rank (-1 before the first), postings. */
  private state = new Int32Array(KEY_COUNT * 4);
  /** Per key: its first and current chunk, -1 before the first posting. */
  private firstChunk = new Int32Array(KEY_COUNT).fill(-1);
  private lastChunk = new Int32Array(KEY_COUNT).fill(-1);
  /** Keys the arrays above have room for; unit-pair keys (KEY_COUNT + pair number) are added as pairs appear. */
  private keyRoom = KEY_COUNT;
  private readonly pairs: UnitPairs;
  /** One title on its way through the tokenizer, its keys on their way to `post`. */
  private readonly scan: TitleScan;
  private scratch = new Int32Array(256);
  /** Per chunk: start in the arena, size, where its data ends (set when it is full or at the end), next chunk of the same key (-1: none). */
  private chunkStart = new Int32Array(1024);
  private chunkSize = new Int32Array(1024);
  private chunkEnd = new Int32Array(1024);
  private chunkNext = new Int32Array(1024);
  private chunks = 0;

  /**
   * `expectedBytes`: a guess of the lists' total size, so the arena rarely grows. `pairs`: the numbering of
   * unit pairs that keys given to `addKeys` were made with (prepared-titles.ts).
   */
  constructor(expectedBytes: number, pairs = new UnitPairs()) {
    this.pairs = pairs;
    this.scan = new TitleScan(pairs);
    this.arena = new Uint8Array(Math.max(1024, expectedBytes));
    for (let key = 0; key < KEY_COUNT; key++) this.state[key * 4 + 2] = -1;
  }

  /**
   * Adds the title at `rank` (ranks ascending) that `writer` holds last, from `start`: its folded units
   * (`foldedLength` of them), then its literal ones up to the writer's end when folding changes it
   * (`checks` as index/title-rows.ts `titleChecks` gives them): its keys as the tokenizer lists them
   * (tokens/title-keys.ts).
   */
  addWritten(rank: number, writer: RegionWriter, start: number, foldedLength: number, checks: number): void {
    const end = start + foldedLength;
    const literalEnd = writer.at;
    const most = maxKeys(foldedLength, literalEnd - end);
    if (this.scratch.length < most) this.scratch = new Int32Array(most * 2);
    this.scan.begin(writer.units, start, end, literalEnd, checks);
    this.addKeys(rank, this.scratch, 0, titleKeys(this.scan, this.scratch, 0));
  }

  /** Adds the title at `rank` (ranks ascending) whose keys (`titleKeys`, numbered by this builder's pairs) are keys[from, to). */
  addKeys(rank: number, keys: Int32Array, from: number, to: number): void {
    // The loop of `addKey`, written out: a posting's every instruction counts (22 million at a million titles).
    for (let index = from; index < to; index++) {
      const key = keys[index] as number;
      if (key >= this.keyRoom) this.growKeys(key);
      this.post(key, rank);
    }
  }

  /** Adds the title at `rank` (ranks ascending) under `key`. */
  addKey(key: number, rank: number): void {
    if (key >= this.keyRoom) this.growKeys(key);
    this.post(key, rank);
  }

  private growKeys(key: number): void {
    const room = Math.max(this.keyRoom * 2, key + 1);
    const widen = (from: Int32Array, size: number, fill: number) => {
      const to = new Int32Array(size).fill(fill);
      to.set(from);
      return to;
    };
    this.state = widen(this.state, room * 4, 0);
    for (let key = this.keyRoom; key < room; key++) this.state[key * 4 + 2] = -1;
    this.firstChunk = widen(this.firstChunk, room, -1);
    this.lastChunk = widen(this.lastChunk, room, -1);
    this.keyRoom = room;
  }

  /**
   * Adds the title's pinyin keys (tokens/initials-pairs.ts) and returns its lead, which decides a pinyin
   * match from its first unit.
   */
  addPairs(rank: number, units: Uint16Array, start: number, end: number): number {
    return emitInitialsPairs(units, start, end, rank, this);
  }

  /** Appends `rank` to the key's list, unless the list already ends with it (a key seen twice in a title). */
  private post(key: number, rank: number): void {
    const { state } = this;
    const base = key * 4;
    const last = state[base + 2] as number;
    if (last === rank) return;
    let gap = rank - last;
    state[base + 2] = rank;
    state[base + 3] = (state[base + 3] as number) + 1;
    let at = state[base] as number;
    const size = gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5;
    if (at + size > (state[base + 1] as number)) at = this.newChunk(key, at);
    const { arena } = this;
    while (gap >= 0x80) {
      arena[at++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    arena[at++] = gap;
    state[base] = at;
  }

  /** The finished index, over the arena; the builder is spent. */
  finish(): PostingIndex {
    const keys = KEY_COUNT + this.pairs.size;
    // Pairs numbered by a preparation (prepared-titles.ts) may have no posting here: their lists are empty.
    if (keys > this.keyRoom) this.growKeys(keys - 1);
    const counts = new Int32Array(keys);
    for (let key = 0; key < keys; key++) {
      counts[key] = this.state[key * 4 + 3] as number;
      const last = this.lastChunk[key] as number;
      if (last >= 0) this.chunkEnd[last] = this.state[key * 4] as number;
    }
    const chunks = this.chunks;
    // The finished arrays go to shared memory, the arena's used part only (the guess's slack is left
    // behind), so every search worker reads one copy (shared-arrays.ts). The builder's own arrays are
    // garbage then; the search worker collects them right after the build.
    return new PostingIndex({
      data: moveToShared(this.arena.subarray(0, this.top)),
      used: this.top,
      counts: moveToShared(counts),
      firstChunk: moveToShared(this.firstChunk.subarray(0, keys)),
      chunkStart: moveToShared(this.chunkStart.subarray(0, chunks)),
      chunkEnd: moveToShared(this.chunkEnd.subarray(0, chunks)),
      chunkNext: moveToShared(this.chunkNext.subarray(0, chunks)),
      unitPairs: this.pairs.parts(),
    });
  }

  /** Starts a new chunk for the key, whose current one ends at `end`; returns its start. */
  private newChunk(key: number, end: number): number {
    const last = this.lastChunk[key] as number;
    if (last >= 0) this.chunkEnd[last] = end;
    const size = last < 0 ? FIRST_CHUNK : Math.min(LARGEST_CHUNK, (this.chunkSize[last] as number) * 2);
    if (this.top + size > this.arena.length) {
      this.arena = new Uint8Array(this.arena.buffer.transfer(Math.max(this.top + size, this.arena.length * 2)));
    }
    if (this.chunks === this.chunkStart.length) {
      const grow = (from: Int32Array) => {
        const to = new Int32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.chunkStart = grow(this.chunkStart);
      this.chunkSize = grow(this.chunkSize);
      this.chunkEnd = grow(this.chunkEnd);
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
