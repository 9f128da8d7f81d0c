/**
 * What the catalogue needs from search: keep an index of titles by slot, and answer a keyword with the
 * matching slots in relevance order (decisions.md: exact title, prefix, contains, looser; newest first
 * within a tier). Implementations may differ in speed, never in the answer.
 */
import type { CatalogueView } from '../catalogue/catalogue-view.js';
import type { ContentType } from '../catalogue/content-types.js';

export interface SearchEngine {
  /** Index (or re-index) the titles at these slots of the view. */
  index(view: CatalogueView, slots: ArrayLike<number>): void;
  /**
   * Optional: the view emptied these slots; engines that keep their own per-slot state must stop
   * returning them (engines that walk `view.ordered` drop them by themselves at the next reorder).
   */
  remove?(view: CatalogueView, slots: ArrayLike<number>): void;
  /**
   * Optional: called once the view has reordered after a load, so an index can do its heavy work
   * (a rebuild) then rather than in the next search.
   */
  prepare?(view: CatalogueView): void;
  /** All matching slots, best tier first, newest first within a tier. */
  find(view: CatalogueView, keyword: string, type?: ContentType): ArrayLike<number>;
}

/** Case- and width-insensitive form shared by titles and keywords. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}
