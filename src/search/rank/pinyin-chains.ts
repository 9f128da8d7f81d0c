/**
 * Which titles of a cut of a pinyin keyword into three or more syllables (`jia cang bu zhu`) the lists
 * prove hold it, so that their texts need not be read. The cut's candidates (pinyin-lists.ts
 * `holdingSyllables`) hold a pair of characters for each two neighbouring syllables, not always side by
 * side. One chain of characters, a character per syllable (`甲藏不住`), is taken: a candidate holding
 * each of its neighbour pairs and none of its inner characters twice (repeated-units.ts) holds the chain
 * itself, as chain-holders.ts decides a term of Chinese characters, and so spells the cut. Pairs and
 * pinyin both skip decoration between characters. The chain is the one whose rarest pair is the most
 * held; candidates that hold the cut with other characters are read as before. At a million generated
 * titles such a keyword's 30,000–40,000 candidates are nearly all the chain's holders. Four or more
 * initials are decided likewise, from their triples and the repeat tokens of their inner pairs.
 */
import { initialsRepeatedPairKey, initialsStartKey, NO_KEY, type PostingIndex } from '../index/posting-index.js';
import { repeatedUnitKey } from '../tokens/repeated-units.js';
import { repeatsAnInnerUnit } from './chain-holders.js';
import { EMPTY, heldByNone, initialsKeys, letterOf, type SyllableHolders } from './pinyin-lists.js';
import type { SearchContext } from './search-context.js';

/**
 * Past this many postings a candidate in the lists that exclude titles (inner characters repeated, a
 * loose way's start), the candidates are read instead: a posting decoded costs a few nanoseconds, a
 * candidate's check about 0.1 µs (pinyin-lists.ts).
 */
const EXCLUDING_POSTINGS_PER_CANDIDATE = 16;

/** A chain of characters and the count of its rarest neighbour pair. */
interface Chain {
  units: number[];
  rarest: number;
}

/** Titles the lists decide: matches from the first unit, and matches further on only. */
export interface Decided {
  first: Int32Array;
  further: Int32Array;
}

const NONE: Decided = { first: EMPTY, further: EMPTY };

/**
 * The holders of `split`'s neighbour pairs (pinyin-lists.ts `holdingSyllables`, ascending) that the
 * commonest chain of characters spelling `split` decides. Those whose lead (first two undecorated units)
 * is the chain's first two characters hold the chain from their first unit (its second character is
 * held once): `first`, one 4-byte read each. The others, less
 * those of the `excluded` keys' lists (the loose ways' start lists, whose titles may match from their
 * first unit), match further on only. Titles that start with the keyword (`zhan shen gui lai`,
 * `hui dao ba`: its start list is nearly all its candidates) had all been read. Empty lists when none
 * is decided or the lists to read cost more than the checks they spare.
 */
export function decidedBySyllables(
  context: SearchContext,
  split: string[],
  { holders, within }: SyllableHolders,
  excluded: number[],
): Decided {
  const { postings: index, pool, bitset } = context;
  const chain = commonestChain(index, split);
  if (!chain || repeatsAnInnerUnit(chain.units)) return NONE;
  const { units } = chain;
  let held = holders;
  for (let at = 1; at < units.length && held.length > 0; at++) {
    const key = index.unitPairKey(units[at - 1]!, units[at]!);
    if (!within.includes(key)) held = index.intersect(held, key, pool, bitset);
  }
  if (held.length === 0) return NONE;
  const proven = heldByNoneIfCheap(
    context,
    units.slice(1, -1).map((unit) => repeatedUnitKey(index, unit)),
    held,
  );
  if (proven.length === 0) return NONE;
  // A title that holds the chain from its first unit is in the split's own start list (in `excluded`).
  return {
    first: leadingWith(context, proven, ((units[0]! << 16) | units[1]!) >>> 0),
    further: heldByNoneIfCheap(context, excluded, proven),
  };
}

/** The titles of `ranks` (ascending) not in `removed` (a part of them), through the context's bitset. */
function without({ pool, bitset }: SearchContext, ranks: Int32Array, removed: Int32Array): Int32Array {
  if (removed.length === 0) return ranks;
  bitset.add(removed);
  const bits = bitset.bits;
  const out = pool.take(ranks.length);
  let count = 0;
  for (let at = 0; at < ranks.length; at++) {
    const rank = ranks[at]!;
    out[count] = rank;
    count += 1 - ((bits[rank >>> 5]! >>> (rank & 31)) & 1);
  }
  bitset.clear(removed);
  return out.subarray(0, count);
}

