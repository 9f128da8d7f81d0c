/**
 * A new several-term keyword's first page and exact total without tiering every holder. A common
 * one-character term (`集`, `了`) brings hundreds of thousands of holders, and tiering them one by one
 * (term-holders.ts) costs milliseconds even with no row read. Here the number of terms each title holds
 * is kept bit-sliced: four words per 32 ranks hold a 4-bit count per rank (a title whose count passes
 * 15 gets the full check instead), so a common unit's holders
 * (a dense bitset, decoded once per build) are added 32 ranks at a time, the total is a popcount of
 * the slices' union, and page 1 walks the tiers best first, each found as the ranks whose count equals
 * its number, until the page is full (docs/search.md, "How it is fast"). A page past the first WALKED
 * matches lays out the whole answer once (term-holders.ts).
 */
import type { PostingIndex } from '../index/posting-index.js';
import { type ListPool, popcount, unionOfTwo } from '../index/posting-lists.js';
import { ROW } from '../index/title-rows.js';
import { isWeakTerm, NO_MATCH, termsTier, tierCode } from '../query/search-query.js';
import type { PreparedQuery } from '../query/title-forms.js';
import { isDecoration } from '../text/text-forms.js';
import { WALKED } from './answer.js';
import { generalCode } from './classify-candidates.js';
import { BLOCK, touchTexts } from './literal-tiers.js';
import type { SearchContext } from './search-context.js';
import { type KeptHolders, wideGap } from './term-cache.js';
import { exactHolders } from './term-holders.js';
import { checkedHolders } from './whole-keyword-holders.js';

/** A unit held by at least 1/DENSE_SHARE of the titles is added as a bitset (its list is then near a bitset's size). */
const DENSE_SHARE = 16;
/** Bitsets kept per build (8 MB at a million titles). */
const DENSE_LIMIT = 64;

/**
 * The titles that get the full check (`checkedHolders`), ascending, their codes, and their ranks set in a
 * bitset: the walk takes them by code and skips them in the counts.
 */
interface CheckedTitles {
  ranks: Int32Array;
  codes: Int32Array;
  bits: Uint32Array;
}

export class TermSlices {
  /**
   * The 4-bit counts, interleaved: the words of the low, middle, high and top slices of 32 ranks side by
   * side (`word * 4 + slice`), so adding to a rank's count, and telling whether it has one, reads one
   * cache line instead of up to four arrays' lines.
   */
  private readonly slices: Uint32Array;
  /** Ranks whose count is above zero (the union of the terms' holders, less any count past 15). */
  private counted = 0;
  /** The highest slice a carry reached since the last clear (0: low only): no count is above 2^(it+1) - 1. */
  private reached = 0;
  /**
   * One bit per word of the slices where a count passed one: the walks of tiers of two or more terms
   * visit only these (few, for most keywords, where a walk over every word cost more than the count).
   */
  private readonly upper: Uint32Array;
  /**
   * The ranks whose count passed 15 (a keyword of more terms: a 100-character paste has up to 50). The
   * slices hold such a count modulo 16, so these titles get the full check instead, as the whole
   * keyword's holders do; few titles hold 16 terms of a keyword, and the slices stay four words wide.
   */
  private readonly overflow: Uint32Array;
  private overflowed = false;
  /** A weak dense unit's holders that have a count (`countedBits`), made by the first such keyword. */
  private weakBits: Uint32Array | undefined;
  /**
   * One bit per word of the slices that a sparse term's count may have set: a keyword of sparse terms
   * touches a few thousand of the 31,250 words at a million titles, and the one-term tier's walk and the
   * clearing visit only those. Past a quarter of the words every word is walked, as noting them would cost
   * more than skipping spares; so is every word once a dense unit's bitset (nearly every word) was added.
   */
  private readonly touched: Uint32Array;
  private allTouched = false;
  /** Dense units' bitsets added since the last clear. */
  private denseAdded = 0;
  /** Ranks noted in `touched` since the last clear. */
  private added = 0;
  /** Scratch of one search: the words a walk visits, ascending (`listWords`). */
  private readonly wordList: Int32Array;
  /** Dense terms' holders as bitsets, by term: common units and common longer terms (`10`, `4k`, `国语`). */
  private readonly dense = new Map<string, Uint32Array>();

  constructor(private readonly size: number) {
    const words = (size + 31) >>> 5;
    this.slices = new Uint32Array(words * 4);
    this.upper = new Uint32Array((words + 31) >>> 5);
    this.overflow = new Uint32Array(words);
    this.touched = new Uint32Array((words + 31) >>> 5);
    this.wordList = new Int32Array(words);
  }

