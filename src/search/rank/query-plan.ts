/**
 * How one search over a build runs, chosen in one step from the keyword's shape, the type filter and the
 * build's state (built-index.ts then runs it). Every rule that picks a path is here, so what a keyword
 * takes is read in one file. `kind` names the lists the answer comes from:
 *
 * - `unit`: a one-unit keyword that folding leaves alone (`爱`). Every holder of the unit matches; its
 *   marks tier them (rank/short-keywords.ts, tokens/unit-marks.ts).
 * - `changed-unit`: a one-unit keyword that folding changes (`乾`, `Z`). Every holder of its folded unit
 *   matches; its literal holders and marks tier them (rank/short-keywords.ts, tokens/literal-units.ts,
 *   tokens/unit-marks.ts); the whole answer is tiered as `candidates`.
 * - `pair`: a two-unit keyword that is its own core (`总裁`, `總裁`). The pair's holders, tiered by its
 *   marks (rank/short-keywords.ts, tokens/pair-marks.ts); the whole answer is tiered as `candidates`.
 * - `terms`: several terms, no pinyin. Each term's exact holders counted per title
 *   (rank/term-slices.ts for the first matches, rank/term-holders.ts for the whole answer).
 * - `pinyin`: a Latin keyword read as pinyin (rank/pinyin-tiers.ts, rank/pinyin-sources.ts).
 * - `candidates`: any other keyword: the titles holding its rarest lists (rank/candidates.ts), each tiered
 *   (rank/classify-candidates.ts, rank/literal-tiers.ts, rank/unit-tiers.ts).
 * - `none`: a keyword of one term, no pinyin, whose core holds a unit or a pair of neighbouring units that
 *   no title of the build holds. Every literal, folded and core match holds each of them (the keys of
 *   rank/candidates.ts `candidateKeys`), so nothing in the build matches: a keyword of characters no
 *   title uses (most keywords that match nothing) is answered after a few count lookups, without the
 *   sets, lists and buffers of the path it would take.
 *
 * `listsFirst`: the first matches and the exact total come from the lists alone, the whole answer laid
 * out only if a later page asks; never with a type filter, outdated rows in the build or more than
 * MAX_SLICED_TERMS terms. indexed-search.ts takes it only while no title waits in the delta, whose
 * titles the lists do not hold.
 */
import type { PostingIndex } from '../index/posting-index.js';
import { isWeakTerm } from '../query/search-query.js';
import type { PreparedQuery } from '../query/title-forms.js';
import { foldText, isDecoration } from '../text/text-forms.js';
import { neighbourPairKey } from '../tokens/neighbour-pairs.js';
import { unitKey } from '../tokens/unit-keys.js';
import { indexedUnits } from './candidates.js';

/**
 * The most terms the bit slices count (rank/term-slices.ts): those of a 100-character keyword (the API's
 * limit). The slices hold counts up to 15; the few titles holding more terms get the full check.
 */
export const MAX_SLICED_TERMS = 50;

export type QueryPlan =
  | { readonly kind: 'unit'; readonly unit: number; readonly listsFirst: boolean }
  /** The keyword's unit as typed and folded. */
  | { readonly kind: 'changed-unit'; readonly literal: number; readonly folded: number; readonly listsFirst: true }
  /** The keyword's two folded units. */
  | { readonly kind: 'pair'; readonly first: number; readonly second: number; readonly listsFirst: true }
  | { readonly kind: 'terms'; readonly listsFirst: boolean }
  | { readonly kind: 'pinyin' | 'candidates'; readonly listsFirst: false }
  | { readonly kind: 'none'; readonly listsFirst: true };

const NONE: QueryPlan = { kind: 'none', listsFirst: true };

/**
 * The plan of a search for `query` among titles of the type (-1: any) in a build with `staleRows` outdated
 * rows, whose lists are `index`.
 */
