/**
 * Where a pinyin keyword's matches are, as posting lists. A way of reading the keyword that two or three
 * letters or one or two syllables make is found exactly by lists: two initials by their initials-pair
 * list, three by their triple's list, one syllable by the lists of the characters read so, two by the
 * unit-pair lists of a character read one next to one read the other. Such a way matches from a title's
 * first unit exactly when, for two or three initials, the title is in the pair's or triple's start list,
 * and, for syllables, when the title's lead (its first two undecorated units) spells it, which
 * `ExactWays.starts` tells. Longer ways give supersets (intersections of triple or pair lists:
 * pinyin-lists.ts), each title to be checked but those a chain of characters decides for a cut into
 * three or more syllables (pinyin-chains.ts).
 */
import { initialsPairKey, initialsStartKey, initialsStartPairKey, initialsTripleKey } from '../index/posting-index.js';
import { unionAll } from '../index/posting-lists.js';
import { syllableSplits } from '../query/pinyin.js';
import { decidedByInitials, decidedBySyllables } from './pinyin-chains.js';
import { EMPTY, holdingInitials, holdingSyllables, letterOf, type SyllableHolders, syllablePairKeys, unionOfKeys } from './pinyin-lists.js';
import type { PinyinScratch, SearchContext } from './search-context.js';

/** Beyond this many ways to cut a pinyin keyword into syllables, use the looser first-syllable set. */
const SPLIT_LIMIT = 32;

/** A pinyin keyword's lists. */
export interface PinyinSources {
  /** Lists whose every title matches the keyword somewhere. */
  exact: Int32Array[];
  /** The ways those lists were found by, to tell which of their titles match from the first unit. */
  ways: ExactWays;
  /**
   * Titles that match from the first unit where no lead tells, ascending: of the exact lists (two or
   * three initials), or of the looser ones that the lists prove (four or more initials, a cut into three
   * or more syllables: pinyin-chains.ts).
   */
  starting: Int32Array;
  /**
   * Titles whose lead may begin an exact way, ascending: the start lists of the initials of the ways of
   * two syllables (a lead that spells `hao re` has first two units of initials h and r). Undefined when a
   * way of one syllable leaves every candidate's lead to read.
   */
  leading?: Int32Array;
  /** Supersets of the other matches, each title to be checked. */
  loose: Int32Array[];
  /**
   * Titles of the looser lists that the lists prove match, and not from their first unit by a looser
   * way (pinyin-chains.ts): the further pinyin tier, unless an exact way starts there.
   */
  decided: Int32Array[];
  /** Can the indexed characters spell the keyword as initials (every letter some character's initial)? */
  asInitials: boolean;
  /** Can they spell it in full syllables (some cut of it into their readings)? */
  asSyllables: boolean;
}

const MAX_EXACT_WAYS = 32;

/**
 * Which leads (a title's first two undecorated units) begin one of the exact ways: bit w of first[unit] is
 * set when the unit can be way w's first character, of second[unit] when it can be its second; a way of
 * one syllable needs no second. Two table reads a title, whatever the number of ways. The tables are the
 * search context's (search-context.ts `PinyinScratch`), zero between searches: `clear()` empties them.
 */
export class ExactWays {
  private readonly touched: (readonly number[])[] = [];
  private single = 0;
  private count = 0;
  private readonly first: Uint32Array;
  private readonly second: Uint32Array;

  constructor(scratch: PinyinScratch) {
    this.first = scratch.first;
    this.second = scratch.second;
  }

  /** Notes a way by the characters that can be its first and second; false when there are too many ways already. */
  add(first: readonly number[], second?: readonly number[]): boolean {
    if (this.count === MAX_EXACT_WAYS) return false;
    const bit = 1 << this.count++;
    const firsts = this.first;
    for (const unit of first) firsts[unit] = firsts[unit]! | bit;
    this.touched.push(first);
    if (!second) this.single |= bit;
    else {
      const seconds = this.second;
      for (const unit of second) seconds[unit] = seconds[unit]! | bit;
      this.touched.push(second);
    }
    return true;
  }

  /** No way noted: every title of the lists is checked. */
  get empty(): boolean {
    return this.count === 0;
  }

  /** Does a title with this lead (first << 16 | second) match one of the ways from its first unit? */
  starts(lead: number): boolean {
    return (this.first[lead >>> 16]! & (this.second[lead & 0xffff]! | this.single)) !== 0;
  }

  /** Clears the context's tables: once per search, when its titles are tiered. */
  clear(): void {
    const { first, second } = this;
    for (const units of this.touched) {
      for (const unit of units) {
        first[unit] = 0;
        second[unit] = 0;
      }
    }
  }
}

