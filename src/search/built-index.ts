/**
 * One build of the index: the titles in rank-order columns (rank-columns.ts) and their posting lists
 * (posting-index.ts), and the caches its searches share (rank/search-context.ts `BuildCaches`). Each
 * search is lent a context of its own (rank/search-context.ts), so the build holds no search's state.
 * A search is planned in one step (`plan`, rank/query-plan.ts) and run by kind: `firstMatches` answers
 * page 1 and the exact total from lists when the plan allows; otherwise `search` tiers the whole answer's
 * candidates and counts each tier, and the candidates it returns (rank/tiered-candidates.ts) lay out
 * their slots, newest first within each tier. The pinyin-pair lists are made after the build, a slice at a time
 * (`buildAhead`), or by the first search that needs them.
 */

import { PostingBuilder } from './index/posting-builder.js';
import { type PinyinParts, PostingIndex, type PostingParts } from './index/posting-index.js';
import type { ListPool } from './index/posting-lists.js';
import type { PreparedTitles } from './index/prepared-titles.js';
import { type ColumnParts, type PinyinPairsBuild, RankColumns } from './index/rank-columns.js';
import type { PreparedQuery } from './query/title-forms.js';
import { type Answer, FirstMatchesAnswer, WALKED } from './rank/answer.js';
import { ALL, candidates } from './rank/candidates.js';
import { classifyChain, isChainKeyword } from './rank/chain-tiers.js';
import { classifyCandidates, countTiers, ofType } from './rank/classify-candidates.js';
import { classifyPinyin } from './rank/pinyin-tiers.js';
import { planQuery, type QueryPlan } from './rank/query-plan.js';
import { BuildCaches, SearchContext } from './rank/search-context.js';
import {
  classifySingleByLists,
  type FirstMatches,
  firstChangedUnitMatches,
  firstPairMatches,
  firstSingleMatches,
} from './rank/short-keywords.js';
import { termCandidates, tierTermHolders } from './rank/term-holders.js';
import { firstTermMatches } from './rank/term-slices.js';
import { TieredCandidates } from './rank/tiered-candidates.js';
import type { IndexedTitles } from './search-engine.js';
import { foldEveryUnit } from './text/text-forms.js';

/** A term is kept once confirming it read this many texts: below that, confirming again costs little. */
export const TERM_CACHE_MIN = 256;
/** Idle search contexts kept for later searches (more are made while more searches are in flight). */
const IDLE_CONTEXTS = 2;

/** A build as arrays in shared memory (shared-arrays.ts): what the building worker posts to the others. */
export interface BuildParts {
  columns: ColumnParts;
  postings: PostingParts;
}

/** What a build reads besides the view. */
export interface BuildInput {
  /** Slot → rank in the view's current order (kept by the build). */
  rankOf: Int32Array;
  /** Slot → type code. */
  typeOf: Uint8Array;
  /** The last build, whose unchanged titles are copied. */
  previous: BuiltIndex | undefined;
  /** Title units to fold, to size the arrays. */
  fresh: number;
  /** Texts a term's confirmation reads before its holders are kept (term-cache.ts). */
  termCacheMin?: number;
  /** Titles folded and keyed ahead (prepared-titles.ts), whose pair numbering the build takes over. */
  prepared?: PreparedTitles | undefined;
}

export class BuiltIndex {
  /** What the build keeps for all its searches: term, core and dense-term caches. */
  private readonly caches: BuildCaches;
  /** Search contexts no search holds, lent to the next search (`lend`). */
  private readonly idle: SearchContext[] = [];
  /** The pinyin-pair lists while they are built ahead of the first search that needs them (`buildAhead`). */
  private pinyinPairs: PinyinPairsBuild | undefined;

  private constructor(
    readonly columns: RankColumns,
    readonly postings: PostingIndex,
    termCacheMin: number,
  ) {
    this.caches = new BuildCaches(columns.size, termCacheMin);
    this.idle.push(new SearchContext(postings, columns, this.caches));
    // Here, where every engine that searches gets its first build (built or adopted), not in a search.
    foldEveryUnit();
  }

