/**
 * A Latin keyword of two or more letters (also pinyin) from posting lists, as far as they decide. Its
 * pinyin matches are mostly found exactly by lists (candidates.ts, `pinyinSources`): `zc` is every title
 * in the zc initials-pair list, `zongcai` every title in the unit-pair list of a character read zong next
 * to one read cai. Such a title can reach a tier above pinyin only when it is a candidate of those tiers
 * too, so the others are tiered by the start marks alone: the first pinyin tier when they surely match
 * from their first unit, the second when they cannot; only the few that may are checked. Each check reads
 * a row and a text and runs the readings (about a microsecond); a two-letter keyword's tens of thousands of
 * matches had cost tens of milliseconds. The rest (candidates of the higher tiers, supersets from longer
 * readings, titles that may match from their first unit) get the usual check. The build must hold no
 * outdated row (a title tiered by lists has its row unread).
 */
import type { PostingIndex } from '../index/posting-index.js';
import { type ListPool, type RankBitset, unionAll } from '../index/posting-lists.js';
import type { RankColumns } from '../index/rank-columns.js';
import type { UnitTitle } from '../index/title-rows.js';
import type { PreparedQuery } from '../query/title-forms.js';
import { pinyinSources, textSources } from './candidates.js';
import { Classified, classifyCandidates, ofType } from './classify-candidates.js';

/** Candidates checked one by one, tiered in a buffer of their own before their codes join the answer's. */
const checked = new Classified();

/** Fills `out` for the query's candidates of the type (-1: any); returns how many, or -1 when lists cannot serve it. */
export function classifyPinyinByLists(
  index: PostingIndex,
  columns: RankColumns,
  query: PreparedQuery,
  typeCode: number,
  title: UnitTitle,
  pool: ListPool,
  bitset: RankBitset,
  out: Classified,
): number {
  if (columns.staleRows > 0) return -1;
  const text = textSources(index, query, bitset, pool);
  if (!text) return -1;
  const pinyin = pinyinSources(index, query.pinyin, pool, bitset, true);
  const toCheck = unionAll([...text, ...pinyin.loose], bitset, pool);
  const exact = unionAll(pinyin.exact, bitset, pool);
  const surelyFirst = unionAll(pinyin.surelyFirst, bitset, pool);
  const maybeFirst = unionAll(pinyin.maybeFirst, bitset, pool);
  const ranks = ofType(unionAll([toCheck, exact], bitset, pool), columns.types, typeCode, pool);
  out.reserve(ranks);
  const { codes } = out;
  const first = query.pinyinTier + 1;
  const places = pool.take(ranks.length);
  let checks = 0;
  let atCheck = 0;
  let atSurely = 0;
  let atMaybe = 0;
  for (let at = 0; at < ranks.length; at++) {
    const rank = ranks[at] as number;
    while (atCheck < toCheck.length && (toCheck[atCheck] as number) < rank) atCheck++;
    while (atSurely < surelyFirst.length && (surelyFirst[atSurely] as number) < rank) atSurely++;
    while (atMaybe < maybeFirst.length && (maybeFirst[atMaybe] as number) < rank) atMaybe++;
    if (toCheck[atCheck] === rank || (surelyFirst[atSurely] !== rank && maybeFirst[atMaybe] === rank)) places[checks++] = at;
    else codes[at] = surelyFirst[atSurely] === rank ? first : first + 1;
  }
  if (checks === 0) return ranks.length;
  const checkedRanks = pool.take(checks);
  for (let at = 0; at < checks; at++) checkedRanks[at] = ranks[places[at] as number] as number;
  classifyCandidates(columns, checkedRanks, query, title, checked);
  for (let at = 0; at < checks; at++) codes[places[at] as number] = checked.codes[at] as number;
  return ranks.length;
}