/** The lists of a pinyin keyword's matches, in buffers of `pool`; `ways.clear()` once they are used. */
export function pinyinSources(context: SearchContext, query: string): PinyinSources {
  const { postings: index, pool } = context;
  const sources: PinyinSources = {
    exact: [],
    ways: new ExactWays(context.pinyin),
    starting: EMPTY,
    loose: [],
    decided: [],
    asInitials: true,
    asSyllables: true,
  };
  for (let at = 0; at < query.length; at++) if (index.unitsWithInitial(letterOf(query, at)).length === 0) sources.asInitials = false;
  let asInitials: Int32Array;
  // Four or more initials: their triples' holders, for `decidedByInitials`.
  let initials: SyllableHolders | undefined;
  if (query.length === 2) {
    const [first, second] = [letterOf(query, 0), letterOf(query, 1)];
    asInitials = index.list(initialsPairKey(first, second), pool);
    sources.exact.push(asInitials);
    sources.starting = index.list(initialsStartPairKey(first, second), pool);
  } else if (query.length === 3) {
    const [first, second, third] = [letterOf(query, 0), letterOf(query, 1), letterOf(query, 2)];
    asInitials = index.list(initialsTripleKey(first, second, third), pool);
    sources.exact.push(asInitials);
    sources.starting = index.list(initialsStartKey(first, second, third), pool);
  } else {
    initials = holdingInitials(context, query);
    asInitials = initials.holders;
    sources.loose.push(asInitials);
  }
  // No title holds the initials' pairs or triples (the usual full-pinyin keyword of seven letters or
  // more): the check of the syllables' candidates leaves initials out, and most units then end no run.
  if (asInitials.length === 0) sources.asInitials = false;
  const syllables = index.syllables();
  const splits = syllableSplits(query, syllables, SPLIT_LIMIT);
  // Every character of the build is in `syllables`: with no cut of the keyword into them, no title spells it so.
  sources.asSyllables = splits?.length !== 0;
  if (!splits) {
    // Too many ways to read it: a full-pinyin match still starts with a character read as a prefix of the query.
    for (const syllable of syllables.keys()) if (query.startsWith(syllable)) sources.loose.push(...index.charsReading(syllable, pool));
    return sources;
  }
  const { spelt, overflow, long, leadKeys } = addSyllableWays(context, sources, splits);
  if (leadKeys && leadKeys.length > 0) sources.leading = unionOfKeys(context, [...new Set(leadKeys)]);
  // Likewise, no title holds the syllables' characters side by side: the check leaves syllables out.
  if (spelt === 0) sources.asSyllables = false;
  // An exact way past the lead tables has no start list: whether it matches from the first unit needs the text.
  if (overflow) return sources;
  const starts = looseStartKeys(query, splits, sources.asInitials);
  const decided = long.map(({ split, found }) => decidedBySyllables(context, split, found, starts));
  if (initials && sources.asInitials) decided.push(decidedByInitials(context, query, initials, starts));
  sources.decided.push(...decided.map(({ further }) => further));
  sources.starting = unionAll([sources.starting, ...decided.map(({ first }) => first)], context.bitset, context.pool);
  return sources;
}

/**
 * Adds the lists of each cut into syllables to `sources`: exact ways for one or two syllables (beyond
 * the ways the lead tables tell apart, a list is checked title by title: `overflow`), a looser list
 * for three or more, each with its holders for `decidedBySyllables`. `spelt`: postings in all.
 */
function addSyllableWays(
  context: SearchContext,
  sources: PinyinSources,
  splits: string[][],
): { spelt: number; overflow: boolean; long: { split: string[]; found: SyllableHolders }[]; leadKeys?: number[] } {
  const syllables = context.postings.syllables();
  const long: { split: string[]; found: SyllableHolders }[] = [];
  let spelt = 0;
  let overflow = false;
  // The start-pair keys of the exact ways' initials, while every exact way is of two syllables.
  let leadKeys: number[] | undefined = [];
  for (const split of splits) {
    const [first, second] = split.map((syllable) => syllables.get(syllable) ?? []);
    let list: Int32Array;
    if (split.length > 2) {
      const found = holdingSyllables(context, split);
      long.push({ split, found });
      list = found.holders;
      sources.loose.push(list);
    } else {
      list = unionOfKeys(context, split.length === 1 ? first! : syllablePairKeys(context.postings, split[0]!, split[1]!).keys);
      if (sources.ways.add(first!, second)) {
        sources.exact.push(list);
        leadKeys = split.length === 1 ? undefined : leadKeys?.concat(initialsStartPairKey(letterOf(split[0]!, 0), letterOf(split[1]!, 0)));
      } else {
        overflow = true;
        sources.loose.push(list);
      }
    }
    spelt += list.length;
  }
  return { spelt, overflow, long, leadKeys };
}

/**
 * The start lists of the looser ways (initials-triples.ts): a title that matches one of them from its
 * first unit has its first three undecorated units' initials in one, the first three letters of the
 * keyword as initials or the initials of a cut's first three syllables.
 */
function looseStartKeys(query: string, splits: string[][], asInitials: boolean): number[] {
  const keys: number[] = [];
  if (asInitials && query.length > 3) keys.push(initialsStartKey(letterOf(query, 0), letterOf(query, 1), letterOf(query, 2)));
  for (const split of splits) {
    if (split.length > 2) keys.push(initialsStartKey(letterOf(split[0]!, 0), letterOf(split[1]!, 0), letterOf(split[2]!, 0)));
  }
  return keys;
}
