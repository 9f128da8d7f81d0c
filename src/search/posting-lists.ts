/**
 * Set operations on posting lists: ascending, duplicate-free Int32Arrays of ranks. Intersections
 * gallop through the longer list when the lengths differ a lot; unions of many lists go through a
 * bitset over all ranks, which emits them sorted without comparing anything.
 */

/** Ranks present in both lists. */
export function intersect(small: Int32Array, large: Int32Array): Int32Array {
  if (small.length > large.length) return intersect(large, small);
  const out = new Int32Array(small.length);
  let count = 0;
  if (large.length > small.length * 16) {
    let low = 0;
    for (const value of small) {
      low = gallop(large, value, low);
      if (low === large.length) break;
      if (large[low] === value) out[count++] = value;
    }
  } else {
    let j = 0;
    for (let i = 0; i < small.length && j < large.length; ) {
      const a = small[i] as number;
      const b = large[j] as number;
      if (a === b) {
        out[count++] = a;
        i++;
        j++;
      } else if (a < b) i++;
      else j++;
    }
  }
  return out.subarray(0, count);
}

/** First index at or after `from` whose value is at least `value`. */
function gallop(list: Int32Array, value: number, from: number): number {
  let step = 1;
  let high = from;
  while (high < list.length && (list[high] as number) < value) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (from < high) {
    const mid = (from + high) >>> 1;
    if ((list[mid] as number) < value) from = mid + 1;
    else high = mid;
  }
  return from;
}

/** A reusable bitset over ranks `0..size-1` for unions. */
export class RankBitset {
  private readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }

  get bytes(): number {
    return this.words.byteLength;
  }

  add(list: ArrayLike<number>): void {
    const { words } = this;
    for (let index = 0; index < list.length; index++) {
      const rank = list[index] as number;
      words[rank >>> 5] = (words[rank >>> 5] as number) | (1 << (rank & 31));
    }
  }

  /** The ranks added so far, ascending; clears the set. */
  drain(): Int32Array {
    const { words } = this;
    let count = 0;
    for (const word of words) if (word !== 0) count += popcount(word);
    const out = new Int32Array(count);
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
    return out;
  }
}

function popcount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The union of sorted lists, sorted: the list itself when there is one. */
export function unionAll(lists: Int32Array[], bitset: RankBitset): Int32Array {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? new Int32Array(0);
  for (const list of nonEmpty) bitset.add(list);
  return bitset.drain();
}
