/**
 * The one layout of a title's row, shared by the built columns (rank-columns.ts, one row per rank) and
 * the staged delta (staged-titles.ts, one row per staged title): three int32s naming where the title's
 * texts start, its packed facts (title-forms.ts) and its folded length. (A built row's slot is the
 * build's order at its rank: searches map ranks to slots only for the page they show.) Texts sit back to back
 * in row order (the folded title, then the literal one when folding changes it), so a row's texts end
 * where the next row's start; the row after the last holds only that end. Hot loops index the rows with
 * these offsets directly; `describeRow` points the tier check at a row's texts.
 */
import { FOLD_CHANGES, foldedCoreOf, literalCoreOf } from '../query/title-forms.js';
import { CHECK_PAIRS, CHECK_UNITS } from '../tokens/title-scan.js';

/** Where a build reads the titles it has to fold (the catalogue view). */
export interface TitleSource {
  title(slot: number): string;
}

/** Int32s per row. */
export const ROW = 3;
/** Where the row's folded text starts in the units (its literal text, if any, follows it). */
export const ROW_TEXT_START = 0;
/** Packed facts: flags, core lengths, first folded unit. */
export const ROW_FACTS = 1;
/** Units of the folded text. */
export const ROW_FOLDED_LENGTH = 2;

/** Writes a row at `row` (an index into `rows`, a multiple of ROW). */
export function writeRow(rows: Int32Array, row: number, textStart: number, facts: number, foldedLength: number): void {
  rows[row + ROW_TEXT_START] = textStart;
  rows[row + ROW_FACTS] = facts;
  rows[row + ROW_FOLDED_LENGTH] = foldedLength;
}

/** A title as the tier check reads it: where its folded and literal code units are, and its core lengths. */
export interface UnitTitle {
  foldedUnits: Uint16Array;
  foldedStart: number;
  foldedEnd: number;
  /** The folded range again when folding changes nothing. */
  literalUnits: Uint16Array;
  literalStart: number;
  literalEnd: number;
  foldChanges: boolean;
  literalCoreLength: number;
  foldedCoreLength: number;
}

/** An empty title to reuse for every check (so checking a row allocates nothing). */
export function emptyUnitTitle(): UnitTitle {
  const none = new Uint16Array(0);
  return {
    foldedUnits: none,
    foldedStart: 0,
    foldedEnd: 0,
    literalUnits: none,
    literalStart: 0,
    literalEnd: 0,
    foldChanges: false,
    literalCoreLength: 0,
    foldedCoreLength: 0,
  };
}

/** Points `title` at the texts of the row at `row`; the literal text, when kept, runs to the next row's start. */
export function describeRow(rows: Int32Array, units: Uint16Array, row: number, title: UnitTitle): UnitTitle {
  const facts = rows[row + ROW_FACTS]!;
  const start = rows[row + ROW_TEXT_START]!;
  const foldChanges = (facts & FOLD_CHANGES) !== 0;
  title.foldedUnits = units;
  title.foldedStart = start;
  title.foldedEnd = start + rows[row + ROW_FOLDED_LENGTH]!;
  title.literalUnits = units;
  title.literalStart = foldChanges ? title.foldedEnd : start;
  title.literalEnd = foldChanges ? rows[row + ROW + ROW_TEXT_START]! : title.foldedEnd;
  title.foldChanges = foldChanges;
  title.literalCoreLength = literalCoreOf(facts);
  title.foldedCoreLength = foldedCoreOf(facts);
  return title;
}

/**
 * Which keywords must check this title one by one, as its core is as short as they are (it may be
 * exact): CHECK_UNITS (one-unit keywords, tokens/unit-marks.ts), CHECK_PAIRS (two-unit ones, tokens/pair-marks.ts).
 */
export function titleChecks(facts: number, foldedLength: number): number {
  const shortest = Math.min(foldedLength, literalCoreOf(facts), foldedCoreOf(facts));
  return (shortest <= 1 ? CHECK_UNITS : 0) | (shortest <= 2 ? CHECK_PAIRS : 0);
}
