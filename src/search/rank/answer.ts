/**
 * A search's answer before it is laid out: per match, its code (tier + 1, query/search-query.ts `tierCode`) and its rank in the build
 * (turned into a slot through the build's order only when it is shown),
 * with the count of each tier. A page and the exact total come from it without placing every match: the
 * page's tiers are found from the counts, and only their codes are walked. Clients fetch page after
 * page of one query, so the worker's result cache keeps answers in this form (two arrays the size of the
 * candidates, as compact as the full answer) and each later page is one more walk.
 */
import { NO_MATCH, tierCode, tierOfCode } from '../query/search-query.js';

export interface Answer {
  /** How many titles match in all. */
  readonly total: number;
  /** The slots of matches [offset, offset + limit) in relevance order. */
  page(offset: number, limit: number): Int32Array;
  /** Every matching slot in relevance order, in a new array. */
  all(): Int32Array;
}

/** An answer laid out already (searches with a delta merge it in slot by slot). */
export class PlacedAnswer implements Answer {
  constructor(private readonly slots: Int32Array) {}

  get total(): number {
    return this.slots.length;
  }

  page(offset: number, limit: number): Int32Array {
    return this.slots.slice(offset, offset + limit);
  }

  all(): Int32Array {
    return this.slots.slice();
  }
}

export class TieredAnswer implements Answer {
  readonly total: number;
  /** Where each tier starts in the relevance order; starts[tiers] is the total. */
  private readonly starts: Int32Array;

  /**
   * `codes[i]`, `ranks[i]` for matches i in [0, codes.length), newest first; `counts[t]` the matches of
   * tier t; `order`: the build's rank → slot.
   */
  constructor(
    private readonly codes: Uint16Array,
    private readonly ranks: Int32Array,
    counts: Int32Array,
    private readonly order: Int32Array,
  ) {
    this.starts = new Int32Array(counts.length + 1);
    for (let tier = 0; tier < counts.length; tier++) this.starts[tier + 1] = this.starts[tier]! + counts[tier]!;
    this.total = this.starts[counts.length]!;
  }

  page(offset: number, limit: number): Int32Array {
    const from = Math.max(0, offset);
    const to = Math.min(this.total, from + Math.max(0, limit));
    const out = new Int32Array(Math.max(0, to - from));
    const { starts } = this;
    for (let tier = 0, at = 0; tier < starts.length - 1 && at < out.length; tier++) {
      const start = starts[tier]!;
      const end = starts[tier + 1]!;
      if (end <= from + at) continue;
      // Matches of this tier to pass over before the page's next one, then to take.
      at = this.collect(tierCode(tier), from + at - start, Math.min(end, to) - (from + at), out, at);
    }
    return out;
  }

  all(): Int32Array {
    const out = new Int32Array(this.total);
    const cursor = this.starts.slice();
    const { codes, ranks, order } = this;
    for (let index = 0; index < codes.length; index++) {
      const code = codes[index]!;
      if (code === NO_MATCH) continue;
      const tier = tierOfCode(code);
      const at = cursor[tier]!;
      out[at] = order[ranks[index]!]!;
      cursor[tier] = at + 1;
    }
    return out;
  }

  /** Writes `take` slots of code `code` after skipping `skip` of them, from out[at] on; returns the next place. */
  private collect(code: number, skip: number, take: number, out: Int32Array, at: number): number {
    const { codes, ranks, order } = this;
    let left = skip;
    let place = at;
    const end = at + take;
    for (let index = 0; index < codes.length && place < end; index++) {
      if (codes[index] !== code) continue;
      if (left > 0) {
        left--;
        continue;
      }
      out[place++] = order[ranks[index]!]!;
    }
    return place;
  }
}

/** Pages ending within this many matches are walked from lists or slices; a later page lays out the whole answer. */
export const WALKED = 1000;

/** How a `FirstMatchesAnswer` finds more first matches or the whole answer when a later page asks. */
export interface LaterPages {
  /** The first `need` ranks in relevance order, or undefined when the lists no longer serve them. */
  firstRanks(need: number): Int32Array | undefined;
  /** The whole answer, laid out. */
  layOut(): Answer;
}

/**
 * An answer whose first matches and total are known. Its first ranks stay ranks: only a page's are turned
 * into slots (through the build's order, a random read each, docs/search.md "How it is fast"). A page
 * past them finds up to WALKED first matches once, a page past those lays out the whole answer once.
 */
export class FirstMatchesAnswer implements Answer {
  private full: Answer | undefined;

  /**
   * `first`: the first ranks in relevance order (all of them when there are fewer than asked); `order`:
   * the build's rank → slot; `later`: what a later page needs.
   */
  constructor(
    readonly total: number,
    private first: Int32Array,
    private readonly order: Int32Array,
    private readonly later: LaterPages,
  ) {}

  page(offset: number, limit: number): Int32Array {
    const from = Math.max(0, offset);
    const to = Math.min(this.total, from + Math.max(0, limit));
    if (to > this.first.length && to <= WALKED) this.first = this.later.firstRanks(WALKED) ?? this.first;
    if (to > this.first.length) return this.whole().page(offset, limit);
    return this.slotsOf(from, Math.max(from, to));
  }

  all(): Int32Array {
    if (this.first.length < this.total && this.total <= WALKED) this.first = this.later.firstRanks(WALKED) ?? this.first;
    return this.first.length === this.total ? this.slotsOf(0, this.total) : this.whole().all();
  }

  /** The slots of first matches [from, to). */
  private slotsOf(from: number, to: number): Int32Array {
    const { first, order } = this;
    const slots = new Int32Array(to - from);
    for (let at = from; at < to; at++) slots[at - from] = order[first[at]!]!;
    return slots;
  }

  private whole(): Answer {
    this.full ??= this.later.layOut();
    return this.full;
  }
}
