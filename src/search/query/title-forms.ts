/**
 * Per-title facts computed once when a title is indexed: its literal (NFKC) and folded texts, a flag
 * telling whether folding changed it (so the literal form is kept only where it differs), the lengths
 * of its literal and folded cores, which let the exact-title checks skip almost every candidate at once,
 * and its first folded unit, which is all a one-character keyword needs besides them. Also the prepared
 * query these are compared with.
 */

import { coreLength, foldText } from '../text/text-forms.js';
import type { SearchQuery } from './search-query.js';

/** Flag: folding changes the title, so its literal form is kept beside the folded one. */
export const FOLD_CHANGES = 1;
/** Flag set on a built row whose slot was indexed again after the build: the row is outdated. */
export const STALE = 2;
/** Core lengths are stored in 7 bits: exact below 127, 127 for anything longer (then compared as strings). */
export const LENGTH_CAP = 127;

/** A title's facts in one int32: flags (2 bits), literal and folded core lengths (7 bits each), first folded unit (16 bits). */
export function packFacts(flags: number, literalCore: number, foldedCore: number, firstUnit: number): number {
  return flags | (literalCore << 2) | (foldedCore << 9) | (firstUnit << 16);
}
export const literalCoreOf = (facts: number): number => (facts >>> 2) & LENGTH_CAP;
export const foldedCoreOf = (facts: number): number => (facts >>> 9) & LENGTH_CAP;
export const firstUnitOf = (facts: number): number => facts >>> 16;

/** A length as stored: exact below LENGTH_CAP, LENGTH_CAP for anything longer. */
export function cappedLength(text: string): number {
  return Math.min(text.length, LENGTH_CAP);
}

function cappedCoreLength(text: string): number {
  return Math.min(coreLength(text), LENGTH_CAP);
}

export interface TitleFacts {
  literal: string;
  folded: string;
  /** Packed as by packFacts. */
  facts: number;
}

/** The facts of a title, through strings (staging takes this way only for titles its unit tables do not cover). */
export function titleFacts(title: string): TitleFacts {
  const normalized = title.normalize('NFKC');
  const literal = normalized === title ? title : normalized;
  const folded = foldText(literal);
  const foldedCore = cappedCoreLength(folded);
  const literalCore = folded === literal ? foldedCore : cappedCoreLength(literal);
  const first = folded.length > 0 ? folded.charCodeAt(0) : 0;
  return { literal, folded, facts: packFacts(folded === literal ? 0 : FOLD_CHANGES, literalCore, foldedCore, first) };
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

function unitsOf(text: string): Uint16Array {
  const units = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index++) units[index] = text.charCodeAt(index);
  return units;
}

/**
 * Lists every field rather than spreading `query`: objects made by spread got a new hidden class per
 * search here, and every search then deoptimised the hot loops that had been compiled for the last one.
 * A form equal to another shares its units (none is written to): most keywords are their own folded
 * form and core, and each array less is an allocation less in every search.
 */
export function prepareQuery(query: SearchQuery): PreparedQuery {
  const literalUnits = unitsOf(query.literal);
  const foldedUnits = query.folded === query.literal ? literalUnits : unitsOf(query.folded);
  const literalCoreUnits = query.literalCore === query.literal ? literalUnits : unitsOf(query.literalCore);
  const foldedCoreUnits =
    query.foldedCore === query.folded ? foldedUnits : query.foldedCore === query.literalCore ? literalCoreUnits : unitsOf(query.foldedCore);
  return {
    literal: query.literal,
    literalCore: query.literalCore,
    folded: query.folded,
    foldedCore: query.foldedCore,
    terms: query.terms,
    pinyin: query.pinyin,
    pinyinTier: query.pinyinTier,
    tierCount: query.tierCount,
    literalUnits,
    foldedUnits,
    termUnits: query.terms.map(unitsOf),
    literalCoreUnits,
    foldedCoreUnits,
    literalCoreLength: cappedLength(query.literalCore),
    foldedCoreLength: cappedLength(query.foldedCore),
    foldInvariant: query.literal === query.folded,
  };
}
