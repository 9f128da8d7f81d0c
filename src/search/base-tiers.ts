/**
 * The tier check for titles in the built index, reading code units straight from the rank columns: no
 * string is built except for the rare exact-title candidate whose core has the keyword core's length.
 * For the usual title that folding leaves unchanged, the literal and folded forms are the same units.
 */
import { pinyinMatchUnits } from './pinyin.js';
import { type RankColumns, ROW_FLAGS, ROW_FOLDED_CORE, ROW_LITERAL_CORE, type TextColumn } from './rank-columns.js';
import { Tier, termsTier } from './search-query.js';
import { coreText, isDecoration } from './text-forms.js';
import { FOLD_CHANGES, LENGTH_CAP, type PreparedQuery } from './title-forms.js';

/** Offset of `pattern` in units[start, end) relative to `start`, or -1. */
export function indexOfUnits(units: Uint16Array, start: number, end: number, pattern: Uint16Array): number {
  const length = pattern.length;
  if (length === 0) return 0;
  const first = pattern[0] as number;
  const last = end - length;
  search: for (let at = start; at <= last; at++) {
    if (units[at] !== first) continue;
    for (let offset = 1; offset < length; offset++) if (units[at + offset] !== pattern[offset]) continue search;
    return at - start;
  }
  return -1;
}

/**
 * Is the core of the text at `rank` the query's core? A core is the first `coreLength` undecorated units
 * of the text (the episode suffix comes last), so with equal stored lengths a forward walk decides; only
 * cores of 255+ units, whose stored length is capped, build strings.
 */
function sameCore(
  column: TextColumn,
  rank: number,
  coreLength: number,
  wantedLength: number,
  core: string,
  coreUnits: Uint16Array,
): boolean {
  if (coreLength !== wantedLength) return false;
  if (coreLength === LENGTH_CAP) return coreText(column.text(rank)) === core;
  const { units } = column;
  const end = column.offsets[rank + 1] as number;
  let at = column.offsets[rank] as number;
  for (let matched = 0; matched < coreLength; matched++, at++) {
    while (at < end && isDecoration(units[at] as number)) at++;
    if (at === end || units[at] !== coreUnits[matched]) return false;
  }
  return true;
}

export function tierOfRank(columns: RankColumns, rank: number, query: PreparedQuery): number {
  const { folded, rows } = columns;
  const foldChanges = ((rows[rank * 4 + ROW_FLAGS] as number) & FOLD_CHANGES) !== 0;
  // Titles that folding leaves unchanged are their own literal form.
  const literal = foldChanges ? columns.literal : folded;
  const literalStart = literal.offsets[rank] as number;
  const literalEnd = literal.offsets[rank + 1] as number;
  const at = indexOfUnits(literal.units, literalStart, literalEnd, query.literalUnits);
  if (at === 0 && literalEnd - literalStart === query.literalUnits.length) return Tier.EXACT;
  if (
    query.literalCore !== '' &&
    sameCore(literal, rank, rows[rank * 4 + ROW_LITERAL_CORE] as number, query.literalCoreLength, query.literalCore, query.literalCoreUnits)
  ) {
    return Tier.EXACT_CORE;
  }
  if (at >= 0) return at === 0 ? Tier.PREFIX : Tier.CONTAINS;
  const { units } = folded;
  const start = folded.offsets[rank] as number;
  const end = folded.offsets[rank + 1] as number;
  if (
    query.foldedCore !== ''
      ? sameCore(folded, rank, rows[rank * 4 + ROW_FOLDED_CORE] as number, query.foldedCoreLength, query.foldedCore, query.foldedCoreUnits)
      : end - start === query.foldedUnits.length && indexOfUnits(units, start, end, query.foldedUnits) === 0
  ) {
    return Tier.FOLDED_EXACT;
  }
  // When neither side changes under folding, the folded search would repeat the literal one.
  const foldedAt = query.foldInvariant && !foldChanges ? -1 : indexOfUnits(units, start, end, query.foldedUnits);
  if (foldedAt >= 0) return foldedAt === 0 ? Tier.FOLDED_PREFIX : Tier.FOLDED_CONTAINS;
  if (query.termUnits.length > 0) {
    let held = 0;
    for (const term of query.termUnits) if (indexOfUnits(units, start, end, term) >= 0) held++;
    const tier = termsTier(query, held);
    if (tier >= 0) return tier;
  }
  if (query.pinyin !== '') {
    const place = pinyinMatchUnits(units, start, end, query.pinyin);
    if (place >= 0) return query.pinyinTier + place;
  }
  return -1;
}
