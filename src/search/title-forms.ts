/**
 * Per-title facts computed once when a title is indexed: its literal (NFKC) and folded texts, a flag
 * telling whether folding changed it (so the literal form is kept only where it differs),
 * and the lengths of its literal and folded cores, which let the exact-title checks skip almost every
 * candidate at once. Also the prepared query these are compared with.
 */
import type { SearchQuery } from './search-query.js';
import { coreLength, foldText } from './text-forms.js';

/** Flag: folding changes the title, so its literal form is kept beside the folded one. */
export const FOLD_CHANGES = 1;
export const LENGTH_CAP = 255;

/** A length as stored in a byte column: exact below 255, 255 for anything longer. */
export function cappedLength(text: string): number {
  return Math.min(text.length, LENGTH_CAP);
}

function cappedCoreLength(text: string): number {
  return Math.min(coreLength(text), LENGTH_CAP);
}

export interface TitleFacts {
  literal: string;
  folded: string;
  flags: number;
  literalCoreLength: number;
  foldedCoreLength: number;
}

export function titleFacts(title: string): TitleFacts {
  const normalized = title.normalize('NFKC');
  const literal = normalized === title ? title : normalized;
  const folded = foldText(literal);
  const foldedCoreLength = cappedCoreLength(folded);
  return {
    literal,
    folded,
    flags: folded === literal ? 0 : FOLD_CHANGES,
    literalCoreLength: folded === literal ? foldedCoreLength : cappedCoreLength(literal),
    foldedCoreLength,
  };
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
