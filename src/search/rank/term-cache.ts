/**
 * Exact holders of the several-term keywords' longer terms, kept for the life of one build. A term of three
 * or more characters has its pair-list candidates confirmed in their texts, one or two cache misses each;
 * for a common term (`国语`, `100集`, `未删减版`: episode suffixes and tags that whole titles and pastes
 * repeat) that is tens of thousands of reads, the bulk of such a search. Distinct keywords share these
 * terms, so the confirmed holders are kept (least recently used dropped first, within a budget of bytes)
 * and a later keyword with the same term reads no text for it (docs/search.md, "How it is fast").
 *
 * They are kept as gaps of one width per term: a byte when nearly every gap is below 255 (a common
 * phrase's holders), else two bytes; a gap too wide is that width's escape and four bytes more. That is
 * about as small as varint gaps (1 byte for a common term, 2 for a sparse one), and decoding reads a
 * fixed width, where a varint's one or two bytes at random cost a mispredicted branch per rank, as much
 * as counting the rank (measured on the terms' stream). term-slices.ts adds a kept term's ranks to its
 * counts as it decodes them (`kept`).
 */

import { LRUCache } from 'lru-cache';
import type { ListPool } from '../index/posting-lists.js';

/** Bytes kept in all: 8 MB. */
const BUDGET = 1 << 23;
/** A term's gaps are bytes when at most one in this many is 255 or more. */
const WIDE_GAPS_MOST = 64;

/** A term's holders: `count` ranks, ascending, as gaps from -1 of `width` bytes each (little-endian); a gap of the width's largest value or more is that value and four bytes. */
export interface KeptHolders {
  bytes: Uint8Array;
  count: number;
  width: 1 | 2;
}

export class TermHolderCache {
  // Sized in bytes; a term taking more than a quarter of the budget is not kept.
  private readonly entries = new LRUCache<string, KeptHolders>({
    maxSize: BUDGET,
    maxEntrySize: BUDGET >>> 2,
    sizeCalculation: ({ bytes }) => Math.max(bytes.length, 1),
    dispose: (_, term) => this.unlist(term),
  });
  /** The kept terms by each two units they hold side by side (`heldWithin`), when the keys are terms. */
  private readonly byPair: Map<string, Set<string>> | undefined;

  /**
   * `minChecked`: a term is kept once confirming it read at least this many texts (cheaper ones are
   * redone). `keysAreTerms`: the keys are folded terms, so a kept term may answer for a term it holds.
   */
  constructor(
    private readonly minChecked: number,
    keysAreTerms = false,
  ) {
    this.byPair = keysAreTerms ? new Map() : undefined;
  }

  /**
   * The holders of `term`, when a kept term that holds it has as many holders as `count`, the holders of
   * the pair `pair` (two units of `term`, side by side): a title holding the longer term holds `term`, and
   * one holding `term` holds the pair, so the three sets are one (`甲藏` from `马甲藏不住`'s holders, when
   * every title with the pair `甲藏` holds `马甲藏不住`). In a buffer of `pool`, or undefined.
   */
  heldWithin(term: string, pair: string, count: number, pool: ListPool): Int32Array | undefined {
    for (const longer of this.byPair?.get(pair) ?? []) {
      if (longer.length > term.length && this.entries.peek(longer)?.count === count && longer.includes(term)) return this.get(longer, pool);
    }
    return undefined;
  }

  /** Lists a kept term under each two units it holds side by side. */
  private list(term: string): void {
    const { byPair } = this;
    if (!byPair) return;
    for (const pair of pairsOf(term)) {
      const terms = byPair.get(pair);
      if (terms) terms.add(term);
      else byPair.set(pair, new Set([term]));
    }
  }

  /** Takes a term no longer kept out of `byPair`. */
  private unlist(term: string): void {
    const { byPair } = this;
    if (!byPair) return;
    for (const pair of pairsOf(term)) {
      const terms = byPair.get(pair);
      terms?.delete(term);
      if (terms?.size === 0) byPair.delete(pair);
    }
  }

  /** The term's holders as kept (term-slices.ts adds them as it decodes them), or undefined. */
  kept(term: string): KeptHolders | undefined {
    return this.entries.get(term);
  }

  /** The term's holders, ascending, in a buffer of `pool`, or undefined. */
  get(term: string, pool: ListPool): Int32Array | undefined {
    const entry = this.entries.get(term);
    if (!entry) return undefined;
    const { bytes, count, width } = entry;
    const wide = width === 1 ? 0xff : 0xffff;
    const ranks = pool.take(count);
    // The gaps first, then their running sum.
    let at = 0;
    for (let index = 0; index < count; index++) {
      const gap = width === 1 ? bytes[at]! : bytes[at]! | (bytes[at + 1]! << 8);
      ranks[index] = gap === wide ? wideGap(bytes, at + width) : gap;
      at += gap === wide ? width + 4 : width;
    }
    let rank = -1;
    for (let index = 0; index < count; index++) {
      rank += ranks[index]!;
      ranks[index] = rank;
    }
    return ranks;
  }

  /** Keeps the term's holders (ascending), found by confirming `checked` candidates. */
  set(term: string, holders: Int32Array, checked: number): void {
    if (checked < this.minChecked || holders.length > BUDGET >>> 2) return;
    let wideForBytes = 0;
    let wideForHalves = 0;
    let previous = -1;
    for (let index = 0; index < holders.length; index++) {
      const gap = holders[index]! - previous;
      previous = holders[index]!;
      if (gap >= 0xff) wideForBytes++;
      if (gap >= 0xffff) wideForHalves++;
    }
    const width = wideForBytes * WIDE_GAPS_MOST <= holders.length ? 1 : 2;
    const wide = width === 1 ? 0xff : 0xffff;
    const bytes = new Uint8Array(holders.length * width + (width === 1 ? wideForBytes : wideForHalves) * 4);
    let at = 0;
    previous = -1;
    for (let index = 0; index < holders.length; index++) {
      const gap = holders[index]! - previous;
      previous = holders[index]!;
      const escaped = gap >= wide;
      bytes[at] = escaped ? wide : gap;
      if (width === 2) bytes[at + 1] = (escaped ? wide : gap) >>> 8;
      at += width;
      if (escaped) {
        for (let shift = 0; shift < 32; shift += 8) bytes[at++] = gap >>> shift;
      }
    }
    this.entries.set(term, { bytes, count: holders.length, width });
    // Listed once stored (a term past the size of one entry is not).
    if (this.entries.has(term)) this.list(term);
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/** The two units side by side at each place of the term. */
function pairsOf(term: string): string[] {
  const pairs: string[] = [];
  for (let at = 1; at < term.length; at++) pairs.push(term.slice(at - 1, at + 1));
  return pairs;
}

/** A gap too wide for its term's width: the four bytes after the escape, little-endian. */
export function wideGap(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}
