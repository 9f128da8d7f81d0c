/**
 * Common terms' holders as bitsets, kept by a build for all its searches: a several-term keyword's first
 * page (term-slices.ts) adds a common unit's or common longer term's holders 32 ranks at a time instead of
 * decoding and counting a long list each time. Owned by the build (search-context.ts `BuildCaches`), not by
 * a search: it holds facts of the build only, never a search's counts.
 */
import type { PostingIndex } from '../index/posting-index.js';
import { isDecoration } from '../text/text-forms.js';
import type { KeptHolders, TermHolderCache } from './term-cache.js';

/** A unit held by at least 1/DENSE_SHARE of the titles is added as a bitset (its list is then near a bitset's size). */
const DENSE_SHARE = 16;
/** Bitsets kept per build (8 MB at a million titles). */
const DENSE_LIMIT = 64;

/** Dense terms' holders as bitsets, by term: common units and common longer terms (`10`, `4k`, `国语`), kept per build. */
export class DenseTerms {
  private readonly dense = new Map<string, Uint32Array>();

  constructor(private readonly size: number) {}

  get bytes(): number {
    return ((this.size + 31) >>> 5) * 4 * this.dense.size;
  }

  /**
   * The term's holders as a bitset when it is dense: kept from an earlier keyword, or a common unit's
   * list decoded now (for the DENSE_LIMIT first dense terms asked in the build).
   */
  bits(index: PostingIndex, term: string): Uint32Array | undefined {
    const kept = this.dense.get(term);
    if (kept || this.dense.size >= DENSE_LIMIT || term.length !== 1) return kept;
    const unit = term.charCodeAt(0);
    if (isDecoration(unit) || index.count(unit) * DENSE_SHARE < this.size) return undefined;
    return this.keep(term, index.list(unit));
  }

  /**
   * The term's holders as the term cache keeps them (term-cache.ts), added from its gaps with no list
   * decoded; undefined when not kept, or when they are dense and not yet a bitset (`exactHolders` then
   * decodes them once for `keep`).
   */
  keptGaps(termCache: TermHolderCache, term: string): KeptHolders | undefined {
    const kept = termCache.kept(term);
    if (kept && kept.count * DENSE_SHARE >= this.size && this.dense.size < DENSE_LIMIT) return undefined;
    return kept;
  }

  /**
   * Keeps a dense term's holders (ascending) as a bitset for the later keywords of the build: a common
   * longer term's holders cost a long pair list decoded and marked titles read each time, and its
   * bitset is added 32 ranks at a time.
   */
  keep(term: string, holders: Int32Array): Uint32Array | undefined {
    if (holders.length * DENSE_SHARE < this.size || this.dense.size >= DENSE_LIMIT) return undefined;
    const bits = new Uint32Array((this.size + 31) >>> 5);
    for (let at = 0; at < holders.length; at++) {
      const rank = holders[at]!;
      bits[rank >>> 5] = bits[rank >>> 5]! | (1 << (rank & 31));
    }
    this.dense.set(term, bits);
    return bits;
  }
}
