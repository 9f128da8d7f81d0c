/**
 * The list operations a pinyin keyword's sources are made of (pinyin-sources.ts): unions of characters'
 * and syllable pairs' lists, the initials triples of a longer keyword or of a cut into three or more
 * syllables, and the narrowing of candidates by a list without merging it. Apart from pinyin-sources.ts,
 * which decides which ways of reading a keyword each list serves.
 */
import { initialsTripleKey, NO_KEY, type PostingIndex } from '../index/posting-index.js';
import type { SearchContext } from './search-context.js';

/**
 * A further list this many times longer than the candidates left is not decoded (as candidates.ts
 * `CHECK_INSTEAD_OF_DECODING`): a pinyin candidate's check, the automata of query/pinyin.ts with its row
 * and text, costs about 0.1 µs. At a million titles 6 and 12 were alike, and 32 slower.
 */
const PINYIN_CHECK_INSTEAD_OF_DECODING = 12;

/** The letter (0 = a) at `at` of a keyword of letters a-z. */
export function letterOf(text: string, at: number): number {
  return text.charCodeAt(at) - 97;
}

/** The initials-triple keys of a string of three or more initials, each neighbouring three. */
export function initialsKeys(initials: string): number[] {
  const keys: number[] = [];
  for (let at = 0; at + 2 < initials.length; at++)
    keys.push(initialsTripleKey(letterOf(initials, at), letterOf(initials, at + 1), letterOf(initials, at + 2)));
  return keys;
}

/** One list: the union of the keys' lists (decoded one at a time into the pinyin scratch's pool, gathered in the bitset). */
export function unionOfKeys({ postings, pool, bitset, pinyin }: SearchContext, keys: number[]): Int32Array {
  if (keys.length === 1) return postings.list(keys[0]!, pool);
  const { lists } = pinyin;
  for (const key of keys) {
    lists.reset();
    bitset.add(postings.list(key, lists));
  }
  return bitset.drain(pool);
}

export const EMPTY = new Int32Array(0);

/** The unit-pair keys of every character read `first` next to one read `second`, and their postings in all. */
export function syllablePairKeys(index: PostingIndex, first: string, second: string): { keys: number[]; postings: number } {
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

/**
 * The ranks of `ranks` (ascending) that any of the keys' lists holds: `ranks` marked in `bitset`, each
 * list decoded and its marked postings set in `held`, then `ranks` read off in order. Draining the union
 * of the lists (often longer than `ranks`) and merging it with `ranks`, a branch per posting that no
 * predictor guesses, had taken most of a long full-pinyin keyword's list work.
 */
function heldByAny(context: SearchContext, keys: number[], ranks: Int32Array): Int32Array {
  // One list: kept while decoded, in one pass.
  if (keys.length === 1) return context.postings.intersect(ranks, keys[0]!, context.pool, context.bitset);
  return ranksHeld(context, keys, ranks, 1);
}

/** The ranks of `ranks` (ascending) that none of the keys' lists holds, as `heldByAny` finds them. */
export function heldByNone(context: SearchContext, keys: number[], ranks: Int32Array): Int32Array {
  return ranksHeld(context, keys, ranks, 0);
}

/** The ranks of `ranks` that some key's list holds (`held` 1) or that none holds (0). */
function ranksHeld({ postings, pool, bitset, pinyin }: SearchContext, keys: number[], ranks: Int32Array, held: 0 | 1): Int32Array {
  if (ranks.length === 0 || (keys.length === 0 && held === 0)) return ranks;
  const { lists } = pinyin;
  bitset.add(ranks);
  const marks = bitset.bits;
  const found = pinyin.held.bits;
  const last = ranks[ranks.length - 1]!;
  for (const key of keys) {
    lists.reset();
    const list = postings.list(key, lists);
    for (let at = 0; at < list.length; at++) {
      const rank = list[at]!;
      if (rank > last) break;
      const word = rank >>> 5;
      found[word] = found[word]! | (marks[word]! & (1 << (rank & 31)));
    }
  }
  bitset.clear(ranks);
  const out = pool.take(ranks.length);
  const dropped = held ^ 1;
  let count = 0;
  for (let at = 0; at < ranks.length; at++) {
    const rank = ranks[at]!;
    out[count] = rank;
    count += ((found[rank >>> 5]! >>> (rank & 31)) & 1) ^ dropped;
  }
  pinyin.held.clear(ranks);
  return out.subarray(0, count);
}

/**
 * Titles holding every triple of a string of four or more initials (or a few more), the rarest list first
 * (as candidates.ts `holdingAll`), and the triples whose lists were intersected: all of them, unless a
 * list far longer than the titles left was not decoded.
 */
export function holdingInitials(context: SearchContext, initials: string): SyllableHolders {
  const { postings, pool, bitset } = context;
  const keys = [...new Set(initialsKeys(initials))].sort((a, b) => postings.count(a) - postings.count(b));
  let holders: Int32Array = EMPTY;
  const within: number[] = [];
  for (const [position, key] of keys.entries()) {
    if (position > 0 && (holders.length === 0 || postings.count(key) > holders.length * PINYIN_CHECK_INSTEAD_OF_DECODING)) break;
    holders = position === 0 ? postings.list(key, pool) : postings.intersect(holders, key, pool, bitset);
    within.push(key);
  }
  return { holders, within };
}

/** The titles `holdingSyllables` finds, and the unit-pair keys whose lists hold every one of them. */
export interface SyllableHolders {
  holders: Int32Array;
  within: number[];
}

/**
 * Titles holding the cut of three or more syllables (or a few more): for each neighbouring two syllables,
 * the unit-pair lists of every character read one next to one read the other, the rarest pair's union
 * first and each further one kept where the candidates hold it. The triples of the syllables' initials
 * (one list each, built ahead) were tried instead: at a million generated titles they found as many
 * titles for `zhuiqihuozang` (40,002) and took no less time, and 27,000 more for `shafengle` (67,667
 * titles spell sfl, 39,885 sha-feng-le), and a list's count does not tell which gives fewer.
 */
export function holdingSyllables(context: SearchContext, split: string[]): SyllableHolders {
  const pairs = split.slice(1).map((second, at) => syllablePairKeys(context.postings, split[at]!, second));
  pairs.sort((a, b) => a.postings - b.postings);
  let holders: Int32Array = EMPTY;
  const within: number[] = [];
  for (const [position, { keys, postings: count }] of pairs.entries()) {
    if (position > 0 && (holders.length === 0 || count > holders.length * PINYIN_CHECK_INSTEAD_OF_DECODING)) break;
    holders = position === 0 ? unionOfKeys(context, keys) : heldByAny(context, keys, holders);
    if (keys.length === 1) within.push(keys[0]!);
  }
  return { holders, within };
}
