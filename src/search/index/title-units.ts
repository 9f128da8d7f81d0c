/**
 * Folds a title into code units with its packed facts without building strings, for the usual title: one
 * pass through a table that gives for each unit its folded form, whether NFKC maps it (itself, or e.g.
 * the ASCII form of a full-width unit, when NFKC maps it that way in any company) and whether it is
 * decoration. A title with a unit the table does not cover (compatibility forms, combining marks,
 * surrogates, multi-unit folds) is left to the string route of `titleFacts` (region-writer.ts takes it),
 * with the same result. At a million titles this saves a `normalize()` call, strings and a facts object
 * per title, and a pass over the units to count the core.
 */
import { FOLD_CHANGES, LENGTH_CAP, packFacts } from '../query/title-forms.js';
import { suffixStartOfUnits } from '../text/episode-suffix.js';
import { coreLengthOfUnits, foldUnit, isDecoration } from '../text/text-forms.js';

/**
 * Units whose NFKC forms are looked up: ASCII, Latin-1, general punctuation, CJK punctuation and kana, CJK
 * ideographs, full width forms. None of them composes with the unit before it (the Hangul and Indic
 * starters that do lie outside), and every unit with a non-zero combining class is a mark.
 */
const COVERED_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2010, 0x205e],
  [0x3000, 0x30ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xff01, 0xffef],
];
const MARK = /\p{M}/u;

function inRanges(unit: number): boolean {
  return COVERED_RANGES.some(([low, high]) => unit >= low! && unit <= high!);
}

/** Does NFKC leave the unit alone wherever it stands: a covered unit, not a mark, its own NFKC form? */
export function isStableUnit(unit: number): boolean {
  if (!inRanges(unit) || unit >= 0xff01) return false;
  const char = String.fromCharCode(unit);
  return char.normalize('NFKC') === char && !MARK.test(char);
}

/** Bits of a covered unit's entry in UNIT_FORMS, above its folded unit (bits 0-15). */
const NORMALIZES = 1 << 16; // NFKC maps it to another unit (LITERAL_UNIT holds which)
const FOLDS = 1 << 17; // its folded unit differs from its NFKC image
const PLAIN_SHIFT = 18; // bit set when its folded unit is not decoration (it counts toward the core)
/** Per unit: its folded unit and those bits when covered; -3 when not covered; -1 not looked up yet. */
const UNIT_FORMS = new Int32Array(0x10000).fill(-1);
/** Per covered unit: its NFKC image. */
const LITERAL_UNIT = new Int32Array(0x10000);

/**
 * Looks a unit up once. It is covered when it lies in COVERED_RANGES, is not a mark, NFKC maps it alone
 * to one stable unit (itself, or e.g. for full width its ASCII form) and that folds to one unit. Such an
 * image starts and ends its decomposition with starters that neither compose nor reorder with their
 * neighbours', so a text of covered units normalises unit by unit.
 */
function lookUp(unit: number): number {
  let literal = -3;
  const char = String.fromCharCode(unit);
  if (inRanges(unit) && !MARK.test(char)) {
    const normalized = char.normalize('NFKC');
    if (normalized.length === 1 && isStableUnit(normalized.charCodeAt(0))) literal = normalized.charCodeAt(0);
  }
  const folded = literal >= 0 ? foldUnit(literal) : -3;
  const forms =
    folded < 0
      ? -3
      : folded | (literal !== unit ? NORMALIZES : 0) | (folded !== literal ? FOLDS : 0) | (isDecoration(folded) ? 0 : 1 << PLAIN_SHIFT);
  UNIT_FORMS[unit] = forms;
  LITERAL_UNIT[unit] = literal;
  return forms;
}

/** Core length of units[start, end) holding `plain` undecorated units: those before its suffix, or all. */
function coreOf(units: Uint16Array, start: number, end: number, plain: number): number {
  const stop = suffixStartOfUnits(units, start, end);
  let core = plain;
  for (let at = stop; at < end; at++) if (!isDecoration(units[at]!)) core--;
  return Math.min(core > 0 ? core : plain, LENGTH_CAP);
}

/** What `foldCovered` returns for a title the tables do not cover (fresh facts never have every bit set). */
export const UNCOVERED = -1;

/**
 * Writes the folded title at units[start...] and, when folding changes it, the literal (NFKC) title right
 * after it; needs room for twice the title. Returns the packed facts (as `titleFacts(title).facts`), or
 * UNCOVERED when the title has a unit the tables do not cover. One table read per unit.
 */
export function foldCovered(title: string, units: Uint16Array, start: number): number {
  const length = title.length;
  let bits = 0;
  let plain = 0;
  for (let index = 0; index < length; index++) {
    const unit = title.charCodeAt(index);
    let forms = UNIT_FORMS[unit]!;
    if (forms < 0) {
      forms = lookUp(unit);
      if (forms < 0) return UNCOVERED;
    }
    units[start + index] = forms & 0xffff;
    bits |= forms;
    plain += forms >>> PLAIN_SHIFT;
  }
  const end = start + length;
  const foldedCore = coreOf(units, start, end, plain);
  const first = length > 0 ? units[start]! : 0;
  if ((bits & FOLDS) === 0) return packFacts(0, foldedCore, foldedCore, first);
  for (let index = 0; index < length; index++) units[end + index] = LITERAL_UNIT[title.charCodeAt(index)]!;
  return packFacts(FOLD_CHANGES, Math.min(coreLengthOfUnits(units, end, end + length), LENGTH_CAP), foldedCore, first);
}