export function planQuery(query: PreparedQuery, typeCode: number, staleRows: number, index: PostingIndex): QueryPlan {
  if (heldByNone(query, index)) return NONE;
  const current = staleRows === 0;
  const anyType = typeCode < 0;
  if (servesTerms(query)) return { kind: 'terms', listsFirst: current && anyType && query.terms.length <= MAX_SLICED_TERMS };
  const unit = current ? singleUnitKeyword(query) : -1;
  if (unit >= 0) return { kind: 'unit', unit, listsFirst: anyType };
  const changed = current && anyType ? changedUnitKeyword(query) : -1;
  if (changed >= 0) return { kind: 'changed-unit', literal: changed >>> 16, folded: changed & 0xffff, listsFirst: true };
  const pair = current && anyType ? pairKeyword(query) : -1;
  if (pair >= 0) return { kind: 'pair', first: pair >>> 16, second: pair & 0xffff, listsFirst: true };
  return { kind: query.pinyin !== '' ? 'pinyin' : 'candidates', listsFirst: false };
}

/** Does the terms path serve the query? Several terms, a strong one among them, no pinyin, and every term and the keyword with an indexed unit. */
export function servesTerms(query: PreparedQuery): boolean {
  // Counts are bytes: a keyword of 100 characters (the API's limit) has at most 50 terms.
  if (query.terms.length === 0 || query.terms.length > 255 || query.pinyin !== '') return false;
  // Weak terms are counted only beside a strong one (term-slices.ts, term-holders.ts). Weak terms alone
  // match only where all are held: their lists' intersection decides that (candidates.ts `weakTermHolders`).
  if (query.terms.every(isWeakTerm)) return false;
  if (!indexedUnits(query.foldedCore, foldText(query.literalCore))) return false;
  return query.terms.every((term) => indexedUnits(term) !== undefined);
}

/**
 * The unit of a one-character keyword that folding leaves alone and whose posting list is the only
 * candidate source (no terms, no pinyin), else -1: every candidate then holds it.
 */
export function singleUnitKeyword(query: PreparedQuery): number {
  if (query.literal.length !== 1 || !query.foldInvariant || query.terms.length > 0 || query.pinyin !== '') return -1;
  const unit = query.literal.charCodeAt(0);
  return isDecoration(unit) ? -1 : unit;
}

/**
 * A one-unit keyword that folding changes to one other unit (`乾` → `干`, `Z` → `z`), as literal << 16 |
 * folded, else -1: every holder of the folded unit matches it (rank/short-keywords.ts `firstChangedUnitMatches`).
 */
function changedUnitKeyword(query: PreparedQuery): number {
  const { literal, folded } = query;
  if (literal.length !== 1 || folded.length !== 1 || query.foldInvariant || query.terms.length > 0 || query.pinyin !== '') return -1;
  const literalUnit = literal.charCodeAt(0);
  const foldedUnit = folded.charCodeAt(0);
  return isDecoration(literalUnit) || isDecoration(foldedUnit) ? -1 : ((literalUnit << 16) | foldedUnit) >>> 0;
}

/**
 * A two-unit keyword that is its own core (`总裁`, `總裁`), as the folded pair first << 16 | second, else
 * -1: every match then holds that pair, and its marks tier them (rank/short-keywords.ts `firstPairMatches`).
 */
function pairKeyword(query: PreparedQuery): number {
  const { literal, folded } = query;
  if (literal.length !== 2 || folded.length !== 2 || query.terms.length > 0 || query.pinyin !== '') return -1;
  if (query.literalCore !== literal || query.foldedCore !== folded) return -1;
  const first = folded.charCodeAt(0);
  const second = folded.charCodeAt(1);
  return isDecoration(first) || isDecoration(second) ? -1 : ((first << 16) | second) >>> 0;
}

/**
 * Does the build hold no title that may match a keyword of one term without pinyin? True when its core
 * (folded, as typed folded too) holds an undecorated unit, or a pair of neighbouring ones (decoration
 * between them skipped, as titles' pairs are listed), that no title holds: each is a key every match
 * holds (rank/candidates.ts `candidateKeys`).
 */
function heldByNone(query: PreparedQuery, index: PostingIndex): boolean {
  const core = query.foldedCore;
  if (query.terms.length > 0 || query.pinyin !== '' || foldText(query.literalCore) !== core) return false;
  let previous = -1;
  for (let at = 0; at < core.length; at++) {
    const unit = core.charCodeAt(at);
    if (isDecoration(unit)) continue;
    if (index.count(unitKey(unit)) === 0) return true;
    if (previous >= 0 && index.count(neighbourPairKey(index, previous, unit)) === 0) return true;
    previous = unit;
  }
  return false;
}
