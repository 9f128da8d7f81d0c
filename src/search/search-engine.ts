/**
 * What the catalogue needs from search: keep an index of titles by slot, and answer a keyword with the
 * matching slots in relevance order (the tiers of query/search-query.ts, newest first within a tier).
 * Implementations may differ in speed and in where they run (this thread or a worker, docs/search.md),
 * never in the answer.
 */
import type { ContentType } from '../shared/content-types.js';

/**
 * What an engine reads of the catalogue: its titles by slot and its newest-first orders. The catalogue
 * view is one; a search worker's mirror of it (title-mirror.ts) is another.
 */
export interface IndexedTitles {
  /** Entries held now. */
  readonly count: number;
  /** Slots ever used, removed ones included: the bound of every slot number. */
  readonly slotCount: number;
  /** Slots newest first, all of them or one type's; a new array after every reorder, never edited. */
  ordered(filter: { type?: ContentType | undefined }): Int32Array;
  title(slot: number): string;
}

export interface AnswerPage {
  /** How many titles match in all. */
  total: number;
  /** The slots of the page asked for. */
  slots: Int32Array;
}

export interface SearchEngine {
  /** Index (or re-index) the titles at these slots of the view. */
  index(view: IndexedTitles, slots: ArrayLike<number>): void;
  /**
   * Optional: the view emptied these slots; engines that keep their own per-slot state must stop
   * returning them (engines that walk `view.ordered` drop them by themselves at the next reorder).
   */
  remove?(view: IndexedTitles, slots: ArrayLike<number>): void;
  /**
   * Optional: called once the view has reordered after a load, so an index can do its heavy work
   * (a rebuild) then rather than in the next search. A promise says when that work is done.
   */
  prepare?(view: IndexedTitles): void | Promise<void>;
  /** All matching slots, best tier first, newest first within a tier (a promise when it runs elsewhere). */
  find(view: IndexedTitles, keyword: string, type?: ContentType): ArrayLike<number> | Promise<ArrayLike<number>>;
  /**
   * Optional: one page of the answer and its total, for an engine whose answers live elsewhere (a worker
   * thread, so only the page travels) or that can lay out a page without the whole answer.
   */
  findPage?(
    view: IndexedTitles,
    keyword: string,
    type: ContentType | undefined,
    offset: number,
    limit: number,
  ): AnswerPage | Promise<AnswerPage>;
  /** Optional: releases what the engine holds (a worker thread). */
  close?(): Promise<void>;
}
