/**
 * The engine's tier check, on code units in text buffers (built columns or the staging buffer of the
 * delta): the same answer as `referenceTier`, without building strings except for the rare exact-title
 * candidate whose core is 255+ units long. For the usual title that folding leaves unchanged, the
 * literal and folded forms are the same entry, so one scan answers the literal tiers.
 */
import type { UnitTitle } from '../index/title-rows.js';
import { pinyinMatchUnits } from '../query/pinyin.js';
import { isWeakTerm, Tier, termsTier } from '../query/search-query.js';
import { LENGTH_CAP, type PreparedQuery } from '../query/title-forms.js';
import { coreText, isDecoration } from '../text/text-forms.js';

/** Offset of `pattern` in units[start, end) relative to `start`, or -1. */
export function indexOfUnits(units: Uint16Array, start: number, end: number, pattern: Uint16Array): number {
  const length = pattern.length;
  if (length === 0) return 0;
  const first = pattern[0]!;
  const last = end - length;
  search: for (let at = start; at <= last; at++) {
    if (units[at] !== first) continue;
    for (let offset = 1; offset < length; offset++) if (units[at + offset] !== pattern[offset]) continue search;
    return at - start;
  }
  return -1;
}

/** units[start, end) as a string, for the rare checks that need one. */
function textOf(units: Uint16Array, start: number, end: number): string {
  let text = '';
  for (let at = start; at < end; at += 4096) text += String.fromCharCode(...units.subarray(at, Math.min(end, at + 4096)));
  return text;
}

/**
 * Is the core of units[start, end), whose stored core length is `coreLength`, the query's core
 * `coreUnits`? A core is the first `coreLength` undecorated units of the text (the episode suffix comes
 * last), so with equal stored lengths a forward walk decides; a length at the cap compares strings.
 */
export function sameCore(units: Uint16Array, start: number, end: number, coreLength: number, coreUnits: Uint16Array): boolean {
  if (coreLength !== Math.min(coreUnits.length, LENGTH_CAP)) return false;
  if (coreLength === LENGTH_CAP) return coreText(textOf(units, start, end)) === textOf(coreUnits, 0, coreUnits.length);
  let at = start;
  for (let matched = 0; matched < coreLength; matched++, at++) {
    while (at < end && isDecoration(units[at]!)) at++;
    if (at === end || units[at] !== coreUnits[matched]) return false;
  }
  return true;
}

export function tierOfUnits(title: UnitTitle, query: PreparedQuery): number {
  const { literalUnits, literalStart, literalEnd } = title;
  const at = indexOfUnits(literalUnits, literalStart, literalEnd, query.literalUnits);
  if (at === 0 && literalEnd - literalStart === query.literalUnits.length) return Tier.EXACT;
  if (query.literalCore !== '' && sameCore(literalUnits, literalStart, literalEnd, title.literalCoreLength, query.literalCoreUnits)) {
    return Tier.EXACT_CORE;
  }
  if (at >= 0) return at === 0 ? Tier.PREFIX : Tier.CONTAINS;
  const units = title.foldedUnits;
  const start = title.foldedStart;
  const end = title.foldedEnd;
  if (
    query.foldedCore !== ''
      ? sameCore(units, start, end, title.foldedCoreLength, query.foldedCoreUnits)
      : end - start === query.foldedUnits.length && indexOfUnits(units, start, end, query.foldedUnits) === 0
  ) {
    return Tier.FOLDED_EXACT;
  }
  // When neither side changes under folding, the folded search would repeat the literal one.
  const foldedAt = query.foldInvariant && !title.foldChanges ? -1 : indexOfUnits(units, start, end, query.foldedUnits);
  if (foldedAt >= 0) return foldedAt === 0 ? Tier.FOLDED_PREFIX : Tier.FOLDED_CONTAINS;
  return looserTier(units, start, end, query);
}

/** The terms or pinyin tier of the folded title in units[start, end), or -1: the last checks of `tierOfUnits`. */
export function looserTier(units: Uint16Array, start: number, end: number, query: PreparedQuery): number {
  if (query.termUnits.length > 0) {
    let held = 0;
    let strongHeld = false;
    for (const [position, term] of query.termUnits.entries()) {
      if (indexOfUnits(units, start, end, term) < 0) continue;
      held++;
      strongHeld ||= !isWeakTerm(query.terms[position] as string);
    }
    const tier = termsTier(query, held, strongHeld);
    if (tier >= 0) return tier;
  }
  if (query.pinyin !== '') {
    const place = pinyinMatchUnits(units, start, end, query.pinyin);
    if (place >= 0) return query.pinyinTier + place;
  }
  return -1;
}
