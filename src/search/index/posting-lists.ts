/**
 * Set operations on posting lists: ascending, duplicate-free Int32Arrays of ranks, in buffers reused from
 * search to search. Unions of many lists go through a bitset over all ranks, which emits them sorted
 * without comparing anything; intersections (PostingIndex.intersect) test each stored posting against the
 * same bitset, which has no unpredictable branch as a merge has.
 */

/**
 * Buffers for the lists that live only during one search (decoded lists, intersections, unions), reused
 * from search to search: a search that allocated them afresh left enough external memory behind to set
 * off a scavenge every few searches and a full collection of the catalogue's heap every few hundred.
 * `reset()` before each search. At most LIMIT buffers holding BUDGET ranks in all are kept; beyond them,
 * lists are allocated as before.
 */
export class ListPool {
  private static readonly LIMIT = 32;
  private static readonly BUDGET = 1 << 22;
  private readonly buffers: Int32Array[] = [];
  private used = 0;
  private kept = 0;

  reset(): void {
    this.used = 0;
  }

  /** An Int32Array of `length` for this search only (its contents are garbage). */
  take(length: number): Int32Array {
    if (this.used === ListPool.LIMIT) return new Int32Array(length);
    const index = this.used++;
    let buffer = this.buffers[index];
    if (!buffer || buffer.length < length) {
      const size = Math.max(length + (length >>> 2), 1024);
      if (this.kept - (buffer?.length ?? 0) + size > ListPool.BUDGET) return new Int32Array(length);
      this.kept += size - (buffer?.length ?? 0);
      buffer = new Int32Array(size);
      this.buffers[index] = buffer;
    }
    return buffer.subarray(0, length);
  }
}

/** A reusable bitset over ranks `0..size-1` for unions. */
export class RankBitset {
  private readonly words: Uint32Array;
  /** Ranks given to `add` since the set was last empty: at least as many as it holds, so `drain` need not count them first. */
  private added = 0;

  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }

  get bytes(): number {
    return this.words.byteLength;
  }

  /** The bit words (all zero between operations), for membership tests in hot loops. */
  get bits(): Uint32Array {
    return this.words;
  }

  /** Clears the words holding these ranks: the set must hold no other rank (or, cleared list by list, only those of the lists). */
  clear(list: ArrayLike<number>): void {
    const { words } = this;
    this.added = 0;
    for (let index = 0; index < list.length; index++) words[(list[index] as number) >>> 5] = 0;
  }

  add(list: ArrayLike<number>): void {
    const { words } = this;
    this.added += list.length;
    for (let index = 0; index < list.length; index++) {
      const rank = list[index] as number;
      words[rank >>> 5] = (words[rank >>> 5] as number) | (1 << (rank & 31));
    }
  }

  /** How many ranks the set holds. */
  count(): number {
    let count = 0;
    for (const word of this.words) if (word !== 0) count += popcount(word);
    return count;
  }

  /**
   * The ranks added so far (by `add`: bits set through `bits` are not counted), ascending; clears the
   * set. Its words are read once: counting them first had read every word twice.
   */
  drain(pool: ListPool): Int32Array {
    const { words } = this;
    const out = pool.take(Math.min(this.added, this.size));
    this.added = 0;
    let at = 0;
    for (let index = 0; index < words.length; index++) {
      let word = words[index] as number;
      if (word === 0) continue;
      words[index] = 0;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        out[at++] = (index << 5) | bit;
        word &= word - 1;
      }
    }
    return out.subarray(0, at);
  }
}

/** Set bits of a 32-bit word. */
export function popcount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The union of sorted lists, sorted: the list itself when there is one. */
export function unionAll(lists: Int32Array[], bitset: RankBitset, pool: ListPool): Int32Array {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? new Int32Array(0);
  for (const list of nonEmpty) bitset.add(list);
  return bitset.drain(pool);
}

/** The union of two ascending lists, ascending. */
export function unionOfTwo(first: Int32Array, second: Int32Array, pool: ListPool): Int32Array {
  const out = pool.take(first.length + second.length);
  let at = 0;
  let left = 0;
  let right = 0;
  while (left < first.length || right < second.length) {
    const a = left < first.length ? first[left]! : Number.MAX_SAFE_INTEGER;
    const b = right < second.length ? second[right]! : Number.MAX_SAFE_INTEGER;
    out[at++] = Math.min(a, b);
    if (a <= b) left++;
    if (b <= a) right++;
  }
  return out.subarray(0, at);
}
