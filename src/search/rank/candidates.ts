/**
 * Which indexed titles can match a query at all: a superset of the matches, newest first, that the tier
 * check then narrows. Every literal, folded and all-terms match holds each character of the folded core
 * keyword; a some-terms match holds each character of one term; a pinyin match holds neighbouring
 * characters whose initials (or syllables) spell the keyword. A keyword of punctuation only has no
 * character to look up, so every title is a candidate (ALL).
 */

import { initialsPairKey, type PostingIndex } from '../index/posting-index.js';
import type { ListPool, RankBitset } from '../index/posting-lists.js';
import { unionAll } from '../index/posting-lists.js';
import { syllableSplits } from '../query/pinyin.js';
import type { SearchQuery } from '../query/search-query.js';
import { foldText, isDecoration } from '../text-forms.js';

export const ALL = 'all';
export type Candidates = Int32Array | typeof ALL;

/**
 * A list this many times longer than the candidates left is not decoded: about what checking a candidate
 * costs over decoding a posting. A pinyin candidate's check reads its characters' readings (about a
 * microsecond); a text check reads a row and a text a block at a time, their misses overlapping, and
 * costs about 8 postings' decoding: at 32, 3-10-character keywords spent more in intersections than in
 * the checks they spared (docs/search.md, "How it is fast").
 */
const PINYIN_CHECK_INSTEAD_OF_DECODING = 32;
export const TEXT_CHECK_INSTEAD_OF_DECODING = 8;

/** Beyond this many ways to cut a pinyin keyword into syllables, use the looser first-syllable set. */
const SPLIT_LIMIT = 32;

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
    keys.push(index.unitPairKey(pair >>> 16, pair & 0xffff));
    units.delete(pair >>> 16);
    units.delete(pair & 0xffff);
  }
  keys.push(...units);
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
  checkInsteadOfDecoding = TEXT_CHECK_INSTEAD_OF_DECODING,
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

/** The candidates of a query, in buffers of `pool` (valid until its next reset). */
export function candidates(index: PostingIndex, query: SearchQuery, bitset: RankBitset, pool: ListPool): Candidates {
  const sources: Int32Array[] = [];
  const textKeys = candidateKeys(index, query.foldedCore, foldText(query.literalCore));
  if (!textKeys) return ALL;
  sources.push(holdingAll(index, textKeys, pool, bitset));
  for (const term of query.terms) {
    const termKeys = candidateKeys(index, term);
    if (!termKeys) return ALL;
    sources.push(holdingAll(index, termKeys, pool, bitset));
  }
  if (query.pinyin !== '') sources.push(...pinyinSources(index, query.pinyin, pool, bitset));
  return unionAll(sources, bitset, pool);
}

function letterOf(text: string, at: number): number {
  return text.charCodeAt(at) - 97;
}

/** Titles whose neighbouring characters have these initials, in this order. */
function holdingInitials(index: PostingIndex, initials: string, pool: ListPool, bitset: RankBitset): Int32Array[] {
  if (initials.length === 1) return index.charsWithInitial(letterOf(initials, 0), pool);
  const keys: number[] = [];
  for (let at = 0; at + 1 < initials.length; at++) keys.push(initialsPairKey(letterOf(initials, at), letterOf(initials, at + 1)));
  return [holdingAll(index, keys, pool, bitset, PINYIN_CHECK_INSTEAD_OF_DECODING)];
}

function pinyinSources(index: PostingIndex, query: string, pool: ListPool, bitset: RankBitset): Int32Array[] {
  const sources = holdingInitials(index, query, pool, bitset);
  const syllables = index.syllables();
  const splits = syllableSplits(query, new Set(syllables.keys()), SPLIT_LIMIT);
  if (!splits) {
    // Too many ways to read it: a full-pinyin match still starts with a character read as a prefix of the query.
    for (const syllable of syllables.keys()) if (query.startsWith(syllable)) sources.push(...index.charsReading(syllable, pool));
    return sources;
  }
  for (const split of splits) {
    if (split.length === 1) sources.push(...index.charsReading(split[0] as string, pool));
    else sources.push(...holdingInitials(index, split.map((syllable) => syllable[0]).join(''), pool, bitset));
  }
  return sources;
}
