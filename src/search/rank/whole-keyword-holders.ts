/**
 * Which holders of a several-term keyword may stand in a tier above the terms' counts (the whole
 * keyword's text, or its core with an episode suffix), so that only those get the full check and every
 * other holder is tiered by its count alone (term-slices.ts; docs/search.md, "Several terms, counted
 * bit-sliced").
 */
import type { PostingIndex } from '../index/posting-index.js';
import { type ListPool, unionOfTwo } from '../index/posting-lists.js';
import { ROW, ROW_FACTS } from '../index/title-rows.js';
import { foldedCoreOf, literalCoreOf, type PreparedQuery } from '../query/title-forms.js';
import { foldText, isDecoration } from '../text/text-forms.js';
import { PAIR_CHECK } from '../tokens/pair-marks.js';
import { CHECK_ALONE } from '../tokens/unit-marks.js';
import { candidateKeys, holdingAll, TEXT_CHECK_INSTEAD_OF_DECODING } from './candidates.js';
import { BLOCK, touchRows } from './literal-tiers.js';
import type { SearchContext } from './search-context.js';
import { wholeHolders } from './term-holders.js';

/** What the terms' counts tell of a title (term-counts.ts `SlicedTermCounts`). */
export interface CountedTerms {
  /** Whether the title at `rank` is counted as holding `terms` terms (or may be: 0 terms, past 15). */
  holdsAll(rank: number, terms: number): boolean;
  /** How many 32-rank words hold a count past one (what `holdingEvery` walks). */
  passedOne(): number;
  /** The titles counted as holding `terms` terms, ascending, in the pool. */
  holdingEvery(terms: number, pool: ListPool): Int32Array;
}

/**
 * The titles that may be in a tier above the terms' ones, ascending: those holding the whole keyword's
 * text (tiers 1, 3, 4, 6, 7), and those holding its core's units whose stored core length is the
 * keyword's (tiers 2 and 5). The core leaves out an episode suffix, so for `宠上天 78集` every title
 * holding `宠上天` holds the core: the rows filter them (`sameCoreHolders`), the full check reads text.
 * A title holding the keyword's text holds each term's (folding goes code point by code point), so only
 * titles the slices count as holding every term are read for it, found from the slices' words where a
 * count passed one when those are fewer than the rarest pair list's postings (`宠上天 70集`: a few hundred
 * titles, where that list gave thousands), else that list's titles so counted. A surrogate may fold with
 * its neighbour outside the keyword: a keyword holding one keeps every holder of its pair lists.
 */
export function checkedHolders(context: SearchContext, query: PreparedQuery, slices: CountedTerms): Int32Array {
  const { postings: index, pool, bitset: marks } = context;
  const every = hasSurrogate(query.literal) ? 0 : query.terms.length;
  // Without an episode suffix the core's units are the keyword's: every holder may hold its text.
  if (undecorated(query.folded) === query.foldedCore.length && undecorated(query.literal) === query.literalCore.length) {
    return mayHoldWhole(context, query, wholeHolders(context, query), (rank) => slices.holdsAll(rank, every));
  }
  const core = sameCoreHolders(context, query);
  const keys = [...new Set(candidateKeys(index, query.folded, foldText(query.literal)) ?? [])].sort(
    (a, b) => index.count(a) - index.count(b),
  );
  const rarest = keys.length > 0 ? index.count(keys[0]!) : Number.POSITIVE_INFINITY;
  let text: Int32Array;
  if (every > 0 && slices.passedOne() <= rarest) text = narrowed(context, slices.holdingEvery(every, pool), keys);
  else {
    text = holdingAll(index, keys, pool, marks, TEXT_CHECK_INSTEAD_OF_DECODING);
    text = keptIn(text, (rank) => slices.holdsAll(rank, every));
  }
  return unionOfTwo(core, text, pool);
}

/**
 * The holders of a keyword without a suffix (in place) that may reach a tier above the terms' ones:
 * those counted as holding every term (`holdsAll`), and those whose stored core length is the keyword's.
 * Each other one is tiered by its count, its row read but not its text.
 */
