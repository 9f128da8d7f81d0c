/**
 * The bit-sliced term counts of one several-term search (term-slices.ts): a 4-bit count per rank of the
 * keyword's terms the title holds, four words per 32 ranks. Per-search scratch: it lives in the search's
 * context (search-context.ts) and is left clear at the search's end; what a build owns is `DenseTerms`.
 */
import { type ListPool, popcount } from '../index/posting-lists.js';
import { type KeptHolders, wideGap } from './term-cache.js';

export class SlicedTermCounts {
  /**
   * The 4-bit counts, interleaved: the words of the low, middle, high and top slices of 32 ranks side by
   * side (`word * 4 + slice`), so adding to a rank's count, and telling whether it has one, reads one
   * cache line instead of up to four arrays' lines.
   */
  readonly slices: Uint32Array;
  /** Ranks whose count is above zero (the union of the terms' holders, less any count past 15). */
  counted = 0;
  /** The highest slice a carry reached since the last clear (0: low only): no count is above 2^(it+1) - 1. */
  reached = 0;
  /**
   * One bit per word of the slices where a count passed one: the walks of tiers of two or more terms
   * visit only these (few, for most keywords, where a walk over every word cost more than the count).
   */
  readonly upper: Uint32Array;
  /**
   * The ranks whose count passed 15 (a 100-character paste has up to 50 terms): the slices hold it modulo
   * 16, so these few titles get the full check instead, and the slices stay four words wide.
   */
  readonly overflow: Uint32Array;
  overflowed = false;
  /** A weak dense unit's holders that have a count (term-slices.ts `countedBits`), made by the first such keyword. */
  private weakBuffer: Uint32Array | undefined;
  /**
   * One bit per word of the slices that a sparse term's count may have set: a keyword of sparse terms
   * touches a few thousand of the 31,250 words at a million titles, and the one-term tier's walk and the
   * clearing visit only those. Past a quarter of the words every word is walked, as noting them would cost
   * more than skipping spares; so is every word once a dense unit's bitset (nearly every word) was added.
   */
  readonly touched: Uint32Array;
  allTouched = false;
  /** Dense units' bitsets added since the last clear. */
  denseAdded = 0;
  /** Ranks noted in `touched` since the last clear. */
  private added = 0;
  /** Scratch of one search: the words a walk visits, ascending (`listWords`). */
  readonly wordList: Int32Array;

  constructor(size: number) {
    const words = (size + 31) >>> 5;
    this.slices = new Uint32Array(words * 4);
    this.upper = new Uint32Array((words + 31) >>> 5);
    this.overflow = new Uint32Array(words);
    this.touched = new Uint32Array((words + 31) >>> 5);
    this.wordList = new Int32Array(words);
  }

  /** A bitset's worth of words for a weak dense unit's counted holders. */
  get weakBits(): Uint32Array {
    this.weakBuffer ??= new Uint32Array(this.overflow.length);
    return this.weakBuffer;
  }

  get bytes(): number {
    return this.overflow.byteLength * (6 + (this.weakBuffer ? 1 : 0)) + this.touched.byteLength * 2;
  }

  /**
   * Counts `ranks` more ranks to add; true when their words are to be noted as touched (`touched`): past
   * a quarter of the words, every word is walked instead (noting them costs more than it spares).
   */
  private noting(ranks: number): boolean {
    if (this.allTouched) return false;
    this.added += ranks;
    if (this.added * 4 > this.overflow.length) this.allTouched = true;
    return !this.allTouched;
  }

  /** Zeroes the counts (the touched words only, when they are few), and the marks of one search. */
  clear(): void {
    const { slices } = this;
    if (this.allTouched || this.denseAdded > 0) slices.fill(0);
    else {
      const { wordList } = this;
      const words = this.listWords(this.touched);
      for (let at = 0; at < words; at++) slices.fill(0, wordList[at]! * 4, wordList[at]! * 4 + 4);
    }
    this.allTouched = false;
    this.denseAdded = 0;
    this.added = 0;
    this.counted = 0;
    this.reached = 0;
    this.touched.fill(0);
    this.upper.fill(0);
  }

