/**
 * The loops that tier most candidates of a search: a one-character keyword from each candidate's row
 * alone (one cache line), and any keyword of one term from the row and the texts. They only write a code
 * per candidate and leave the rest (outdated rows, pinyin; for one character, titles that folding changes)
 * to classify-candidates.ts: measured, per-
 * tier counters updated or the full check called inside these loops made them several times slower. A
 * tight touching loop brings a block of candidates' rows and texts in first, so their misses overlap.
 */
import { ROW, ROW_FACTS, ROW_FOLDED_LENGTH, ROW_TEXT_START } from '../index/title-rows.js';
import { NO_MATCH, Tier, tierCode } from '../query/search-query.js';
import { FOLD_CHANGES, firstUnitOf, foldedCoreOf, literalCoreOf, type PreparedQuery, STALE } from '../query/title-forms.js';
import { foldUnit, isDecoration } from '../text/text-forms.js';
import type { SearchContext } from './search-context.js';
import { indexOfUnits, sameCore } from './unit-tiers.js';

/** Code of a candidate left to the full check (codes are `tierCode`s, in 16 bits: any keyword has fewer tiers). */
export const DEFERRED = 0xffff;
/** Code of a candidate that can only match by terms or pinyin, left to those checks. */
export const LOOSER = 0xfffe;
/** The literal and folded tiers' codes, as these loops write them. */
const EXACT = tierCode(Tier.EXACT);
const EXACT_CORE = tierCode(Tier.EXACT_CORE);
const PREFIX = tierCode(Tier.PREFIX);
const CONTAINS = tierCode(Tier.CONTAINS);
const FOLDED_EXACT = tierCode(Tier.FOLDED_EXACT);
const FOLDED_PREFIX = tierCode(Tier.FOLDED_PREFIX);
const FOLDED_CONTAINS = tierCode(Tier.FOLDED_CONTAINS);
/** Candidates touched ahead of their checks at a time. */
export const BLOCK = 64;

/**
 * Reads the rows and the first and last units of the texts of candidates [from, to); with `codes`, only
 * of those left to the full check (codes at LOOSER or above). Both checks scan a title's literal text to
 * its end unless it starts with the keyword, and a title that folding changes keeps that text after its
 * folded one: touched only at its start, its end came a miss at a time. `１０８` (33,000 of its 37,000
 * candidates are `…1080P` titles) are the case it is for.
 */
export function touchTexts(context: SearchContext, ranks: Int32Array, from: number, to: number, codes?: Uint16Array): void {
  const { rows, units } = context.columns;
  let sum = 0;
  for (let index = from; index < to; index++) {
    if (codes && codes[index]! < LOOSER) continue;
    const row = ranks[index]! * ROW;
    const start = rows[row + ROW_TEXT_START]!;
    // A title that folding changes ends its texts where the row after starts its own (after the last
    // row, a row holding only that end); any other one holds one text, of its folded length.
    const end = (rows[row + ROW_FACTS]! & FOLD_CHANGES) !== 0 ? rows[row + ROW + ROW_TEXT_START]! : start + rows[row + ROW_FOLDED_LENGTH]!;
    sum += units[start]! + units[Math.max(start, end - 1)]!;
  }
  context.touched[0] = sum;
}

/**
 * Reads the rows and the first and last folded text units of candidates [from, to), for a check that
 * scans the folded text to its end unless it holds the term early (term-holders.ts) or walks the whole
 * title (pinyin-tiers.ts): a text of 10–20 units crosses into a second cache line about half the time,
 * and that miss then came one title at a time.
 */
export function touchFoldedTexts(context: SearchContext, ranks: Int32Array, from: number, to: number): void {
  const { rows, units } = context.columns;
  let sum = 0;
  for (let index = from; index < to; index++) {
    const row = ranks[index]! * ROW;
    const start = rows[row + ROW_TEXT_START]!;
    sum += units[start]! + units[start + Math.max(0, rows[row + ROW_FOLDED_LENGTH]! - 1)]!;
  }
  context.touched[0] = sum;
}

/** Reads the rows of candidates [from, to). */
export function touchRows(context: SearchContext, ranks: Int32Array, from: number, to: number): void {
  const { rows } = context.columns;
  let sum = 0;
  for (let index = from; index < to; index++) sum += rows[ranks[index]! * ROW + ROW_FACTS]!;
  context.touched[0] = sum;
}

