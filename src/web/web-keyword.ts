/**
 * What the web page searches for when a visitor's keyword breaks the API's rule (docs/web.md, "Pages"):
 * the API answers 400 to `繁花 (2023)`, a page should search `繁花 2023` and say so. Characters the API
 * refuses become spaces, runs of spaces one, and the result is cut to the API's length; the API itself
 * keeps its rule. Also what a search that found nothing can suggest instead.
 */
import { FORBIDDEN_KEYWORD_CHARACTERS, KEYWORD_MAX } from '../catalogue/query-params.js';

const FORBIDDEN_EVERYWHERE = new RegExp(FORBIDDEN_KEYWORD_CHARACTERS.source, 'g');

export interface WebKeyword {
  /** What is searched: empty when nothing searchable was typed. */
  keyword: string;
  /** Whether that differs from what the visitor typed (beyond case-free normalisation and trimming). */
  adjusted: boolean;
}

export function webKeyword(typed: string): WebKeyword {
  const normal = typed.normalize('NFKC').trim();
  const cleaned = normal.replace(FORBIDDEN_EVERYWHERE, ' ').replace(/\s+/g, ' ').trim();
  const keyword = [...cleaned].slice(0, KEYWORD_MAX).join('').trim();
  return { keyword, adjusted: keyword !== normal };
}

/** A shorter keyword worth trying when nothing matched: the first of several terms, else the first half. */
export function shorterKeyword(keyword: string): string | undefined {
  const terms = keyword.split(' ');
  if (terms.length > 1) return terms[0];
  const characters = [...keyword];
  if (characters.length < 4) return undefined;
  return characters.slice(0, Math.ceil(characters.length / 2)).join('');
}