/** The titles of `ranks` whose lead is `lead`. */
function leadingWith({ postings, pool }: SearchContext, ranks: Int32Array, lead: number): Int32Array {
  const { leads } = postings;
  const out = pool.take(ranks.length);
  let count = 0;
  for (let at = 0; at < ranks.length; at++) {
    const rank = ranks[at]!;
    out[count] = rank;
    count += leads[rank] === lead ? 1 : 0;
  }
  return out.subarray(0, count);
}

/**
 * The holders of a string of four or more initials' triples (pinyin-lists.ts `holdingInitials`) that the
 * lists prove hold the string: a title holding triples `mtd` and `tdz` holds the pair `td` in each; when
 * it holds `td` at one place only (no repeat token, initials-pairs.ts), the two triples overlap there and
 * spell `mtdz`. So each inner pair of the string (all but its first and last) held once, and every
 * triple held, decide it. Those in the start list of its first triple spell it from their first unit
 * (`first`: the start triple overlaps the next one likewise); the others, less those of the other loose
 * ways' start lists (`otherStarts`), spell it further on and in no looser way from their first unit
 * (`further`). At a million generated titles most of such a keyword's candidates are its matches, and
 * titles that start with it (`smjcj`, `qynde`) are often all of them: each was read before.
 */
export function decidedByInitials(
  context: SearchContext,
  initials: string,
  { holders, within }: SyllableHolders,
  otherStarts: number[],
): Decided {
  const { postings: index, pool, bitset } = context;
  if (holders.length === 0 || initialsKeys(initials).some((key) => !within.includes(key))) return NONE;
  const inner: number[] = [];
  for (let at = 1; at + 2 < initials.length; at++) inner.push(initialsRepeatedPairKey(letterOf(initials, at), letterOf(initials, at + 1)));
  const proven = heldByNoneIfCheap(context, inner, holders);
  if (proven.length === 0) return NONE;
  const start = initialsStartKey(letterOf(initials, 0), letterOf(initials, 1), letterOf(initials, 2));
  if (index.count(start) === 0) return { first: EMPTY, further: heldByNoneIfCheap(context, otherStarts, proven) };
  // The start list is decoded once: the titles it leaves are further on, but for the other start lists.
  const first = index.intersect(proven, start, pool, bitset);
  const others = otherStarts.filter((key) => key !== start);
  return { first, further: heldByNoneIfCheap(context, others, without(context, proven, first)) };
}

/** The titles of `held` that none of the keys' lists holds; EMPTY when those lists cost more than the checks they spare. */
function heldByNoneIfCheap(context: SearchContext, excluding: number[], held: Int32Array): Int32Array {
  const index = context.postings;
  // Keys no title holds exclude nothing.
  const keys = [...new Set(excluding)].filter((key) => index.count(key) > 0);
  let postings = 0;
  for (const key of keys) postings += index.count(key);
  if (postings > held.length * EXCLUDING_POSTINGS_PER_CANDIDATE) return EMPTY;
  return heldByNone(context, keys, held);
}

/** The chain of characters, one read as each syllable, whose rarest neighbour pair is held most. */
function commonestChain(index: PostingIndex, split: string[]): Chain | undefined {
  const syllables = index.syllables();
  let chains = new Map<number, Chain>();
  for (const unit of syllables.get(split[0]!) ?? []) chains.set(unit, { units: [unit], rarest: Number.POSITIVE_INFINITY });
  for (let at = 1; at < split.length && chains.size > 0; at++) {
    const longer = new Map<number, Chain>();
    for (const [last, chain] of chains) {
      for (const unit of syllables.get(split[at]!) ?? []) {
        const key = index.unitPairKey(last, unit);
        if (key === NO_KEY) continue;
        const rarest = Math.min(chain.rarest, index.count(key));
        if ((longer.get(unit)?.rarest ?? 0) < rarest) longer.set(unit, { units: [...chain.units, unit], rarest });
      }
    }
    chains = longer;
  }
  let best: Chain | undefined;
  for (const chain of chains.values()) if (!best || chain.rarest > best.rarest) best = chain;
  return best;
}
