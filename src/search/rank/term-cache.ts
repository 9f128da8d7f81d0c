/**
 * Exact holders of the several-term keywords' longer terms, kept for the life of one build. A term of three
 * or more characters has its pair-list candidates confirmed in their texts, one or two cache misses each;
 * for a common term (`国语`, `100集`, `未删减版`: episode suffixes and tags that whole titles and pastes
 * repeat) that is tens of thousands of reads, the bulk of such a search. Distinct keywords share these
 * terms, so the confirmed holders are kept (least recently used dropped first, within a budget of bytes)
 * and a later keyword with the same term reads no text for it (docs/search.md, "How it is fast"). They are
 * kept as varint gaps, as posting lists are (about 1.3 bytes a rank instead of 4): three times the terms
 * in the same memory, and decoding a rank costs far less than the text read it spares.
 */

import { LRUCache } from 'lru-cache';
import type { ListPool } from '../index/posting-lists.js';

/** Bytes kept in all: 8 MB. */
const BUDGET = 1 << 23;

export class TermHolderCache {
  // Sized in bytes; a term taking more than a quarter of the budget is not kept.
  private readonly entries = new LRUCache<string, { gaps: Uint8Array; count: number }>({
    maxSize: BUDGET,
    maxEntrySize: BUDGET >>> 2,
    sizeCalculation: ({ gaps }) => Math.max(gaps.length, 1),
  });

  /** `minChecked`: a term is kept once confirming it read at least this many texts (cheaper ones are redone). */
  constructor(private readonly minChecked: number) {}

  /** The term's holders, ascending, in a buffer of `pool`, or undefined. */
  get(term: string, pool: ListPool): Int32Array | undefined {
    const entry = this.entries.get(term);
    if (!entry) return undefined;
    const { gaps, count } = entry;
    const ranks = pool.take(count);
    let rank = -1;
    let at = 0;
    for (let index = 0; index < count; index++) {
      let gap = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = gaps[at++]!;
        gap |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte >= 0x80);
      rank += gap;
      ranks[index] = rank;
    }
    return ranks;
  }

  /** Keeps the term's holders (ascending), found by confirming `checked` candidates. */
  set(term: string, holders: Int32Array, checked: number): void {
    if (checked < this.minChecked || holders.length > BUDGET >>> 2) return;
    const gaps = new Uint8Array(holders.length * 5);
    let at = 0;
    let previous = -1;
    for (let index = 0; index < holders.length; index++) {
      let gap = holders[index]! - previous;
      previous = holders[index]!;
      while (gap >= 0x80) {
        gaps[at++] = (gap & 0x7f) | 0x80;
        gap >>>= 7;
      }
      gaps[at++] = gap;
    }
    this.entries.set(term, { gaps: gaps.slice(0, at), count: holders.length });
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
