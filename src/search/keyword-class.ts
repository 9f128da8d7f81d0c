/**
 * The class a search keyword falls in for the search-time metric: the index's cost depends on how
 * long a keyword is in characters (one character reads one posting list, longer ones intersect), on
 * whether it is Latin (pinyin and initials are looked up too) and on whether it has several terms.
 */
/** The classes the search-time metric is labelled with (docs/operations.md). */
export const KEYWORD_CLASSES = ['cjk_1', 'cjk_2', 'cjk_3_plus', 'latin', 'several_terms'] as const;
export type KeywordClass = (typeof KEYWORD_CLASSES)[number];

const LATIN = /^[\p{Script=Latin}\d\s\p{P}]+$/u;

export function keywordClass(keyword: string): KeywordClass {
  const text = keyword.trim();
  if (/\s/.test(text)) return 'several_terms';
  if (LATIN.test(text)) return 'latin';
  const length = [...text].length;
  return length <= 1 ? 'cjk_1' : length === 2 ? 'cjk_2' : 'cjk_3_plus';
}
