/**
 * Which indexed titles can match a query at all: a superset of the matches, newest first, that the tier
 * check then narrows. Every literal, folded and all-terms match holds each character of the folded core
 * keyword; a some-terms match holds each character of one term; a pinyin match holds neighbouring
 * characters whose initials (or syllables) spell the keyword. A keyword of punctuation only has no
 * character to look up, so every title is a candidate (ALL).
 */

import { initialsPairKey, NO_KEY, type PostingIndex, startInitialKey, startPairKey } from '../index/posting-index.js';
import { ListPool, type RankBitset, unionAll } from '../index/posting-lists.js';
import { syllableSplits } from '../query/pinyin.js';
import type { SearchQuery } from '../query/search-query.js';
import { foldText, isDecoration } from '../text-forms.js';

export const ALL = 'all';
export type Candidates = Int32Array | typeof ALL;

/** A list this many times longer than the candidates left is not decoded (about a text check's cost over a posting's). */
const CHECK_INSTEAD_OF_DECODING = 32;

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
export function holdingAll(index: PostingIndex, keys: Iterable<number>, pool: ListPool, bitset: RankBitset): Int32Array {
  const sorted = [...new Set(keys)].sort((a, b) => index.count(a) - index.count(b));
  let result: Int32Array = new Int32Array(0);
  for (const [position, key] of sorted.entries()) {
    if (position > 0 && result.length === 0) break;
    // Candidates are a superset that the tier check (or term-holders.ts's text check) narrows: once the
    // next list is far longer than what is left, checking those few titles costs less than decoding it
    // whole (a common character's list holds most of the catalogue).
    if (position > 0 && index.count(key) > result.length * CHECK_INSTEAD_OF_DECODING) break;
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
  const textKeys = candidateKeys(index, query.foldedCore, foldText(query.literalCore));
  if (!textKeys) return undefined;
  const sources = [holdingAll(index, textKeys, pool, bitset)];
  for (const term of query.terms) {
    const termKeys = candidateKeys(index, term);
    if (!termKeys) return undefined;
    sources.push(holdingAll(index, termKeys, pool, bitset));
  }
  return sources;
}

/** The candidates of a query, in buffers of `pool` (valid until its next reset). */
export function candidates(index: PostingIndex, query: SearchQuery, bitset: RankBitset, pool: ListPool): Candidates {
  const sources = textSources(index, query, bitset, pool);
  if (!sources) return ALL;
  if (query.pinyin !== '') {
    const pinyin = pinyinSources(index, query.pinyin, pool, bitset, false);
    sources.push(...pinyin.exact, ...pinyin.loose);
  }
  return unionAll(sources, bitset, pool);
}

function letterOf(text: string, at: number): number {
  return text.charCodeAt(at) - 97;
}

/**
 * Where a pinyin keyword's matches are, as posting lists. A way of reading the keyword that two letters
 * or one or two syllables make is found exactly by lists: two initials by their initials-pair list, one
 * syllable by the lists of the characters read so, two by the unit-pair lists of those characters' pairs.
 * Longer ones give a superset (intersections), each title checked. Start marks tell which exact matches
 * begin at the title's first unit (the better pinyin tier): surely, or maybe (then checked).
 */
export interface PinyinSources {
  /** Lists whose every title matches the keyword somewhere. */
  exact: Int32Array[];
  /** Lists of titles that match it from their first undecorated unit. */
  surelyFirst: Int32Array[];
  /** Lists holding every title of `exact` that may match it from its first undecorated unit. */
  maybeFirst: Int32Array[];
  /** Supersets of the other matches, each title to be checked. */
  loose: Int32Array[];
}

/** The initials-pair keys of a string of initials, each neighbouring two. */
function initialsKeys(initials: string): number[] {
  const keys: number[] = [];
  for (let at = 0; at + 1 < initials.length; at++) keys.push(initialsPairKey(letterOf(initials, at), letterOf(initials, at + 1)));
  return keys;
}

/** One list: the union of the keys' lists (decoded one at a time into `scratch`, gathered in `bitset`). */
function unionOfKeys(index: PostingIndex, keys: number[], pool: ListPool, bitset: RankBitset): Int32Array {
  if (keys.length === 1) return index.list(keys[0] as number, pool);
  for (const key of keys) {
    SCRATCH.reset();
    bitset.add(index.list(key, SCRATCH));
  }
  return bitset.drain(pool);
}

const SCRATCH = new ListPool();

/** The unit-pair keys of every character read `first` next to one read `second`, and their postings in all. */
function syllablePairKeys(index: PostingIndex, first: string, second: string): { keys: number[]; postings: number } {
  const syllables = index.syllables();
  const keys: number[] = [];
  let postings = 0;
  for (const one of syllables.get(first) ?? []) {
    for (const two of syllables.get(second) ?? []) {
      const key = index.unitPairKey(one, two);
      if (key === NO_KEY) continue;
      keys.push(key);
      postings += index.count(key);
    }
  }
  return { keys, postings };
}

/** Titles holding, for each neighbouring two syllables of the split, characters so read side by side (or a few more). */
function holdingSyllables(index: PostingIndex, split: string[], pool: ListPool, bitset: RankBitset): Int32Array {
  const pairs = split.slice(1).map((second, at) => syllablePairKeys(index, split[at] as string, second));
  pairs.sort((a, b) => a.postings - b.postings);
  let result: Int32Array = new Int32Array(0);
  for (const [position, { keys, postings }] of pairs.entries()) {
    if (position > 0 && (result.length === 0 || postings > result.length * CHECK_INSTEAD_OF_DECODING)) break;
    const union = unionOfKeys(index, keys, pool, bitset);
    result = position === 0 ? union : intersectSorted(result, union, pool);
  }
  return result;
}

function intersectSorted(a: Int32Array, b: Int32Array, pool: ListPool): Int32Array {
  const out = pool.take(Math.min(a.length, b.length));
  let found = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) out[found++] = x;
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return out.subarray(0, found);
}