/** One-character keyword: a title that folding leaves alone and that holds the unit is tiered by its row alone. */
export function classifySingle(context: SearchContext, ranks: Int32Array, unit: number, codes: Uint16Array): number {
  const { rows, units } = context.columns;
  let deferred = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (index % BLOCK === 0) touchRows(context, ranks, index, Math.min(ranks.length, index + BLOCK));
    const row = ranks[index]! * ROW;
    const facts = rows[row + ROW_FACTS]!;
    if ((facts & (STALE | FOLD_CHANGES)) !== 0) {
      codes[index] = DEFERRED;
      deferred++;
      continue;
    }
    codes[index] =
      rows[row + ROW_FOLDED_LENGTH] === 1
        ? EXACT
        : literalCoreOf(facts) === 1 && coreUnitIs(units, rows[row + ROW_TEXT_START]!, unit)
          ? EXACT_CORE
          : firstUnitOf(facts) === unit
            ? PREFIX
            : CONTAINS;
  }
  return deferred;
}

/** Is the first undecorated unit from `start` on this one? (The title holds it, so the walk stops.) */
function coreUnitIs(units: Uint16Array, start: number, unit: number): boolean {
  let at = start;
  while (isDecoration(units[at]!)) at++;
  return units[at] === unit;
}

/**
 * A keyword of one term: the literal tiers first, on the literal text (a title's one text when folding
 * leaves it alone, else the text stored after its folded one); then the folded ones, as the full check
 * takes them (`tierOfUnits`), when folding changes the keyword (traditional script, capitals) or the
 * title (`108` in `…1080P`); a keyword and title that folding both leave alone would repeat the literal
 * ones, so such a title without it matches only by pinyin (left to that check when the keyword is Latin).
 * Measured, the full check's loop cost about 1.6 times this one per candidate of a traditional keyword,
 * and titles that folding changes, left to it, made `１０８` cost nearly twice `每天都在打脸`.
 */
export function classifyOneTerm(context: SearchContext, ranks: Int32Array, query: PreparedQuery, codes: Uint16Array): number {
  const { rows, units } = context.columns;
  const keyword = query.literalUnits;
  const looser = query.pinyin !== '';
  const core = query.literalCore;
  const coreLength = query.literalCoreLength;
  // Titles without FOLD_CHANGES have no unit that folding changes: a keyword whose core has one (`臉`, `R`) is not in them as typed.
  const literal = !hasFoldedAwayUnit(query.literalCoreUnits);
  let deferred = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (index % BLOCK === 0) touchTexts(context, ranks, index, Math.min(ranks.length, index + BLOCK));
    const row = ranks[index]! * ROW;
    const facts = rows[row + ROW_FACTS]!;
    if ((facts & STALE) !== 0) {
      codes[index] = DEFERRED;
      deferred++;
      continue;
    }
    const changes = (facts & FOLD_CHANGES) !== 0;
    const start = rows[row + ROW_TEXT_START]!;
    const end = start + rows[row + ROW_FOLDED_LENGTH]!;
    // A title that folding changes keeps its literal text after the folded one, up to the next row's texts.
    const literalStart = changes ? end : start;
    const literalEnd = changes ? rows[row + ROW + ROW_TEXT_START]! : end;
    const typed = literal || changes;
    const at = typed ? indexOfUnits(units, literalStart, literalEnd, keyword) : -1;
    let code = NO_MATCH;
    if (at === 0 && literalEnd - literalStart === keyword.length) code = EXACT;
    else if (
      typed &&
      core !== '' &&
      literalCoreOf(facts) === coreLength &&
      sameCore(units, literalStart, literalEnd, coreLength, query.literalCoreUnits)
    )
      code = EXACT_CORE;
    else if (at >= 0) code = at === 0 ? PREFIX : CONTAINS;
    else if (!query.foldInvariant || changes) {
      // The folded tiers, inline: a call here, even to a small function, costs this loop.
      const folded = query.foldedUnits;
      if (
        query.foldedCore !== ''
          ? sameCore(units, start, end, foldedCoreOf(facts), query.foldedCoreUnits)
          : end - start === folded.length && indexOfUnits(units, start, end, folded) === 0
      )
        code = FOLDED_EXACT;
      else {
        const foldedAt = indexOfUnits(units, start, end, folded);
        if (foldedAt >= 0) code = foldedAt === 0 ? FOLDED_PREFIX : FOLDED_CONTAINS;
      }
    }
    if (code === NO_MATCH && looser) {
      code = LOOSER;
      deferred++;
    }
    codes[index] = code;
  }
  return deferred;
}

/**
 * Does the text hold a unit that folding changes? A title holding one is stored with its literal text
 * apart (FOLD_CHANGES), so a title without that flag cannot hold the text as typed: a traditional keyword
 * then skips the literal scan of the titles folding leaves alone (about a fifth of its loop's time).
 */
function hasFoldedAwayUnit(units: Uint16Array): boolean {
  for (let index = 0; index < units.length; index++) {
    const unit = units[index]!;
    // A surrogate folds with its pair: such a keyword keeps the literal scan.
    if (unit >= 0xd800 && unit <= 0xdfff) continue;
    if (foldUnit(unit) !== unit) return true;
  }
  return false;
}