  /** Builds over the view's current order (`BuildInput` names what else a build reads). */
  static build(view: IndexedTitles, { rankOf, typeOf, previous, fresh, termCacheMin = TERM_CACHE_MIN, prepared }: BuildInput): BuiltIndex {
    // Guesses (the arrays grow if short): folded and literal texts take up to 1.25 units per title unit,
    // the character lists about 1 byte, their unit-pair lists and marks a little more (an arena that grows
    // is copied, so the guess errs high: the builder keeps only the used part); pinyin pairs come later.
    const units = Math.ceil((previous?.columns.usedUnits ?? 0) + fresh * 1.25);
    const builder = new PostingBuilder(previous ? previous.postings.ownBytes * 1.1 + fresh * 2.8 : fresh * 2.8, prepared?.pairs);
    const columns = RankColumns.build(
      { order: view.ordered({}), rankOfSlot: rankOf, titles: view, previous: previous?.columns, typeOf, prepared },
      builder,
      units,
    );
    return new BuiltIndex(columns, builder.finish(), termCacheMin);
  }

  /** The build's arrays, in shared memory: posted to other search workers, which read them in place. */
  get parts(): BuildParts {
    return { columns: this.columns.parts, postings: this.postings.parts };
  }

  /** A build over the parts another worker's build posted (search-worker.ts): its own buffers, no array copied. */
  static fromParts(parts: BuildParts, termCacheMin = TERM_CACHE_MIN): BuiltIndex {
    return new BuiltIndex(RankColumns.fromParts(parts.columns), new PostingIndex(parts.postings), termCacheMin);
  }

  /** The pinyin-pair lists once attached, to post to the other workers. */
  get pinyinParts(): PinyinParts | undefined {
    return this.postings.pinyinParts;
  }

  /** Takes the pinyin-pair lists another worker built for this build; any built here are dropped. */
  attachPinyinParts(parts: PinyinParts): void {
    this.postings.attachPairParts(parts);
    this.pinyinPairs = undefined;
  }

  /** How a search for `query` among titles of the type (-1: any) runs over this build (rank/query-plan.ts). */
  plan(query: PreparedQuery, typeCode: number): QueryPlan {
    return planQuery(query, typeCode, this.columns.staleRows, this.postings);
  }

  /**
   * The first `need` matches (at most WALKED) and the exact total from the lists, more of them or the
   * whole answer laid out only if a later page asks (`search`); undefined when the plan lays out the whole
   * answer at once. Finding only what the page needs matters: a one- or two-character keyword's first
   * matches cost about as much per match as the rest of its search (docs/search.md, "How it is fast").
   */
  firstMatches(plan: QueryPlan, query: PreparedQuery, typeCode: number, need: number): Answer | undefined {
    if (!plan.listsFirst) return undefined;
    const { ranks, total } = this.firstFromLists(plan, query, Math.max(1, Math.min(need, WALKED)));
    return new FirstMatchesAnswer(total, ranks, this.columns.order, {
      // Planned again: rows may have been outdated since.
      firstRanks: (more) => {
        const again = this.plan(query, typeCode);
        return again.listsFirst ? this.firstFromLists(again, query, more).ranks : undefined;
      },
      layOut: () => {
        const counts = new Int32Array(query.tierCount);
        return this.search(this.plan(query, typeCode), query, typeCode, counts).answer(counts);
      },
    });
  }

  /** A context for one search: an idle one, or a new one while every context is lent to a search in flight. */
  private lend(): SearchContext {
    const context = this.idle.pop() ?? new SearchContext(this.postings, this.columns, this.caches);
    context.pool.reset();
    return context;
  }

  /** Takes back a context its search no longer reads. */
  private readonly giveBack = (context: SearchContext): void => {
    if (this.idle.length < IDLE_CONTEXTS) this.idle.push(context);
  };

  /** Page 1's ranks (the first `need`, copied out of the search's context) and the total. */
  private firstFromLists(plan: QueryPlan, query: PreparedQuery, need: number): FirstMatches {
    const context = this.lend();
    try {
      const { ranks, total } = this.listMatches(context, plan, query, need);
      return { ranks: ranks.slice(), total };
    } finally {
      this.giveBack(context);
    }
  }

