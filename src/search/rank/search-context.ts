/**
 * What every search over one build reads and reuses: the build's lists and columns and the buffers a
 * search works in. Made once per build (built-index.ts), so a search passes one argument instead of six,
 * and allocates none of it.
 */
import type { PostingIndex } from '../index/posting-index.js';
import type { ListPool, RankBitset } from '../index/posting-lists.js';
import type { RankColumns } from '../index/rank-columns.js';
import type { UnitTitle } from '../index/title-rows.js';
import type { Classified } from './classify-candidates.js';

export interface SearchContext {
  readonly postings: PostingIndex;
  readonly columns: RankColumns;
  /** Buffers for decoded lists and codes, reset at the start of each search. */
  readonly pool: ListPool;
  /** A bitset over every rank of the build, empty between uses. */
  readonly bitset: RankBitset;
  /** The title a full tier check reads (describeRow points it at a row). */
  readonly title: UnitTitle;
  /** The whole answer's ranks and tier codes, when a search lays it out. */
  readonly classified: Classified;
}
