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
import { type ListPool, popcount } from '../index/posting-lists.js';
import { ROW, ROW_FACTS } from '../index/title-rows.js';
import { isWeakTerm, NO_MATCH, termsTier, tierCode } from '../query/search-query.js';
import { foldedCoreOf, literalCoreOf, type PreparedQuery } from '../query/title-forms.js';
import { foldText, isDecoration } from '../text/text-forms.js';
import { PAIR_CHECK } from '../tokens/pair-marks.js';
import { CHECK_ALONE } from '../tokens/unit-marks.js';
import { WALKED } from './answer.js';
import { candidateKeys, holdingAll, TEXT_CHECK_INSTEAD_OF_DECODING } from './candidates.js';
import { generalCode } from './classify-candidates.js';
import { BLOCK, touchRows } from './literal-tiers.js';
import type { SearchContext } from './search-context.js';
import { exactHolders, wholeHolders } from './term-holders.js';

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
  private readonly low: Uint32Array;
  private readonly middle: Uint32Array;
  private readonly high: Uint32Array;
  private readonly top: Uint32Array;
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
   * One bit per word of the slices that a sparse term's count (or a fully checked title) may have set: a
   * keyword of sparse terms touches a few thousand of the 31,250 words at a million titles, and the count,
   * the tier walks and the clearing visit only those. Past a quarter of the words every word is walked, as
   * noting them would cost more than skipping spares. A dense unit's bitset touches nearly every word: the
   * walks of tiers that its counts alone can reach then visit them all, and those of higher tiers (a title
   * there holds a sparse term too) still only the touched ones.
   */
  private readonly touched: Uint32Array;
  private allTouched = false;
  /** Dense units' bitsets added since the last clear. */
  private denseAdded = 0;
  /** Ranks noted in `touched` since the last clear. */
  private added = 0;
  /** Scratch of one search: the touched words, ascending (`visitedWords`). */
  private readonly wordList: Int32Array;
  /** Scratch of one search: the words with a count above one, ascending (`unionCount`). */
  private readonly upperWords: Int32Array;
  /** Dense terms' holders as bitsets, by term: common units and common longer terms (`10`, `4k`, `国语`). */
  private readonly dense = new Map<string, Uint32Array>();

  constructor(private readonly size: number) {
    const words = (size + 31) >>> 5;
    this.low = new Uint32Array(words);
    this.middle = new Uint32Array(words);
    this.high = new Uint32Array(words);
    this.top = new Uint32Array(words);
    this.overflow = new Uint32Array(words);
    this.touched = new Uint32Array((words + 31) >>> 5);
    this.wordList = new Int32Array(words);
    this.upperWords = new Int32Array(words);
  }

  get bytes(): number {
    return this.low.byteLength * (7 + this.dense.size + (this.weakBits ? 1 : 0)) + this.touched.byteLength;
  }

  /**
   * The first `need` matches (at most WALKED, in relevance order) and the exact total. The context's
   * bitset is used and left empty.
   */
  firstMatches(context: SearchContext, query: PreparedQuery, need: number): { ranks: Int32Array; total: number } {
    const { postings: index, pool, bitset: marks } = context;
    let whole = checkedHolders(context, query);
    // Strong terms first: a weak term then counts only for the titles holding one (search-query.ts
    // `termsTier`; a title holding every term holds the strong ones too), which already have a count.
    for (const weak of [false, true]) {
      for (const [position, term] of query.terms.entries()) {
        if (isWeakTerm(term) !== weak) continue;
        const bits = this.denseBits(index, term);
        if (bits) this.addBits(weak ? this.countedBits(bits) : bits, !weak || this.denseAdded > 0);
        else {
          const holders = exactHolders(context, term, query.termUnits[position]!);
          this.keepIfDense(term, holders);
          this.addRanks(weak ? this.counted(holders, pool) : holders);
        }
      }
    }
    if (this.overflowed) whole = mergeLists(whole, this.takeOverflow(pool), pool);
    // The titles that may reach a tier above the terms' (few) get the full check; every other title holding a term, its count's tier.
    const wholeCodes = pool.take(whole.length);
    let unmatched = 0;
    for (let at = 0; at < whole.length; at++) {
      wholeCodes[at] = generalCode(context, whole[at]! * ROW, query);
      if (wholeCodes[at] === NO_MATCH) unmatched++;
    }
    marks.add(whole);
    this.touch(whole);
    const union = this.unionCount(marks.bits);
    const total = union.count - unmatched;
    const ranks = pool.take(Math.min(total, need, WALKED));
    const walk: TierWalk = { checked: { ranks: whole, codes: wholeCodes, bits: marks.bits }, union, out: ranks };
    let found = 0;
    for (let tier = 0; tier < query.tierCount && found < ranks.length; tier++) {
      // A count above the bound has no title: only the fully checked titles of that tier, if any, are taken.
      const held = heldForTier(query, tier);
      found = this.walkTier(held > union.bound ? 0 : held, tierCode(tier), walk, found);
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
   * Keeps a dense term's holders (ascending) as a bitset for the later keywords of the build: a common
   * longer term's holders cost a long pair list decoded and marked titles read each time, and its
   * bitset is added 32 ranks at a time.
   */
  private keepIfDense(term: string, holders: Int32Array): Uint32Array | undefined {
    if (holders.length * DENSE_SHARE < this.size || this.dense.size >= DENSE_LIMIT) return undefined;
    const bits = new Uint32Array(this.low.length);
    for (let at = 0; at < holders.length; at++) {
      const rank = holders[at]!;
      bits[rank >>> 5] = bits[rank >>> 5]! | (1 << (rank & 31));
    }
    this.dense.set(term, bits);
    return bits;
  }

  /** Notes the words of these ranks as touched; past a quarter of the words, every word (noting them costs more than it spares). */
  private touch(ranks: Int32Array): void {
    if (this.allTouched) return;
    this.added += ranks.length;
    if (this.added * 4 > this.low.length) {
      this.allTouched = true;
      return;
    }
    const { touched } = this;
    for (let at = 0; at < ranks.length; at++) {
      const word = ranks[at]! >>> 5;
      touched[word >>> 5] = touched[word >>> 5]! | (1 << (word & 31));
    }
  }

  /** Zeroes the touched words of the slices, and the touched bits. */
  private clear(): void {
    const { low, middle, high, top } = this;
    if (this.allTouched || this.denseAdded > 0) {
      low.fill(0);
      middle.fill(0);
      high.fill(0);
      top.fill(0);
    } else {
      const { wordList } = this;
      const words = this.visitedWords(false);
      for (let at = 0; at < words; at++) {
        const word = wordList[at]!;
        low[word] = 0;
        middle[word] = 0;
        high[word] = 0;
        top[word] = 0;
      }
    }
    this.allTouched = false;
    this.denseAdded = 0;
    this.added = 0;
    this.touched.fill(0);
  }

  /**
   * Adds one to the count of every rank set in `bits`, 32 ranks at a time. `dense`: they may lie in words
   * no sparse term touched (false for a weak term's bits kept only where sparse terms counted).
   */
  private addBits(bits: Uint32Array, dense: boolean): void {
    const { low, middle, high, top } = this;
    if (dense) this.denseAdded++;
    for (let word = 0; word < bits.length; word++) {
      const carry = bits[word]!;
      if (carry === 0) continue;
      const lowWord = low[word]!;
      low[word] = lowWord ^ carry;
      const second = lowWord & carry;
      if (second === 0) continue;
      const middleWord = middle[word]!;
      middle[word] = middleWord ^ second;
      const third = middleWord & second;
      if (third === 0) continue;
      const highWord = high[word]!;
      high[word] = highWord ^ third;
      const fourth = highWord & third;
      if (fourth === 0) continue;
      const topWord = top[word]!;
      top[word] = topWord ^ fourth;
      if ((topWord & fourth) !== 0) this.carryPastTop(word, topWord & fourth);
    }
  }

  /** Adds one to the count of each rank. */
  private addRanks(ranks: Int32Array): void {
    this.touch(ranks);
    const { low, middle, high, top } = this;
    for (let at = 0; at < ranks.length; at++) {
      const rank = ranks[at]!;
      const word = rank >>> 5;
      const bit = 1 << (rank & 31);
      const lowWord = low[word]!;
      low[word] = lowWord ^ bit;
      if ((lowWord & bit) === 0) continue;
      const middleWord = middle[word]!;
      middle[word] = middleWord ^ bit;
      if ((middleWord & bit) === 0) continue;
      const highWord = high[word]!;
      high[word] = highWord ^ bit;
      if ((highWord & bit) === 0) continue;
      const topWord = top[word]!;
      top[word] = topWord ^ bit;
      if ((topWord & bit) !== 0) this.carryPastTop(word, bit);
    }
  }

  /**
   * The ranks set in `bits` whose count is above zero, in a bitset of this class's own: a weak term's
   * holders are counted only there (`firstMatches`).
   */
  private countedBits(bits: Uint32Array): Uint32Array {
    this.weakBits ??= new Uint32Array(this.low.length);
    const { low, weakBits } = this;
    for (let word = 0; word < bits.length; word++) weakBits[word] = bits[word]! & (low[word]! | this.countedAbove(word));
    return weakBits;
  }

  /**
   * The ranks whose count is above zero, in a buffer of the pool: a weak term's holders are counted only
   * there (`firstMatches`). Filtered apart, so the adding loop of every term checks nothing more.
   */
  private counted(ranks: Int32Array, pool: ListPool): Int32Array {
    const { low } = this;
    const out = pool.take(ranks.length);
    let kept = 0;
    for (let at = 0; at < ranks.length; at++) {
      const rank = ranks[at]!;
      const word = rank >>> 5;
      if (((low[word]! | this.countedAbove(word)) & (1 << (rank & 31))) !== 0) out[kept++] = rank;
    }
    return out.subarray(0, kept);
  }

  /** The word's ranks with a count bit above bit 0 set (a count past 15 may read 0: those are checked in full). */
  private countedAbove(word: number): number {
    return this.middle[word]! | this.high[word]! | this.top[word]!;
  }

  /** Notes the ranks of `carry` in the word as counted past 15 (only a keyword of more terms gets there). */
  private carryPastTop(word: number, carry: number): void {
    this.overflow[word] = this.overflow[word]! | carry;
    this.overflowed = true;
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
   * Titles with a count above zero or in `extra`, a bound on the highest count (from the highest slice
   * with any bit set), so the walk skips tiers no title reaches, and the words the walks visit.
   */
  private unionCount(extra: Uint32Array): UnionCount {
    const { low, middle, high, top } = this;
    const visited = this.visitedWords(this.denseAdded > 0);
    const { wordList, upperWords } = this;
    let count = 0;
    let anyMiddle = 0;
    let anyHigh = 0;
    let anyTop = 0;
    let uppers = 0;
    const words = visited < 0 ? low.length : visited;
    for (let at = 0; at < words; at++) {
      const word = visited < 0 ? at : wordList[at]!;
      const upper = middle[word]! | high[word]! | top[word]!;
      const bits = low[word]! | upper | extra[word]!;
      if (bits === 0) continue;
      count += popcount(bits);
      if (upper === 0) continue;
      upperWords[uppers++] = word;
      anyMiddle |= middle[word]!;
      anyHigh |= high[word]!;
      anyTop |= top[word]!;
    }
    return { count, bound: anyTop !== 0 ? 15 : anyHigh !== 0 ? 7 : anyMiddle !== 0 ? 3 : 1, visited, uppers };
  }

  /**
   * The touched words, ascending, in `wordList`, and how many (-1: every word, when `every`, when every
   * word was touched, or when a dense unit's bitset was added). Listed once, the passes over them are
   * plain loops.
   */
  private visitedWords(every: boolean): number {
    if (every || this.allTouched) return -1;
    const { touched, wordList } = this;
    let count = 0;
    for (let group = 0; group < touched.length; group++) {
      let bits = touched[group]!;
      while (bits !== 0) {
        wordList[count++] = (group << 5) | (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
      }
    }
    return count;
  }

  /**
   * Appends to the walk's `out` from `found` on, up to its length, the tier's matches in rank order: the whole
   * keyword's holders of that code and (when `held` > 0) the other titles holding `held` terms. A tier of
   * two or more terms visits only the words where a count passed one (`unionCount`): few, for most
   * keywords, where each tier walked every word before.
   */
  private walkTier(held: number, code: number, walk: TierWalk, found: number): number {
    const { checked, union, out } = walk;
    const { ranks: whole, codes: wholeCodes, bits: wholeBits } = checked;
    let at = found;
    let next = 0;
    const takeWholeBelow = (rank: number): void => {
      for (; next < whole.length && whole[next]! < rank && at < out.length; next++) if (wholeCodes[next] === code) out[at++] = whole[next]!;
    };
    if (held > 0) {
      const { low, middle, high, top } = this;
      const one = held & 1 ? -1 : 0;
      const two = held & 2 ? -1 : 0;
      const four = held & 4 ? -1 : 0;
      const eight = held & 8 ? -1 : 0;
      const listed = held > 1 ? union.uppers : union.visited;
      const list = held > 1 ? this.upperWords : this.wordList;
      const words = listed < 0 ? low.length : listed;
      for (let index = 0; index < words && at < out.length; index++) {
        const word = listed < 0 ? index : list[index]!;
        let bits = ~(low[word]! ^ one) & ~(middle[word]! ^ two) & ~(high[word]! ^ four) & ~(top[word]! ^ eight);
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

/** What the tier walks of one search share: the fully checked titles, the union's pass, the ranks found. */
interface TierWalk {
  checked: CheckedTitles;
  union: UnionCount;
  out: Int32Array;
}

/** What one pass over the slices tells the tier walks (`TermSlices.unionCount`). */
interface UnionCount {
  /** Titles with a count or fully checked. */
  count: number;
  /** No title's count is above this. */
  bound: number;
  /** How many words of `wordList` a one-term tier visits (-1: every word). */
  visited: number;
  /** How many words of `upperWords` (those with a count above one) a tier of more terms visits. */
  uppers: number;
}

/**
 * The titles that may be in a tier above the terms' ones, ascending: those holding the whole keyword's
 * units (or a few more: they hold its text, tiers 3, 4, 6, 7), and those holding its core's units whose
 * stored core length is the keyword's (tiers 2 and 5). The core leaves out an episode suffix, so for
 * `宠上天 78集` every title holding `宠上天` holds the core: the rows filter them, the full check reads text.
 */
function checkedHolders(context: SearchContext, query: PreparedQuery): Int32Array {
  const { postings: index, columns, pool, bitset: marks } = context;
  // Without an episode suffix the core's units are the keyword's: every holder may hold its text.
  if (undecorated(query.folded) === query.foldedCore.length && undecorated(query.literal) === query.literalCore.length) {
    return wholeHolders(context, query);
  }
  const core = shortCoreHolders(index, query, pool) ?? wholeHolders(context, query);
  const text = holdingAll(
    index,
    candidateKeys(index, query.folded, foldText(query.literal)) ?? [],
    pool,
    marks,
    TEXT_CHECK_INSTEAD_OF_DECODING,
  );
  const { rows } = columns;
  let kept = 0;
  for (let at = 0; at < core.length; at++) {
    if (at % BLOCK === 0) touchRows(context, core, at, Math.min(core.length, at + BLOCK));
    const rank = core[at]!;
    const facts = rows[rank * ROW + ROW_FACTS]!;
    if (literalCoreOf(facts) === query.literalCoreLength || foldedCoreOf(facts) === query.foldedCoreLength) core[kept++] = rank;
  }
  return mergeLists(core.subarray(0, kept), text, pool);
}

/**
 * For a core of one or two units (`了 68集`, `总裁 第2集`): the holders of its units whose own core may be
 * as short, which the index lists already. A title with a core of one unit (or two) is under CHECK_ALONE
 * for its first unit (or PAIR_CHECK for its first pair, tokens/unit-marks.ts, tokens/pair-marks.ts), the
 * only one its core can be, so that mark's list holds every holder whose core may equal this one, and a
 * few hundred rows are read instead of every holder's (162,000 for `了`).
 * Undefined for longer cores, whose holders are few.
 */
function shortCoreHolders(index: PostingIndex, query: PreparedQuery, pool: ListPool): Int32Array | undefined {
  const core = query.foldedCore;
  if (foldText(query.literalCore) !== core || Math.max(query.literalCoreLength, query.foldedCoreLength) > core.length) return undefined;
  if (core.length === 1) return index.list(index.unitPairKey(CHECK_ALONE, core.charCodeAt(0)), pool);
  if (core.length === 2) return index.list(index.pairMarkKey(PAIR_CHECK, core.charCodeAt(0), core.charCodeAt(1)), pool);
  return undefined;
}

/** Units of the text that are not decoration. */
function undecorated(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) if (!isDecoration(text.charCodeAt(at))) count++;
  return count;
}

/** The union of two ascending lists, ascending. */
function mergeLists(first: Int32Array, second: Int32Array, pool: ListPool): Int32Array {
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

/** The number of terms a title in this tier holds (0 for the tiers only the whole keyword's holders reach). */
function heldForTier(query: PreparedQuery, tier: number): number {
  // Every counted title holds a strong term (weak terms are counted only beside one, `firstMatches`).
  for (let held = query.terms.length; held >= 1; held--) if (termsTier(query, held, true) === tier) return held;
  return 0;
}
