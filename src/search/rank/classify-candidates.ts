/**
 * Places the built index's candidates in their tiers: the hot loop of a search, bound by memory at a
 * million titles. Most candidates are tiered by the code-only loops of literal-tiers.ts; the rest go
 * through the full check (`tierOfUnits`), or only its terms and pinyin part when the literal loop has
 * ruled out the others, in a second loop of their own. Tiers are counted afterwards, and the slots
 * placed in tier order. Codes and slots go to buffers reused from search to search.
 */

import { NO_KEY } from '../index/posting-index.js';
import type { ListPool } from '../index/posting-lists.js';
import { describeRow, ROW, ROW_FACTS, ROW_FOLDED_LENGTH, ROW_TEXT_START } from '../index/title-rows.js';
import { NO_MATCH, Tier, tierCode, tierOfCode } from '../query/search-query.js';
import { type PreparedQuery, STALE } from '../query/title-forms.js';
import { foldText } from '../text/text-forms.js';
import { PAIR_CHECK } from '../tokens/pair-marks.js';
import { TieredAnswer } from './answer.js';
import { candidateKeys, holdingAll, onlyWeakTerms, TEXT_CHECK_INSTEAD_OF_DECODING } from './candidates.js';
import type { Classified } from './classified.js';
import { BLOCK, classifyOneTerm, classifySingle, DEFERRED, LOOSER, touchTexts } from './literal-tiers.js';
import { singleUnitKeyword } from './query-plan.js';
import type { SearchContext } from './search-context.js';
import { looserTier, tierOfUnits } from './unit-tiers.js';

const ALL_TERMS = tierCode(Tier.ALL_TERMS);

/** Candidate ranks of the type (all of them when typeCode < 0): a tight pass over the one-byte type column. */
export function ofType(ranks: Int32Array, types: Uint8Array, typeCode: number, pool: ListPool): Int32Array {
  if (typeCode < 0) return ranks;
  const out = pool.take(ranks.length);
  let count = 0;
  for (let index = 0; index < ranks.length; index++) {
    const rank = ranks[index]!;
    if (types[rank] === typeCode) out[count++] = rank;
  }
  return out.subarray(0, count);
}

/** Fills `out` (the context's `classified`, or another buffer) for candidates [0, ranks.length). */
export function classifyCandidates(context: SearchContext, ranks: Int32Array, query: PreparedQuery, out: Classified): void {
  out.reserve(ranks);
  const { codes } = out;
  const single = singleUnitKeyword(query);
  let deferred = ranks.length;
  if (single >= 0) deferred = classifySingle(context, ranks, single, codes);
  else if (onlyWeakTerms(query) && query.pinyin === '' && context.columns.staleRows === 0)
    deferred = classifyWeakTerms(context, ranks, query, codes);
  // With several terms, nearly every candidate lacks the whole keyword and needs the terms check anyway.
  else if (query.terms.length === 0 && (query.foldInvariant || query.pinyin === ''))
    deferred = classifyOneTerm(context, ranks, query, codes);
  else codes.fill(DEFERRED, 0, ranks.length);
  // The full check for the candidates the loops above left to it, in a loop of its own (a call inside
  // those loops, even one rarely taken, made them several times slower).
  if (deferred > 0) checkLeft(context, ranks, query, { codes, left: deferred });
}

/**
 * The full check, or only its terms and pinyin part (LOOSER), of the `left` candidates whose codes are
 * LOOSER or above. Unless every candidate is left, they are gathered first and touched a block of them
 * at a time: scattered among the others (`２ ２`: 5,000 of 237,000), a block held one or two, and their
 * rows' and texts' misses came one at a time.
 */
export function checkLeft(
  context: SearchContext,
  ranks: Int32Array,
  query: PreparedQuery,
  { codes, left }: { codes: Uint16Array; left: number },
): void {
  let checked = ranks;
  let places: Int32Array | undefined;
  if (left < ranks.length) {
    places = context.pool.take(left);
    checked = context.pool.take(left);
    let count = 0;
    for (let index = 0; index < ranks.length; index++) {
      if (codes[index]! < LOOSER) continue;
      places[count] = index;
      checked[count++] = ranks[index]!;
    }
  }
  const { rows, units } = context.columns;
  for (let at = 0; at < checked.length; at++) {
    if (at % BLOCK === 0) touchTexts(context, checked, at, Math.min(checked.length, at + BLOCK));
    const index = places ? places[at]! : at;
    const row = checked[at]! * ROW;
    if (codes[index] === DEFERRED) codes[index] = generalCode(context, row, query);
    else {
      const start = rows[row + ROW_TEXT_START]!;
      codes[index] = tierCode(looserTier(units, start, start + rows[row + ROW_FOLDED_LENGTH]!, query));
    }
  }
}

/**
 * A keyword of weak terms only (`２ ２`), whose candidates are exactly its matches (candidates.ts
 * `weakTermHolders`): each is in the all-terms tier unless it may hold the whole keyword, literally or
 * folded (`mayHoldWeakKeyword`). Those are left to the full check; the rest (at a million titles,
 * 237,000 of `２ ２`) get their code without a read of their row or text.
 */
