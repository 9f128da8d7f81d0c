/**
 * Per-title facts computed once when a title is indexed: its folded text, two flag bits telling whether
 * NFKC or folding changed it (so the literal form is rebuilt only where it differs), and the lengths of
 * its literal and folded cores, which let the exact-title checks skip almost every candidate without
 * building a core. Also the prepared query these are compared with, and the string form of the tier
 * check used for titles not in the built index (`tierOfStrings`, the fast twin of `referenceTier`).
 */
import { pinyinMatch } from './pinyin.js';
import { type SearchQuery, Tier, termsTier } from './search-query.js';
import { coreText, foldText } from './text-forms.js';

export const NFKC_CHANGES = 1;
export const FOLD_CHANGES = 2;
export const LENGTH_CAP = 255;

/** A length as stored in a byte column: exact below 255, 255 for anything longer. */
export function cappedLength(text: string): number {
  return Math.min(text.length, LENGTH_CAP);
}

export interface TitleFacts {
  folded: string;
  flags: number;
  literalCoreLength: number;
  foldedCoreLength: number;
}

export function titleFacts(title: string): TitleFacts {
  const normalized = title.normalize('NFKC');
  const literal = normalized === title ? title : normalized;
  const folded = foldText(literal);
  const foldedCoreLength = cappedLength(coreText(folded));
  return {
    folded,
    flags: (literal === title ? 0 : NFKC_CHANGES) | (folded === literal ? 0 : FOLD_CHANGES),
    literalCoreLength: folded === literal ? foldedCoreLength : cappedLength(coreText(literal)),
    foldedCoreLength,
  };
}

/** The literal (NFKC) form of a title from its flags: the folded text when folding changed nothing. */
export function literalForm(title: string, folded: string, flags: number): string {
  if ((flags & FOLD_CHANGES) === 0) return folded;
  return (flags & NFKC_CHANGES) === 0 ? title : title.normalize('NFKC');
}

/** A query with the code units and capped lengths the tier checks compare against. */
export interface PreparedQuery extends SearchQuery {
  literalUnits: Uint16Array;
  foldedUnits: Uint16Array;
  termUnits: Uint16Array[];
  literalCoreUnits: Uint16Array;
  foldedCoreUnits: Uint16Array;
  literalCoreLength: number;
  foldedCoreLength: number;
  foldInvariant: boolean;
}

export function unitsOf(text: string): Uint16Array {
  const units = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index++) units[index] = text.charCodeAt(index);
  return units;
}

export function prepareQuery(query: SearchQuery): PreparedQuery {
  return {
    ...query,
    literalUnits: unitsOf(query.literal),
    foldedUnits: unitsOf(query.folded),
    termUnits: query.terms.map(unitsOf),
    literalCoreUnits: unitsOf(query.literalCore),
    foldedCoreUnits: unitsOf(query.foldedCore),
    literalCoreLength: cappedLength(query.literalCore),
    foldedCoreLength: cappedLength(query.foldedCore),
    foldInvariant: query.literal === query.folded,
  };
}

/** The best tier of a title given its literal and folded forms and their core lengths, or -1. */
export function tierOfStrings(
  literal: string,
  folded: string,
  literalCoreLength: number,
  foldedCoreLength: number,
  query: PreparedQuery,
): number {
  const at = literal.indexOf(query.literal);
  if (at === 0 && literal.length === query.literal.length) return Tier.EXACT;
  if (query.literalCore !== '' && literalCoreLength === query.literalCoreLength && coreText(literal) === query.literalCore) {
    return Tier.EXACT_CORE;
  }
  if (at >= 0) return at === 0 ? Tier.PREFIX : Tier.CONTAINS;
  if (
    query.foldedCore !== '' ? foldedCoreLength === query.foldedCoreLength && coreText(folded) === query.foldedCore : folded === query.folded
  ) {
    return Tier.FOLDED_EXACT;
  }
  const foldedAt = folded.indexOf(query.folded);
  if (foldedAt >= 0) return foldedAt === 0 ? Tier.FOLDED_PREFIX : Tier.FOLDED_CONTAINS;
  if (query.terms.length > 0) {
    let held = 0;
    for (const term of query.terms) if (folded.includes(term)) held++;
    const tier = termsTier(query, held);
    if (tier >= 0) return tier;
  }
  if (query.pinyin !== '') {
    const place = pinyinMatch(folded, query.pinyin);
    if (place >= 0) return query.pinyinTier + place;
  }
  return -1;
}