  /** A unit's, a changed unit's or a pair's lists and marks, or the terms' bit-sliced counts. */
  private listMatches(context: SearchContext, plan: QueryPlan, query: PreparedQuery, need: number): FirstMatches {
    switch (plan.kind) {
      case 'unit':
        return firstSingleMatches(context, plan.unit, query, need);
      case 'changed-unit':
        return firstChangedUnitMatches(context, plan.literal, plan.folded, query, need);
      case 'pair':
        return firstPairMatches(context, plan.first, plan.second, query, need);
      case 'terms':
        return firstTermMatches(context, this.caches.denseTerms, query, need);
      case 'none':
        return { ranks: context.pool.take(0), total: 0 };
      case 'pinyin':
      case 'candidates':
        throw new Error(`a ${plan.kind} plan has no first matches from lists`);
      default:
        return unplanned(plan);
    }
  }

  /**
   * Tiers the whole answer's candidates of the type (-1: any) and counts them per tier into `counts`; the
   * candidates returned lay out the matches, from the search's own context.
   */
  search(plan: QueryPlan, query: PreparedQuery, typeCode: number, counts: Int32Array): TieredCandidates {
    const context = this.lend();
    const count = this.classify(context, plan, query, typeCode);
    countTiers(context.classified.codes, count, counts);
    return new TieredCandidates(context, count, this.columns.order, this.giveBack);
  }

  /** Fills the context's `classified` with the candidates and their tier codes; returns how many. */
  private classify(context: SearchContext, plan: QueryPlan, query: PreparedQuery, typeCode: number): number {
    const { postings, columns, pool, bitset, classified } = context;
    // The pinyin-pair lists are nearly half of all postings and serve only Latin keywords: the first one builds them.
    if (query.pinyin !== '' && !postings.hasPairs) this.attachPinyinPairs();
    switch (plan.kind) {
      case 'terms': {
        return tierTermHolders(context, termCandidates(context, query), typeCode, query);
      }
      case 'unit':
        return classifySingleByLists(context, plan.unit, typeCode, query);
      case 'none':
        return 0;
      case 'pinyin':
        return classifyPinyin(context, query, typeCode);
      case 'changed-unit':
      case 'pair':
      case 'candidates': {
        if (isChainKeyword(query)) return classifyChain(context, query, typeCode);
        const found = candidates(postings, query, bitset, pool);
        const ranks = ofType(found === ALL ? identity(columns.size, pool) : found, columns.types, typeCode, pool);
        classifyCandidates(context, ranks, query, classified);
        return ranks.length;
      }
      default:
        return unplanned(plan);
    }
  }

  /**
   * Builds the next `ranks` ranks' pinyin-pair lists ahead of the first Latin keyword, so that search does
   * not build them all (150 ms at a million titles), then, in a slice of its own, the syllable table
   * (`PostingIndex.syllables`, a few ms that the first Latin keyword had paid); false once both are built.
   * A search that needs them first builds the rest.
   */
  buildAhead(ranks: number): boolean {
    if (this.postings.hasPairs) {
      this.postings.syllables();
      return false;
    }
    this.pinyinPairs ??= this.columns.pairPostingsBuild(this.postings.ownBytes);
    if (this.pinyinPairs.step(ranks)) this.attachPinyinPairs();
    return true;
  }

  private attachPinyinPairs(): void {
    this.postings.attachPairs(this.pinyinPairs?.finish() ?? this.columns.pairPostings(this.postings.ownBytes));
    this.pinyinPairs = undefined;
  }

  /** Bytes of its typed arrays by part, and its number of postings. */
  get bytes(): { postings: number; texts: number; perRank: number; postingCount: number } {
    const { columns } = this;
    return {
      postingCount: this.postings.total,
      postings: this.postings.bytes + this.caches.bytes + (this.idle[0]?.bytes ?? 0),
      texts: columns.usedUnits * 2,
      perRank: columns.rows.byteLength + columns.types.byteLength + columns.rankOfSlot.byteLength,
    };
  }
}

/** A plan kind no case handles: `never` makes adding a kind without its cases a compile error. */
function unplanned(plan: never): never {
  throw new Error(`no search path for the plan ${JSON.stringify(plan)}`);
}

/** Every rank of a build, for keywords with no indexed character (punctuation only). */
function identity(size: number, pool: ListPool): Int32Array {
  const ranks = pool.take(size);
  for (let rank = 0; rank < size; rank++) ranks[rank] = rank;
  return ranks;
}