  get bytes(): number {
    return this.overflow.byteLength * (6 + this.dense.size + (this.weakBits ? 1 : 0)) + this.touched.byteLength * 2;
  }

  /**
   * The first `need` matches (at most WALKED, in relevance order) and the exact total. The context's
   * bitset is used and left empty.
   */
  firstMatches(context: SearchContext, query: PreparedQuery, need: number): { ranks: Int32Array; total: number } {
    const { postings: index, pool, bitset: marks } = context;
    // Strong terms first: a weak term then counts only for the titles holding one (search-query.ts
    // `termsTier`; a title holding every term holds the strong ones too), which already have a count.
    for (const weak of [false, true]) {
      for (const [position, term] of query.terms.entries()) {
        if (isWeakTerm(term) !== weak) continue;
        const bits = this.denseBits(index, term);
        const kept = bits || weak ? undefined : this.keptGaps(context, term);
        if (bits) this.addBits(weak ? this.countedBits(bits) : bits, !weak || this.denseAdded > 0);
        else if (kept) this.addGaps(kept);
        else {
          const holders = exactHolders(context, term, query.termUnits[position]!);
          this.keepIfDense(term, holders);
          this.addRanks(weak ? this.withCount(holders, pool) : holders);
        }
      }
    }
    // The counts first: a title holding the whole keyword's text holds every term (checkedHolders).
    let whole = checkedHolders(context, query, this);
    if (this.overflowed) whole = unionOfTwo(whole, this.takeOverflow(pool), pool);
    // The titles that may reach a tier above the terms' (few) get the full check; every other title holding a term, its count's tier.
    const wholeCodes = pool.take(whole.length);
    // The total: titles with a count, and the fully checked ones without one, less those matching no tier.
    let total = this.counted;
    for (let at = 0; at < whole.length; at++) {
      // Touched a block ahead, so their rows' and texts' misses overlap (they came one at a time).
      if (at % BLOCK === 0) touchTexts(context, whole, at, Math.min(whole.length, at + BLOCK));
      wholeCodes[at] = generalCode(context, whole[at]! * ROW, query);
      if (wholeCodes[at] === NO_MATCH) total--;
      if (!this.hasCount(whole[at]!)) total++;
    }
    marks.add(whole);
    const ranks = pool.take(Math.min(total, need, WALKED));
    const walk: TierWalk = { ranks: whole, codes: wholeCodes, bits: marks.bits, out: ranks };
    const bound = (2 << this.reached) - 1;
    let found = 0;
    for (let tier = 0; tier < query.tierCount && found < ranks.length; tier++) {
      // A count above the bound has no title: only the fully checked titles of that tier, if any, are taken.
      const held = heldForTier(query, tier);
      found = this.walkTier(held > bound ? 0 : held, tierCode(tier), walk, found);
    }
    marks.clear(whole);
    this.clear();
    return { ranks: ranks.subarray(0, found), total };
  }

  /**
   * The term's holders as a bitset when it is dense: kept from an earlier keyword, or a common unit's
   * list decoded now (for the DENSE_LIMIT first dense terms asked in the build).
   */
  private denseBits(index: PostingIndex, term: string): Uint32Array | undefined {
    const kept = this.dense.get(term);
    if (kept || this.dense.size >= DENSE_LIMIT || term.length !== 1) return kept;
    const unit = term.charCodeAt(0);
    if (isDecoration(unit) || index.count(unit) * DENSE_SHARE < this.size) return undefined;
    return this.keepIfDense(term, index.list(unit));
  }

  /**
   * The term's holders as the term cache keeps them (term-cache.ts), added from its gaps with no list
   * decoded; undefined when not kept, or when they are dense and not yet a bitset (`exactHolders` then
   * decodes them once for `keepIfDense`).
   */
  private keptGaps(context: SearchContext, term: string): KeptHolders | undefined {
    const kept = context.termCache.kept(term);
    if (kept && kept.count * DENSE_SHARE >= this.size && this.dense.size < DENSE_LIMIT) return undefined;
    return kept;
  }

