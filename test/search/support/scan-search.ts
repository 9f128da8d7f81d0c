/**
 * The engine before the index (only for comparison: a property test holds the indexed answer's prefix to
 * it, and bench/experiments/search-index.ts times it): a scan over NFKC lower-cased titles, newest first, in its
 * own four tiers (exact, prefix, contains, all terms). Linear in the catalogue size.
 */
import type { CatalogueView } from '../../../src/catalogue/catalogue-view.js';
import type { SearchEngine } from '../../../src/search/search-engine.js';
import type { ContentType } from '../../../src/shared/content-types.js';

const EXACT = 0;
const PREFIX = 1;
const CONTAINS = 2;
const ALL_TERMS = 3;
const TIERS = 4;

export class ScanSearch implements SearchEngine {
  private readonly folded: string[] = [];

  index(view: CatalogueView, slots: ArrayLike<number>): void {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as number;
      this.folded[slot] = nfkcLowerCase(view.title(slot));
    }
  }

  find(view: CatalogueView, keyword: string, type?: ContentType): number[] {
    const folded = nfkcLowerCase(keyword);
    const terms = folded.split(/\s+/).filter(Boolean);
    const tiers: number[][] = Array.from({ length: TIERS }, () => []);
    const order = view.ordered({ type });
    for (let i = 0; i < order.length; i++) {
      const slot = order[i] as number;
      const tier = tierOf(this.folded[slot] as string, folded, terms);
      if (tier >= 0) tiers[tier]?.push(slot);
    }
    return tiers.flat();
  }
}

function tierOf(title: string, keyword: string, terms: string[]): number {
  const at = title.indexOf(keyword);
  if (at === 0) return title.length === keyword.length ? EXACT : PREFIX;
  if (at > 0) return CONTAINS;
  if (terms.length > 1 && terms.every((term) => title.includes(term))) return ALL_TERMS;
  return -1;
}

/** NFKC then lower case: this scan's only folding (no width or traditional/simplified folding of its own). */
function nfkcLowerCase(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}
