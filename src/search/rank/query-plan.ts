/**
 * How one search over a build runs, chosen in one step from the keyword's shape, the type filter and the
 * build's state (built-index.ts then runs it). `kind` names the lists the answer comes from:
 *
 * - `unit`: a one-unit keyword that folding leaves alone (`爱`). Every holder of the unit matches; its
 *   marks tier them (rank/single-unit.ts, tokens/unit-marks.ts).
 * - `changed-unit`: a one-unit keyword that folding changes (`乾`, `Z`). Every holder of its folded unit
 *   matches; its literal holders and marks tier them (rank/single-unit.ts, tokens/literal-units.ts,
 *   tokens/unit-marks.ts); the whole answer is tiered as `candidates`.
 * - `pair`: a two-unit keyword that is its own core (`总裁`, `總裁`). The pair's holders, tiered by its
 *   marks (rank/single-unit.ts, tokens/pair-marks.ts); the whole answer is tiered as `candidates`.
 * - `terms`: several terms, no pinyin. Each term's exact holders counted per title
 *   (rank/term-slices.ts for the first matches, rank/term-holders.ts for the whole answer).
 * - `pinyin`: a Latin keyword read as pinyin (rank/pinyin-tiers.ts, rank/pinyin-sources.ts).
 * - `candidates`: any other keyword: the titles holding its rarest lists (rank/candidates.ts), each tiered
 *   (rank/classify-candidates.ts, rank/literal-tiers.ts, rank/unit-tiers.ts).
 *
 * `listsFirst`: the first matches and the exact total come from the lists alone, the whole answer laid
 * out only if a later page asks; never with a type filter, outdated rows in the build or more than
 * MAX_SLICED_TERMS terms. indexed-search.ts takes it only while no title waits in the delta, whose
 * titles the lists do not hold.
 */
import type { PreparedQuery } from '../query/title-forms.js';
import { changedUnitKeyword, pairKeyword, singleUnitKeyword } from './literal-tiers.js';
import { servesTerms } from './term-holders.js';
import { MAX_SLICED_TERMS } from './term-slices.js';

export interface QueryPlan {
  readonly kind: 'unit' | 'changed-unit' | 'pair' | 'terms' | 'pinyin' | 'candidates';
  /**
   * The keyword's unit (`unit`), its literal and folded units as literal << 16 | folded (`changed-unit`),
   * or its folded pair as first << 16 | second (`pair`); -1 otherwise.
   */
  readonly key: number;
  readonly listsFirst: boolean;
}

/** The plan of a search for `query` among titles of the type (-1: any) in a build with `staleRows` outdated rows. */
export function planQuery(query: PreparedQuery, typeCode: number, staleRows: number): QueryPlan {
  const current = staleRows === 0;
  const anyType = typeCode < 0;
  if (servesTerms(query)) return { kind: 'terms', key: -1, listsFirst: current && anyType && query.terms.length <= MAX_SLICED_TERMS };
  const unit = current ? singleUnitKeyword(query) : -1;
  if (unit >= 0) return { kind: 'unit', key: unit, listsFirst: anyType };
  const changedUnit = current && anyType ? changedUnitKeyword(query) : -1;
  if (changedUnit >= 0) return { kind: 'changed-unit', key: changedUnit, listsFirst: true };
  const pair = current && anyType ? pairKeyword(query) : -1;
  if (pair >= 0) return { kind: 'pair', key: pair, listsFirst: true };
  return { kind: query.pinyin !== '' ? 'pinyin' : 'candidates', key: -1, listsFirst: false };
}
