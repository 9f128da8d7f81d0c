/**
 * Exact holders of the several-term keywords' longer terms, kept for the life of one build. A term of two
 * or more characters has its pair-list candidates confirmed in their texts, one or two cache misses each;
 * for a common term (`国语`, `全集`, `100集`, `未删减版`: episode suffixes and tags that whole titles and
 * pastes repeat) that is tens of thousands of reads, the bulk of such a search. Distinct keywords share
 * these terms, so the confirmed holders are kept (least recently used dropped first, within a budget of
 * ranks) and a later keyword with the same term reads no text for it (docs/search.md, "How it is fast").
 */

import { LRUCache } from 'lru-cache';

/** Ranks kept in all: 8 MB. */
const BUDGET = 1 << 21;

export class TermHolderCache {
  // Sized in ranks; a term holding more than a quarter of the budget is not kept.
  private readonly entries = new LRUCache<string, Int32Array>({
    maxSize: BUDGET,
    maxEntrySize: BUDGET >>> 2,
    sizeCalculation: (ranks) => Math.max(ranks.length, 1),
  });

  /** `minChecked`: a term is kept once confirming it read at least this many texts (cheaper ones are redone). */
  constructor(private readonly minChecked: number) {}

  /** The term's holders, ascending (not to be written to), or undefined. */
  get(term: string): Int32Array | undefined {
    return this.entries.get(term);
  }

  /** Keeps a copy of the term's holders, found by confirming `checked` candidates. */
  set(term: string, holders: Int32Array, checked: number): void {
    if (checked < this.minChecked || holders.length > BUDGET >>> 2) return;
    this.entries.set(term, holders.slice());
  }

  get bytes(): number {
    return this.entries.calculatedSize * 4;
  }
}