  /**
   * Adds one to the count of every rank set in `bits`, 32 ranks at a time. `dense`: they may lie in words
   * no sparse term touched (false for a weak term's bits kept only where sparse terms counted).
   */
  addBits(bits: Uint32Array, dense: boolean): void {
    const { slices } = this;
    if (dense) this.denseAdded++;
    for (let word = 0; word < bits.length; word++) {
      const carry = bits[word]!;
      if (carry === 0) continue;
      const at = word * 4;
      const lowWord = slices[at]!;
      const middleWord = slices[at + 1]!;
      const highWord = slices[at + 2]!;
      const topWord = slices[at + 3]!;
      this.counted += popcount(carry & ~(lowWord | middleWord | highWord | topWord));
      slices[at] = lowWord ^ carry;
      const second = lowWord & carry;
      if (second === 0) continue;
      this.noteUpper(word);
      slices[at + 1] = middleWord ^ second;
      const third = middleWord & second;
      if (third === 0) continue;
      this.reached = Math.max(this.reached, 2);
      slices[at + 2] = highWord ^ third;
      const fourth = highWord & third;
      if (fourth === 0) continue;
      this.reached = 3;
      slices[at + 3] = topWord ^ fourth;
      if ((topWord & fourth) !== 0) this.carryPastTop(word, topWord & fourth);
    }
  }

  /** Adds one to the count of each rank. */
  addRanks(ranks: Int32Array): void {
    if (this.noting(ranks.length)) {
      const { touched } = this;
      for (let at = 0; at < ranks.length; at++) {
        const word = ranks[at]! >>> 5;
        touched[word >>> 5] = touched[word >>> 5]! | (1 << (word & 31));
      }
    }
    for (let index = 0; index < ranks.length; index++) this.addRank(ranks[index]!);
  }

  /** Adds one to the count of each rank of a kept term (term-cache.ts), decoded as they are added. */
  addGaps({ bytes, count, width }: KeptHolders): void {
    const { touched } = this;
    const noting = this.noting(count);
    const wide = width === 1 ? 0xff : 0xffff;
    let rank = -1;
    let at = 0;
    for (let index = 0; index < count; index++) {
      let gap = width === 1 ? bytes[at]! : bytes[at]! | (bytes[at + 1]! << 8);
      at += width;
      if (gap === wide) {
        gap = wideGap(bytes, at);
        at += 4;
      }
      rank += gap;
      if (noting) touched[rank >>> 10] = touched[rank >>> 10]! | (1 << ((rank >>> 5) & 31));
      this.addRank(rank);
    }
  }

  /** Adds one to the rank's count. */
  private addRank(rank: number): void {
    const { slices } = this;
    const word = rank >>> 5;
    const at = word * 4;
    const bit = 1 << (rank & 31);
    const lowWord = slices[at]!;
    slices[at] = lowWord ^ bit;
    if ((lowWord & bit) === 0) {
      if (((slices[at + 1]! | slices[at + 2]! | slices[at + 3]!) & bit) === 0) this.counted++;
      return;
    }
    const middleWord = slices[at + 1]!;
    slices[at + 1] = middleWord ^ bit;
    if ((middleWord & bit) === 0) {
      this.noteUpper(word);
      return;
    }
    const highWord = slices[at + 2]!;
    slices[at + 2] = highWord ^ bit;
    if ((highWord & bit) === 0) {
      this.reached = Math.max(this.reached, 2);
      return;
    }
    this.reached = 3;
    const topWord = slices[at + 3]!;
    slices[at + 3] = topWord ^ bit;
    if ((topWord & bit) !== 0) this.carryPastTop(word, bit);
  }

