/**
 * Which indexed titles can match a query at all: a superset of the matches, newest first, that the tier
 * check then narrows. Every literal, folded and all-terms match holds each character of the folded core
 * keyword; a some-terms match holds each character of one term (a pinyin match: pinyin-sources.ts). A
 * keyword of punctuation only has no
 * character to look up, so every title is a candidate (ALL).
 */

import type { PostingIndex } from '../index/posting-index.js';
import type { ListPool, RankBitset } from '../index/posting-lists.js';
import { unionAll } from '../index/posting-lists.js';
import { isWeakTerm, type SearchQuery } from '../query/search-query.js';
import { foldText, isDecoration } from '../text/text-forms.js';
import { neighbourPairKey } from '../tokens/neighbour-pairs.js';
import { unitKey } from '../tokens/unit-keys.js';

export const ALL = 'all';
export type Candidates = Int32Array | typeof ALL;

/**
 * A list this many times longer than the candidates left is not decoded: about what checking a candidate
 * costs over decoding a posting. A pinyin candidate's check reads its characters' readings (about a
 * microsecond); a text check reads a row and a text a block at a time, their misses overlapping, and
 * costs about 8 postings' decoding: at 32, 3-10-character keywords spent more in intersections than in
 * the checks they spared (docs/search.md, "How it is fast").
 */
export const CHECK_INSTEAD_OF_DECODING = 32;
export const TEXT_CHECK_INSTEAD_OF_DECODING = 8;

/** The indexed (non-decoration) code units every one of the texts holds; undefined when none. */
export function indexedUnits(...texts: string[]): Set<number> | undefined {
  let common: Set<number> | undefined;
  for (const text of texts) {
    const units = new Set<number>();
    for (let index = 0; index < text.length; index++) {
      const unit = text.charCodeAt(index);
      if (!isDecoration(unit)) units.add(unit);
    }
    common = common ? new Set([...common].filter((unit) => units.has(unit))) : units;
  }
  return common && common.size > 0 ? common : undefined;
}

/** The pairs of neighbouring undecorated units of a text (decoration between them skipped), as first << 16 | second. */
function unitPairsOf(text: string): Set<number> {
  const pairs = new Set<number>();
  let previous = -1;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (isDecoration(unit)) continue;
    if (previous >= 0) pairs.add(((previous << 16) | unit) >>> 0);
    previous = unit;
  }
  return pairs;
}

/**
 * The posting keys every title holding any of the texts' cores holds (the texts are forms of one
 * keyword): the unit pairs common to all of them, and the common units no such pair covers. A pair's list
 * is never longer than either unit's, and for two common characters far shorter. Undefined when the
 * texts have no indexed unit in common.
 */
export function candidateKeys(index: PostingIndex, ...texts: string[]): number[] | undefined {
  const units = indexedUnits(...texts);
  if (!units) return undefined;
  let common: Set<number> | undefined;
  for (const text of texts) {
    const pairs = unitPairsOf(text);
    common = common ? new Set([...common].filter((pair) => pairs.has(pair))) : pairs;
  }
  const keys: number[] = [];
  for (const pair of common ?? []) {
    keys.push(neighbourPairKey(index, pair >>> 16, pair & 0xffff));
    units.delete(pair >>> 16);
    units.delete(pair & 0xffff);
  }
  for (const unit of units) keys.push(unitKey(unit));
  return keys;
}

/**
 * Titles holding every key, or a few more: the rarest list is decoded, each further one (rarer first)
 * streamed against what is left (through the bitset), stopping as soon as nothing is, or as soon as the
 * next list is far longer than what is left.
 */
export function holdingAll(
  index: PostingIndex,
  keys: Iterable<number>,
  pool: ListPool,
  bitset: RankBitset,
  checkInsteadOfDecoding = CHECK_INSTEAD_OF_DECODING,
): Int32Array {
  const sorted = [...new Set(keys)].sort((a, b) => index.count(a) - index.count(b));
  let result: Int32Array = new Int32Array(0);
  for (const [position, key] of sorted.entries()) {
    if (position > 0 && result.length === 0) break;
    // Candidates are a superset that the tier check (or term-holders.ts's text check) narrows: once the
    // next list is far longer than what is left, checking those few titles costs less than decoding it
    // whole (a common character's list holds most of the catalogue).
    if (position > 0 && index.count(key) > result.length * checkInsteadOfDecoding) break;
    result = position === 0 ? index.list(key, pool) : index.intersect(result, key, pool, bitset);
  }
  return result;
}

/**
 * The candidate lists of the query's literal, folded and terms tiers (every title that may reach a tier
 * above pinyin is in one); undefined when the keyword or a term has no indexed unit (every title is then a
 * candidate).
 */
export function textSources(index: PostingIndex, query: SearchQuery, bitset: RankBitset, pool: ListPool): Int32Array[] | undefined {
  // With weak terms only, every match holds them all, the whole keyword's matches too.
  if (onlyWeakTerms(query)) return [weakTermHolders(index, query, pool, bitset)];
  const textKeys = candidateKeys(index, query.foldedCore, foldText(query.literalCore));
  if (!textKeys) return undefined;
  const sources = [holdingAll(index, textKeys, pool, bitset, TEXT_CHECK_INSTEAD_OF_DECODING)];
  // A weak term alone places no title in a terms tier (search-query.ts): beside a strong term, which every
  // terms match then holds, its holders are not candidates.
  const skipWeak = query.terms.some((term) => !isWeakTerm(term));
  for (const term of query.terms) {
    if (skipWeak && isWeakTerm(term)) continue;
    const termKeys = candidateKeys(index, term);
    if (!termKeys) return undefined;
    sources.push(holdingAll(index, termKeys, pool, bitset, TEXT_CHECK_INSTEAD_OF_DECODING));
  }
  return sources;
}

/** Several terms, each weak (one letter or digit: search-query.ts `isWeakTerm`). */
export function onlyWeakTerms(query: SearchQuery): boolean {
  return query.terms.length > 0 && query.terms.every(isWeakTerm);
}

/**
 * The titles holding every term of a keyword of weak terms only (`２ ２`, `a 1`): exactly its matches, as
 * no title holding some of them matches (search-query.ts `termsTier`). A weak term's key is its unit, whose
 * list is exactly its holders, so the lists are intersected in full, never cut short as `holdingAll` may.
 */
export function weakTermHolders(index: PostingIndex, query: SearchQuery, pool: ListPool, bitset: RankBitset): Int32Array {
  const keys = query.terms.map((term) => unitKey(term.charCodeAt(0)));
  return holdingAll(index, keys, pool, bitset, Number.POSITIVE_INFINITY);
}

/** The candidates of a query without pinyin (pinyin-tiers.ts adds those), in buffers of `pool` (valid until its next reset). */
export function candidates(index: PostingIndex, query: SearchQuery, bitset: RankBitset, pool: ListPool): Candidates {
  const sources = textSources(index, query, bitset, pool);
  if (!sources) return ALL;
  return unionAll(sources, bitset, pool);
}