function mayHoldWhole(context: SearchContext, query: PreparedQuery, holders: Int32Array, holdsAll: (rank: number) => boolean): Int32Array {
  const { rows } = context.columns;
  return keptIn(holders, (rank) => {
    if (holdsAll(rank)) return true;
    return sameCoreLength(rows[rank * ROW + ROW_FACTS]!, query);
  });
}

/** The ranks (in place) that `keep` keeps. */
function keptIn(ranks: Int32Array, keep: (rank: number) => boolean): Int32Array {
  let kept = 0;
  for (let at = 0; at < ranks.length; at++) if (keep(ranks[at]!)) ranks[kept++] = ranks[at]!;
  return ranks.subarray(0, kept);
}

/** `ranks` less those missing a key's list (`keys` rarest first), each list read only while it is not far longer than what is left. */
function narrowed({ postings: index, pool, bitset }: SearchContext, ranks: Int32Array, keys: number[]): Int32Array {
  let left = ranks;
  for (const key of keys) {
    if (left.length === 0 || index.count(key) > left.length * TEXT_CHECK_INSTEAD_OF_DECODING) break;
    left = index.intersect(left, key, pool, bitset);
  }
  return left;
}

function hasSurrogate(text: string): boolean {
  for (let at = 0; at < text.length; at++) if ((text.charCodeAt(at) & 0xf800) === 0xd800) return true;
  return false;
}

/**
 * The holders of the keyword's core whose stored core length is its own (ascending, in the pool). Kept
 * in the context's core cache by the core: distinct keywords share a title's core with other episode
 * suffixes (`美又飒 98集`, `美又飒 97集`), and each read the same rows (40,000 for `美又飒`, none kept).
 */
function sameCoreHolders(context: SearchContext, query: PreparedQuery): Int32Array {
  const { postings: index, columns, pool, coreCache } = context;
  const key = JSON.stringify([query.foldedCore, query.literalCore, query.foldedCoreLength, query.literalCoreLength]);
  const cached = coreCache.get(key, pool);
  if (cached) return cached;
  const core = shortCoreHolders(index, query, pool) ?? wholeHolders(context, query);
  const { rows } = columns;
  let kept = 0;
  for (let at = 0; at < core.length; at++) {
    if (at % BLOCK === 0) touchRows(context, core, at, Math.min(core.length, at + BLOCK));
    const rank = core[at]!;
    if (sameCoreLength(rows[rank * ROW + ROW_FACTS]!, query)) core[kept++] = rank;
  }
  coreCache.set(key, core.subarray(0, kept), core.length);
  return core.subarray(0, kept);
}

/**
 * For a core of one or two units (`了 68集`, `总裁 第2集`): the holders of its units whose own core may be
 * as short, which the index lists already. A title with a core of one unit (or two) is under CHECK_ALONE
 * for its first unit (or PAIR_CHECK for its first pair, tokens/unit-marks.ts, tokens/pair-marks.ts), the
 * only one its core can be, so that mark's list holds every holder whose core may equal this one, and a
 * few hundred rows are read instead of every holder's (162,000 for `了`).
 * Undefined for longer cores, whose holders are few.
 */
function shortCoreHolders(index: PostingIndex, query: PreparedQuery, pool: ListPool): Int32Array | undefined {
  const core = query.foldedCore;
  if (foldText(query.literalCore) !== core || Math.max(query.literalCoreLength, query.foldedCoreLength) > core.length) return undefined;
  if (core.length === 1) return index.list(index.unitPairKey(CHECK_ALONE, core.charCodeAt(0)), pool);
  if (core.length === 2) return index.list(index.pairMarkKey(PAIR_CHECK, core.charCodeAt(0), core.charCodeAt(1)), pool);
  return undefined;
}

/** Units of the text that are not decoration. */
function undecorated(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) if (!isDecoration(text.charCodeAt(at))) count++;
  return count;
}

/** Whether a title's stored core length (its row's facts), as typed or folded, is the keyword's: it may be an exact core match. */
function sameCoreLength(facts: number, query: PreparedQuery): boolean {
  return literalCoreOf(facts) === query.literalCoreLength || foldedCoreOf(facts) === query.foldedCoreLength;
}