  /** Notes the word as holding a count above one (a carry reached the middle slice). */
  private noteUpper(word: number): void {
    this.upper[word >>> 5] = this.upper[word >>> 5]! | (1 << (word & 31));
    this.reached = Math.max(this.reached, 1);
  }

  /** The word's ranks whose count is above zero (a count past 15 may read 0: those are checked in full). */
  countedIn(word: number): number {
    const { slices } = this;
    const at = word * 4;
    return slices[at]! | slices[at + 1]! | slices[at + 2]! | slices[at + 3]!;
  }

  hasCount(rank: number): boolean {
    return (this.countedIn(rank >>> 5) & (1 << (rank & 31))) !== 0;
  }

  /**
   * Notes the ranks of `carry` in the word as counted past 15 (only a keyword of more terms gets there):
   * their slices read zero again, so they leave the count, and are checked in full instead.
   */
  private carryPastTop(word: number, carry: number): void {
    this.overflow[word] = this.overflow[word]! | carry;
    this.overflowed = true;
    this.counted -= popcount(carry);
  }

  /** The ranks counted past 15, ascending, in a buffer of the pool; the overflow is left empty. */
  takeOverflow(pool: ListPool): Int32Array {
    const { overflow } = this;
    let count = 0;
    for (let word = 0; word < overflow.length; word++) count += popcount(overflow[word]!);
    const ranks = pool.take(count);
    let at = 0;
    for (let word = 0; word < overflow.length; word++) {
      let bits = overflow[word]!;
      overflow[word] = 0;
      while (bits !== 0) {
        ranks[at++] = (word << 5) | (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
      }
    }
    this.overflowed = false;
    return ranks;
  }
  /**
   * The titles counted as holding all `terms` (two or more), ascending, in a buffer of the pool: those of
   * the words where a count passed one. Empty past 15 terms, where such titles are in the overflow.
   */
  holdingEvery(terms: number, pool: ListPool): Int32Array {
    if (terms > 15) return pool.take(0);
    const { slices, wordList } = this;
    const words = this.listWords(this.upper);
    const out = pool.take(words * 32);
    let found = 0;
    for (let index = 0; index < words; index++) {
      const word = wordList[index]!;
      const base = word * 4;
      let bits = ~(slices[base]! ^ -(terms & 1)) & ~(slices[base + 1]! ^ -((terms >>> 1) & 1));
      bits &= ~(slices[base + 2]! ^ -((terms >>> 2) & 1)) & ~(slices[base + 3]! ^ -((terms >>> 3) & 1));
      while (bits !== 0) {
        out[found++] = (word << 5) | (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
      }
    }
    return out.subarray(0, found);
  }

  /**
   * Whether the rank is counted as holding all `terms` (two to 15), or may hold them: true for 0 terms
   * (no filter) and past 15 (such counts are in the overflow).
   */
  holdsAll(rank: number, terms: number): boolean {
    if (terms === 0 || terms > 15) return true;
    const { slices } = this;
    const at = (rank >>> 5) * 4;
    const bit = rank & 31;
    const count =
      ((slices[at]! >>> bit) & 1) |
      (((slices[at + 1]! >>> bit) & 1) << 1) |
      (((slices[at + 2]! >>> bit) & 1) << 2) |
      (((slices[at + 3]! >>> bit) & 1) << 3);
    return count === terms;
  }

  /** How many words of the slices hold a count past one (what `holdingEvery` walks). */
  passedOne(): number {
    let words = 0;
    for (let group = 0; group < this.upper.length; group++) words += popcount(this.upper[group]!);
    return words;
  }

  /** The words set in a bitset of words (`touched`, `upper`), ascending, into `wordList`; returns how many. */
  listWords(bitsOfWords: Uint32Array): number {
    const { wordList } = this;
    let count = 0;
    for (let group = 0; group < bitsOfWords.length; group++) {
      let bits = bitsOfWords[group]!;
      while (bits !== 0) {
        wordList[count++] = (group << 5) | (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
      }
    }
    return count;
  }
}
