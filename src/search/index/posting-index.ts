/**
 * The inverted index: for every key, the ranks (positions in the view's newest-first order at build
 * time) of the titles holding it, ascending. Because lists hold ranks, an intersection or union comes
 * out newest first and no result is ever sorted. Keys are the tokens of tokens/ (key-space.ts lays them
 * out: folded units, pinyin initials pairs and triples, numbered unit pairs and marks). Lists
 * are stored as varint gaps (about 1.3 bytes a posting instead of 4), in chains of chunks as
 * posting-builder.ts wrote them in one pass, and decoded when a query needs them.
 */
import { initialsOf, readingsOf } from '../query/pinyin.js';
import { foundKey, INITIALS_PAIR_BASE, isPinyinKey, NO_KEY, type NumberedKeys } from '../tokens/key-space.js';
import type { ListPool, RankBitset } from './posting-lists.js';
import { type UnitPairParts, UnitPairs } from './unit-pairs.js';

/** The key space's names a list's reader needs (tokens/key-space.ts lays it out). */
export {
  initialsPairKey,
  initialsRepeatedPairKey,
  initialsStartKey,
  initialsStartPairKey,
  initialsTripleKey,
  NO_KEY,
} from '../tokens/key-space.js';

/** What the first pinyin search builds (rank-columns.ts, `pairPostings`). */
export interface PinyinLists {
  /** The lists of the pinyin keys (initials pairs and triples). */
  lists: PostingIndex;
  /** Per rank, the title's lead (PostingBuilder.addPairs). */
  leads: Uint32Array;
}

/** A posting index's arrays as PostingBuilder finishes them, in shared memory. */
export interface PostingParts {
  data: Uint8Array;
  used: number;
  counts: Int32Array;
  firstChunk: Int32Array;
  chunkStart: Int32Array;
  chunkEnd: Int32Array;
  chunkNext: Int32Array;
  unitPairs?: UnitPairParts | undefined;
}

/** The pinyin-pair lists and leads as parts, posted from the worker that built them to the others. */
export interface PinyinParts {
  lists: PostingParts;
  leads: Uint32Array;
}

export class PostingIndex implements NumberedKeys {
  private syllableChars: Map<string, number[]> | undefined;
  private initialChars: number[][] | undefined;
  /** The lists of the pinyin keys (initials pairs and triples), built apart (and later) from the character keys'. */
  private pairs: PostingIndex | undefined;
  private pinyinLeads: Uint32Array = new Uint32Array(0);

  private readonly data: Uint8Array;
  /** Bytes of `data` in use. */
  private readonly used: number;
  /** Postings per key. */
  private readonly counts: Int32Array;
  /** Per key: its first chunk, -1 for an empty list. */
  private readonly firstChunk: Int32Array;
  /** Per chunk: where its data starts and ends in `data`, and the next chunk of the same list (-1: none). */
  private readonly chunkStart: Int32Array;
  private readonly chunkEnd: Int32Array;
  private readonly chunkNext: Int32Array;
  /** The unit pairs numbered by the build (none for the pinyin-pair lists). */
  private readonly unitPairs: UnitPairs | undefined;

  /**
   * Built by PostingBuilder, or over the parts another worker's build posted (search-worker.ts): each
   * key's list is a chain of chunks of `data`, varint gaps to the previous rank (the first counted from -1).
   */
  constructor(private readonly own: PostingParts) {
    this.data = own.data;
    this.used = own.used;
    this.counts = own.counts;
    this.firstChunk = own.firstChunk;
    this.chunkStart = own.chunkStart;
    this.chunkEnd = own.chunkEnd;
    this.chunkNext = own.chunkNext;
    this.unitPairs = own.unitPairs ? UnitPairs.fromParts(own.unitPairs) : undefined;
  }

  /** The arrays it reads (shared memory: posting them to a worker passes them, not copies). */
  get parts(): PostingParts {
    return this.own;
  }

  /** The pinyin-pair lists and leads when attached, to post to other workers. */
  get pinyinParts(): PinyinParts | undefined {
    return this.pairs ? { lists: this.pairs.parts, leads: this.pinyinLeads } : undefined;
  }

  /** The key of the pair `first`, `second` (two units, or a unit mark's kind and unit), or NO_KEY when no title holds it. */
  unitPairKey(first: number, second: number): number {
    return foundKey(this.unitPairs?.find(first, second) ?? -1);
  }

  /** The key of the mark of `kind` (tokens/pair-marks.ts) on the pair `first`, `second`, or NO_KEY when no title has it. */
  pairMarkKey(kind: number, first: number, second: number): number {
    const pair = this.unitPairs?.find(first, second) ?? -1;
    return foundKey(pair < 0 ? -1 : (this.unitPairs?.findMark(kind, pair) ?? -1));
  }

  /** Bytes held by the lists. */
  get bytes(): number {
    return this.ownBytes + (this.pairs?.bytes ?? 0) + this.pinyinLeads.byteLength;
  }

  /** Bytes held by the lists built with it (the character lists of a build: not the pinyin pairs). */
  get ownBytes(): number {
    return this.used + this.counts.byteLength + this.firstChunk.byteLength + this.chunkStart.byteLength * 3 + (this.unitPairs?.bytes ?? 0);
  }

  /** Postings in all lists. */
  get total(): number {
    let total = this.pairs?.total ?? 0;
    for (const count of this.counts) total += count;
    return total;
  }

  get hasPairs(): boolean {
    return this.pairs !== undefined;
  }

