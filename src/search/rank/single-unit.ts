/**
 * A one-unit keyword that folding leaves alone (`爱`, `z`), from posting lists alone. Every title holding
 * the unit matches. One that folding leaves alone and whose core is longer than one unit can be neither
 * the keyword nor the keyword but for decoration, so it is a prefix match when it starts with the unit
 * (its FIRST_UNIT list) and a contains match otherwise. The few others (folding changes them, or their
 * core is one unit or none: the unit's CHECK_ALONE list) get the full check. So a common character's
 * thousands of matches are tiered by walking three ascending lists, with no row or text read for most of
 * them (classifySingle reads each row, one cache miss per match); the build must hold no outdated row.
 */
import type { PostingIndex } from '../index/posting-index.js';
import type { ListPool } from '../index/posting-lists.js';
import type { RankColumns } from '../index/rank-columns.js';
import { ROW, type UnitTitle } from '../index/title-rows.js';
import { CHECK_ALONE, FIRST_UNIT } from '../index/unit-pairs.js';
import { Tier } from '../query/search-query.js';
import type { PreparedQuery } from '../query/title-forms.js';
import { type Classified, generalCode, ofType } from './classify-candidates.js';
import { BLOCK, touchBlock } from './literal-tiers.js';

/** Fills `out` for the unit's holders of the type (-1: any); returns how many. */
export function classifySingleByLists(
  index: PostingIndex,
  columns: RankColumns,
  unit: number,
  typeCode: number,
  query: PreparedQuery,
  title: UnitTitle,
  pool: ListPool,
  out: Classified,
): number {
  const ranks = ofType(index.list(unit, pool), columns.types, typeCode, pool);
  const first = index.list(index.unitPairKey(FIRST_UNIT, unit), pool);
  const checked = index.list(index.unitPairKey(CHECK_ALONE, unit), pool);
  out.reserve(ranks);
  const { codes } = out;
  // Lists first: the checked titles' places are noted, then checked a block at a time, their rows and
  // texts touched first so the cache misses overlap (one full check reads a row and a text).
  const places = pool.take(Math.min(ranks.length, checked.length));
  let toCheck = 0;
  let atFirst = 0;
  let atChecked = 0;
  for (let at = 0; at < ranks.length; at++) {
    const rank = ranks[at] as number;
    while (atChecked < checked.length && (checked[atChecked] as number) < rank) atChecked++;
    if (checked[atChecked] === rank) {
      places[toCheck++] = at;
      continue;
    }
    while (atFirst < first.length && (first[atFirst] as number) < rank) atFirst++;
    codes[at] = first[atFirst] === rank ? Tier.PREFIX + 1 : Tier.CONTAINS + 1;
  }
  const checkedRanks = pool.take(toCheck);
  for (let at = 0; at < toCheck; at++) checkedRanks[at] = ranks[places[at] as number] as number;
  for (let at = 0; at < toCheck; at++) {
    if (at % BLOCK === 0) touchBlock(columns, checkedRanks, at, Math.min(toCheck, at + BLOCK));
    codes[places[at] as number] = generalCode(columns, (checkedRanks[at] as number) * ROW, query, title);
  }
  return ranks.length;
}