  /**
   * Keeps a dense term's holders (ascending) as a bitset for the later keywords of the build: a common
   * longer term's holders cost a long pair list decoded and marked titles read each time, and its
   * bitset is added 32 ranks at a time.
   */
  private keepIfDense(term: string, holders: Int32Array): Uint32Array | undefined {
    if (holders.length * DENSE_SHARE < this.size || this.dense.size >= DENSE_LIMIT) return undefined;
    const bits = new Uint32Array(this.overflow.length);
    for (let at = 0; at < holders.length; at++) {
      const rank = holders[at]!;
      bits[rank >>> 5] = bits[rank >>> 5]! | (1 << (rank & 31));
    }
    this.dense.set(term, bits);
    return bits;
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
  private clear(): void {
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
  private addBits(bits: Uint32Array, dense: boolean): void {
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
  private addRanks(ranks: Int32Array): void {
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
  private addGaps({ bytes, count, width }: KeptHolders): void {
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
  private countedIn(word: number): number {
    const { slices } = this;
    const at = word * 4;
    return slices[at]! | slices[at + 1]! | slices[at + 2]! | slices[at + 3]!;
  }

  private hasCount(rank: number): boolean {
    return (this.countedIn(rank >>> 5) & (1 << (rank & 31))) !== 0;
  }

  /**
   * The ranks set in `bits` whose count is above zero, in a bitset of this class's own: a weak term's
   * holders are counted only there (`firstMatches`).
   */
  private countedBits(bits: Uint32Array): Uint32Array {
    this.weakBits ??= new Uint32Array(this.overflow.length);
    const { weakBits } = this;
    for (let word = 0; word < bits.length; word++) weakBits[word] = bits[word]! & this.countedIn(word);
    return weakBits;
  }

  /**
   * The ranks whose count is above zero, in a buffer of the pool: a weak term's holders are counted only
   * there (`firstMatches`). Filtered apart, so the adding loop of every term checks nothing more.
   */
  private withCount(ranks: Int32Array, pool: ListPool): Int32Array {
    const out = pool.take(ranks.length);
    let kept = 0;
    for (let at = 0; at < ranks.length; at++) if (this.hasCount(ranks[at]!)) out[kept++] = ranks[at]!;
    return out.subarray(0, kept);
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
  private takeOverflow(pool: ListPool): Int32Array {
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
  private listWords(bitsOfWords: Uint32Array): number {
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

  /**
   * Appends to the walk's `out` from `found` on, up to its length, the tier's matches in rank order: the
   * whole keyword's holders of that code and (when `held` > 0) the other titles holding `held` terms. A
   * tier of two or more terms visits only the words where a count passed one (`upper`); the one-term
   * tier, the touched words, or every word once a dense unit was added.
   */
  private walkTier(held: number, code: number, walk: TierWalk, found: number): number {
    const { ranks: whole, codes: wholeCodes, bits: wholeBits, out } = walk;
    let at = found;
    let next = 0;
    const takeWholeBelow = (rank: number): void => {
      for (; next < whole.length && whole[next]! < rank && at < out.length; next++) if (wholeCodes[next] === code) out[at++] = whole[next]!;
    };
    if (held > 0) {
      const { slices, wordList } = this;
      const one = held & 1 ? -1 : 0;
      const two = held & 2 ? -1 : 0;
      const four = held & 4 ? -1 : 0;
      const eight = held & 8 ? -1 : 0;
      const every = held === 1 && (this.allTouched || this.denseAdded > 0);
      const words = every ? this.overflow.length : this.listWords(held > 1 ? this.upper : this.touched);
      for (let index = 0; index < words && at < out.length; index++) {
        const word = every ? index : wordList[index]!;
        const base = word * 4;
        let bits = ~(slices[base]! ^ one) & ~(slices[base + 1]! ^ two) & ~(slices[base + 2]! ^ four) & ~(slices[base + 3]! ^ eight);
        bits &= ~wholeBits[word]!;
        while (bits !== 0 && at < out.length) {
          const rank = (word << 5) | (31 - Math.clz32(bits & -bits));
          bits &= bits - 1;
          takeWholeBelow(rank);
          if (at < out.length) out[at++] = rank;
        }
      }
    }
    takeWholeBelow(Number.MAX_SAFE_INTEGER);
    return at;
  }
}

/** What the tier walks of one search share: the fully checked titles, their codes and bitset, the ranks found. */
interface TierWalk extends CheckedTitles {
  out: Int32Array;
}

/** The number of terms a title in this tier holds (0 for the tiers only the whole keyword's holders reach). */
function heldForTier(query: PreparedQuery, tier: number): number {
  // Every counted title holds a strong term (weak terms are counted only beside one, `firstMatches`).
  for (let held = query.terms.length; held >= 1; held--) if (termsTier(query, held, true) === tier) return held;
  return 0;
}