function classifyWeakTerms(context: SearchContext, ranks: Int32Array, query: PreparedQuery, codes: Uint16Array): number {
  const { bitset } = context;
  const whole = mayHoldWeakKeyword(context, query);
  bitset.add(whole);
  const bits = bitset.bits;
  let deferred = 0;
  for (let index = 0; index < ranks.length; index++) {
    const rank = ranks[index]!;
    if ((bits[rank >>> 5]! & (1 << (rank & 31))) === 0) codes[index] = ALL_TERMS;
    else {
      codes[index] = DEFERRED;
      deferred++;
    }
  }
  bitset.clear(whole);
  return deferred;
}

/**
 * The titles that may hold a weak-terms keyword whole: those holding its lists. For two terms whose core
 * is their two units (`２ ２`: `22`), only the titles under the pair's PAIR_CHECK mark: a title holding
 * the keyword holds the pair across decoration, and one whose core may equal the keyword's has a core
 * of two units and is under the mark for its first pair (tokens/pair-marks.ts); the other holders hold
 * the pair only side by side (`2022`). At a million titles that leaves far fewer rows and texts to read
 * (docs/search.md, "Known limits").
 */
function mayHoldWeakKeyword({ postings, pool, bitset }: SearchContext, query: PreparedQuery): Int32Array {
  const core = query.foldedCore;
  const twoUnitCore =
    query.terms.length === 2 &&
    core.length === 2 &&
    foldText(query.literalCore) === core &&
    Math.max(query.literalCoreLength, query.foldedCoreLength) <= core.length;
  const checkKey = twoUnitCore ? postings.pairMarkKey(PAIR_CHECK, core.charCodeAt(0), core.charCodeAt(1)) : NO_KEY;
  if (checkKey !== NO_KEY) return postings.list(checkKey, pool);
  const keys = candidateKeys(postings, core, foldText(query.literalCore)) ?? [];
  return holdingAll(postings, keys, pool, bitset, TEXT_CHECK_INSTEAD_OF_DECODING);
}

/** The code (query/search-query.ts `tierCode`) of the title whose row starts at `row`, by the full check (NO_MATCH: no match or outdated row). */
export function generalCode({ columns, title }: SearchContext, row: number, query: PreparedQuery): number {
  const { rows, units } = columns;
  if ((rows[row + ROW_FACTS]! & STALE) !== 0) return NO_MATCH;
  return tierCode(tierOfUnits(describeRow(rows, units, row, title), query));
}

/**
 * Matches per tier among candidates [0, count). Four tables of counts, each candidate in turn to the
 * next: runs of one code (most of them) had made each count wait for the one before it.
 */
export function countTiers(codes: Uint16Array, count: number, counts: Int32Array): void {
  const size = counts.length + 1;
  const perCode = new Int32Array(size * 4);
  let index = 0;
  for (; index + 3 < count; index += 4) {
    const a = codes[index]!;
    const b = size + codes[index + 1]!;
    const c = 2 * size + codes[index + 2]!;
    const d = 3 * size + codes[index + 3]!;
    perCode[a] = perCode[a]! + 1;
    perCode[b] = perCode[b]! + 1;
    perCode[c] = perCode[c]! + 1;
    perCode[d] = perCode[d]! + 1;
  }
  for (; index < count; index++) perCode[codes[index]!] = perCode[codes[index]!]! + 1;
  for (let tier = 0; tier < counts.length; tier++) {
    const code = tierCode(tier);
    counts[tier] = perCode[code]! + perCode[size + code]! + perCode[2 * size + code]! + perCode[3 * size + code]!;
  }
}

/** Writes each matching candidate's slot at its tier's next free place (`order`: rank → slot). */
export function placeByTier(result: Int32Array, starts: Int32Array, classified: Classified, count: number, order: Int32Array): void {
  const { codes, ranks } = classified;
  const cursor = starts.slice();
  for (let index = 0; index < count; index++) {
    const code = codes[index]!;
    if (code === NO_MATCH) continue;
    const tier = tierOfCode(code);
    const at = cursor[tier]!;
    result[at] = order[ranks[index]!]!;
    cursor[tier] = at + 1;
  }
}

/** The matches among candidates [0, count) as an answer of their own (copied: the buffers are reused). */
export function answerOf(classified: Classified, count: number, counts: Int32Array, order: Int32Array): TieredAnswer {
  let total = 0;
  for (const tierCount of counts) total += tierCount;
  // Every candidate matched (the usual case of one-character and several-term keywords): copied whole, at memory speed.
  if (total === count) return new TieredAnswer(classified.codes.slice(0, count), classified.ranks.slice(0, count), counts, order);
  const codes = new Uint16Array(total);
  const ranks = new Int32Array(total);
  const from = classified.codes;
  let at = 0;
  for (let index = 0; index < count; index++) {
    const code = from[index]!;
    if (code === NO_MATCH) continue;
    codes[at] = code;
    ranks[at++] = classified.ranks[index]!;
  }
  return new TieredAnswer(codes, ranks, counts, order);
}
