/**
 * A keyword prepared once per search, and the relevance tiers every engine ranks by: `Tier` below is the
 * one definition of their order (docs/search.md's table, the README and the OpenAPI description describe
 * it). Literal tiers compare the NFKC title with the keyword as typed; each looser rule has its own tier
 * below all of them, so folding, terms or pinyin can add matches but never push a literal match down.
 */

import { coreText, foldText } from '../text/text-forms.js';
import { pinyinKeyword } from './pinyin.js';

/**
 * Tier numbers in rank order, best first. After SOME_TERMS (one tier per number of terms held, more
 * first: `termsTier`) come the PINYIN_TIERS tiers of a Latin keyword (`SearchQuery.pinyinTier`): the
 * title starts with the spelling, then holds it elsewhere.
 */
export const Tier = {
  /** The title is the keyword. */
  EXACT: 0,
  /** The title is the keyword once punctuation, brackets, spaces and an episode suffix are ignored. */
  EXACT_CORE: 1,
  PREFIX: 2,
  CONTAINS: 3,
  /** As the three above, after case, width and traditional/simplified folding. */
  FOLDED_EXACT: 4,
  FOLDED_PREFIX: 5,
  FOLDED_CONTAINS: 6,
  /** Several space-separated terms, each somewhere in the folded title. */
  ALL_TERMS: 7,
  /** Some of the terms: one tier per number of terms held, more first. */
  SOME_TERMS: 8,
} as const;

/**
 * A match's code where a search keeps its tiers in 16 bits per candidate (rank/answer.ts,
 * rank/classify-candidates.ts): its tier + 1, so that 0 stays free for "no match". Every path that writes
 * or reads a code goes through these two.
 */
export function tierCode(tier: number): number {
  return tier + 1;
}

/** The tier of a match's code (the code of no match, 0, gives -1). */
export function tierOfCode(code: number): number {
  return code - 1;
}

/** The code of a candidate that does not match. */
export const NO_MATCH = 0;

/** Pinyin tiers, last of all: the spelling at the title's start, then elsewhere. */
export const PINYIN_TIERS = 2;

export interface SearchQuery {
  /** The keyword after NFKC and trimming: what literal tiers look for. */
  literal: string;
  literalCore: string;
  /** The folded keyword: what looser tiers look for. */
  folded: string;
  foldedCore: string;
  /** Folded space-separated terms when there are two or more, else empty. */
  terms: string[];
  /** Letters a Latin keyword spells in pinyin, or ''. */
  pinyin: string;
  /** First pinyin tier (title starts with the spelling); the next one holds it elsewhere. */
  pinyinTier: number;
  tierCount: number;
}

/**
 * The query of a keyword. A keyword's shape skips the steps it makes useless: normalising a keyword of
 * ASCII and CJK ideographs only, splitting one without a space, reading one as pinyin that starts with
 * no Latin letter. Each skipped step is code and tables a new keyword's request would find out of the
 * CPU's caches (docs/search.md, "How it is fast").
 */
export function parseQuery(keyword: string): SearchQuery {
  const literal = (isNormalForm(keyword) ? keyword : keyword.normalize('NFKC')).trim();
  const folded = foldText(literal);
  const split = hasSpace(folded) ? folded.split(/\s+/).filter(Boolean) : [];
  const terms = split.length > 1 ? split : [];
  const pinyinTier = Tier.SOME_TERMS + Math.max(0, terms.length - 1);
  return {
    literal,
    literalCore: coreText(literal),
    folded,
    foldedCore: coreText(folded),
    terms,
    pinyin: mayBePinyin(folded) ? pinyinKeyword(folded) : '',
    pinyinTier,
    tierCount: pinyinTier + PINYIN_TIERS,
  };
}

/**
 * Is the text NFKC already because every unit is printable ASCII or a CJK unified ideograph? Neither has
 * a decomposition nor combines with a neighbour, so a text of them only is its own NFKC form.
 */
function isNormalForm(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (!((unit >= 0x20 && unit <= 0x7e) || (unit >= 0x4e00 && unit <= 0x9fff))) return false;
  }
  return true;
}

/** Does the text hold a unit that `\s` matches (the split's separator)? */
function hasSpace(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (isSpace(text.charCodeAt(index))) return true;
  return false;
}

/** The units `\s` matches. */
function isSpace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0xa0) return false;
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}

/**
 * Can `pinyinKeyword` find letters in the folded text? Only when it starts with a Latin letter, an
 * apostrophe or a space, the units it leaves out before its letters.
 */
function mayBePinyin(folded: string): boolean {
  const first = folded.charCodeAt(0);
  return (first >= 0x61 && first <= 0x7a) || first === 0x27 || isSpace(first);
}

/**
 * Tier of a title holding `held` of the query's terms (all: ALL_TERMS), or -1 for none. Below all of them
 * a title must hold a term that is not weak (`strongHeld`): one Latin letter or one digit is in most
 * titles, so `i love you` would otherwise list every title with an `i` (docs/search.md, "Terms").
 */
export function termsTier(query: SearchQuery, held: number, strongHeld: boolean): number {
  if (held === 0) return -1;
  if (held === query.terms.length) return Tier.ALL_TERMS;
  return strongHeld ? Tier.SOME_TERMS + (query.terms.length - 1 - held) : -1;
}

/** A term of one Latin letter or one digit (terms are folded: lower case, half width). */
export function isWeakTerm(term: string): boolean {
  if (term.length !== 1) return false;
  const code = term.charCodeAt(0);
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
}
