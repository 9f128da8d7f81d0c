/**
 * The matching rules written as plainly as possible: every title of the view, newest first, is placed in
 * its best tier. It is the oracle the indexed engine is tested against (same answer for any titles and
 * keyword), so it keeps no state and takes no shortcuts; it is linear in the catalogue size.
 */
import type { CatalogueView } from '../../../src/catalogue/catalogue-view.js';
import { pinyinMatch } from '../../../src/search/query/pinyin.js';
import { isWeakTerm, parseQuery, type SearchQuery, Tier, termsTier } from '../../../src/search/query/search-query.js';
import type { SearchEngine } from '../../../src/search/search-engine.js';
import { coreText, foldText } from '../../../src/search/text/text-forms.js';
import type { ContentType } from '../../../src/shared/content-types.js';

/** The best tier of a title for a query, or -1 when it does not match. */
export function referenceTier(title: string, query: SearchQuery): number {
  const literal = title.normalize('NFKC');
  const folded = foldText(literal);
  if (literal === query.literal) return Tier.EXACT;
  if (query.literalCore !== '' && coreText(literal) === query.literalCore) return Tier.EXACT_CORE;
  if (literal.startsWith(query.literal)) return Tier.PREFIX;
  if (literal.includes(query.literal)) return Tier.CONTAINS;
  if (query.foldedCore !== '' ? coreText(folded) === query.foldedCore : folded === query.folded) return Tier.FOLDED_EXACT;
  if (folded.startsWith(query.folded)) return Tier.FOLDED_PREFIX;
  if (folded.includes(query.folded)) return Tier.FOLDED_CONTAINS;
  if (query.terms.length > 0) {
    const held = query.terms.filter((term) => folded.includes(term));
    // A title holding only weak terms (one letter or digit) is no some-terms match (issue 34).
    const tier = termsTier(
      query,
      held.length,
      held.some((term) => !isWeakTerm(term)),
    );
    if (tier >= 0) return tier;
  }
  if (query.pinyin !== '') {
    const place = pinyinMatch(folded, query.pinyin);
    if (place >= 0) return query.pinyinTier + place;
  }
  return -1;
}

export class ReferenceSearch implements SearchEngine {
  index(): void {}

  find(view: CatalogueView, keyword: string, type?: ContentType): number[] {
    const query = parseQuery(keyword);
    const tiers: number[][] = Array.from({ length: query.tierCount }, () => []);
    for (const slot of view.ordered({ type })) {
      const tier = referenceTier(view.title(slot), query);
      if (tier >= 0) tiers[tier]?.push(slot);
    }
    return tiers.flat();
  }
}