/** The lists of a pinyin keyword's matches (start marks only `withStarts`), in buffers of `pool`. */
export function pinyinSources(index: PostingIndex, query: string, pool: ListPool, bitset: RankBitset, withStarts: boolean): PinyinSources {
  const sources: PinyinSources = { exact: [], surelyFirst: [], maybeFirst: [], loose: [] };
  const starts = new Set<number>();
  if (query.length === 2) {
    sources.exact.push(index.list(initialsPairKey(letterOf(query, 0), letterOf(query, 1)), pool));
    if (withStarts) sources.surelyFirst.push(index.startList(startPairKey(letterOf(query, 0), letterOf(query, 1)), pool));
  } else sources.loose.push(holdingAll(index, initialsKeys(query), pool, bitset));
  const syllables = index.syllables();
  const splits = syllableSplits(query, syllables, SPLIT_LIMIT);
  if (!splits) {
    // Too many ways to read it: a full-pinyin match still starts with a character read as a prefix of the query.
    for (const syllable of syllables.keys()) if (query.startsWith(syllable)) sources.loose.push(...index.charsReading(syllable, pool));
    return sources;
  }
  for (const split of splits) {
    const first = letterOf(split[0] as string, 0);
    if (split.length === 1) {
      sources.exact.push(unionOfKeys(index, syllables.get(split[0] as string) ?? [], pool, bitset));
      starts.add(startInitialKey(first));
    } else if (split.length === 2) {
      sources.exact.push(unionOfKeys(index, syllablePairKeys(index, split[0] as string, split[1] as string).keys, pool, bitset));
      starts.add(startPairKey(first, letterOf(split[1] as string, 0)));
    } else sources.loose.push(holdingSyllables(index, split, pool, bitset));
  }
  if (withStarts) for (const key of starts) sources.maybeFirst.push(index.startList(key, pool));
  return sources;
}