  /** Takes the pinyin-pair lists (from an index built of those keys alone) and the titles' leads as its own. */
  attachPairs({ lists, leads }: PinyinLists): void {
    this.pairs = lists;
    this.pinyinLeads = leads;
  }

  /** Takes the pinyin-pair lists another worker built for this build (replacing any built here). */
  attachPairParts({ lists, leads }: PinyinParts): void {
    this.attachPairs({ lists: new PostingIndex(lists), leads });
  }

  /** Per rank: the title's first two undecorated units, as first << 16 | second (built with the pinyin-pair lists). */
  get leads(): Uint32Array {
    return this.pinyinLeads;
  }

  /** How many titles hold the key. */
  count(key: number): number {
    // The pinyin lists are an index of their own, which holds them as its own keys (`pairs` unset).
    if (isPinyinKey(key) && this.pairs) return this.pairs.count(key);
    return key === NO_KEY ? 0 : (this.counts[key] ?? 0);
  }

  /**
   * The ranks of `ranks` (ascending) that the key's list holds. `ranks` go into `marks` (empty, and left
   * empty), the list is decoded as far as the last of them, and each posting kept when its bit is set.
   */
  intersect(ranks: Int32Array, key: number, pool: ListPool, marks: RankBitset): Int32Array {
    if (isPinyinKey(key) && this.pairs) return this.pairs.intersect(ranks, key, pool, marks);
    if (key === NO_KEY) return pool.take(0);
    const { data, chunkStart, chunkEnd, chunkNext } = this;
    // One more than can be found: each posting is written at `found` before its bit decides whether it stays.
    const out = pool.take(ranks.length + 1);
    if (ranks.length === 0) return out.subarray(0, 0);
    marks.add(ranks);
    const bits = marks.bits;
    const last = ranks[ranks.length - 1] as number;
    const count = this.counts[key] as number;
    let chunk = this.firstChunk[key] as number;
    let at = chunk >= 0 ? (chunkStart[chunk] as number) : 0;
    let end = chunk >= 0 ? (chunkEnd[chunk] as number) : 0;
    let rank = -1;
    let found = 0;
    for (let index = 0; index < count; index++) {
      if (at === end) {
        chunk = chunkNext[chunk] as number;
        at = chunkStart[chunk] as number;
        end = chunkEnd[chunk] as number;
      }
      let byte = data[at++] as number;
      let gap = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = data[at++] as number;
        gap = shift < 28 ? gap | ((byte & 0x7f) << shift) : gap + (byte & 0x7f) * 2 ** shift;
      }
      rank += gap;
      if (rank > last) break;
      out[found] = rank;
      found += ((bits[rank >>> 5] as number) >>> (rank & 31)) & 1;
    }
    marks.clear(ranks);
    return out.subarray(0, found);
  }

  /** The key's list, decoded (its first `limit` postings at most: a page's walk needs only the newest). */
  list(key: number, pool?: ListPool, limit = Number.POSITIVE_INFINITY): Int32Array {
    if (isPinyinKey(key) && this.pairs) return this.pairs.list(key, pool, limit);
    if (key === NO_KEY) return new Int32Array(0);
    const { data, chunkStart, chunkEnd, chunkNext } = this;
    const count = Math.min(this.counts[key] as number, limit);
    const out = pool ? pool.take(count) : new Int32Array(count);
    let chunk = this.firstChunk[key] as number;
    let at = chunk >= 0 ? (chunkStart[chunk] as number) : 0;
    let end = chunk >= 0 ? (chunkEnd[chunk] as number) : 0;
    let rank = -1;
    for (let index = 0; index < count; index++) {
      if (at === end) {
        chunk = chunkNext[chunk] as number;
        at = chunkStart[chunk] as number;
        end = chunkEnd[chunk] as number;
      }
      let byte = data[at++] as number;
      let gap = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = data[at++] as number;
        gap = shift < 28 ? gap | ((byte & 0x7f) << shift) : gap + (byte & 0x7f) * 2 ** shift;
      }
      rank += gap;
      out[index] = rank;
    }
    return out;
  }

  /** Lists of the indexed characters read with this syllable. */
  charsReading(syllable: string, pool: ListPool): Int32Array[] {
    return (this.syllables().get(syllable) ?? []).map((unit) => this.list(unit, pool));
  }

  /** The indexed characters with a reading that starts with this letter (0 = a). */
  unitsWithInitial(letter: number): readonly number[] {
    this.syllables();
    return this.initialChars?.[letter] ?? [];
  }

  /** Every syllable some indexed character is read with, and the characters read with it. */
  syllables(): Map<string, number[]> {
    if (this.syllableChars) return this.syllableChars;
    const bySyllable = new Map<string, number[]>();
    const byInitial: number[][] = Array.from({ length: 26 }, () => []);
    for (let unit = 0; unit < INITIALS_PAIR_BASE; unit++) {
      if (this.counts[unit] === 0 || initialsOf(unit) === 0) continue;
      for (const reading of readingsOf(unit)) {
        const chars = bySyllable.get(reading) ?? [];
        if (chars.length === 0) bySyllable.set(reading, chars);
        chars.push(unit);
      }
      for (let letters = initialsOf(unit); letters !== 0; letters &= letters - 1)
        byInitial[31 - Math.clz32(letters & -letters)]?.push(unit);
    }
    this.initialChars = byInitial;
    this.syllableChars = bySyllable;
    return bySyllable;
  }
}
