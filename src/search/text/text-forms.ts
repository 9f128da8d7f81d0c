/**
 * The text forms search compares. Titles and keywords are NFKC-normalised first (full width to half
 * width, `（` to `(`); the folded form then lower-cases and maps traditional characters to simplified
 * ones (OpenCC t2s) one code point at a time, so folding never moves text around and a folded keyword
 * is found in a folded title exactly when the keyword's characters line up with the title's. The core
 * form drops punctuation, symbols, spaces and an episode suffix such as `(34集)` (episode-suffix.ts), for
 * exact-title matches.
 */
import { Converter } from 'opencc-js/t2cn';
import { suffixStart, suffixStartOfUnits } from './episode-suffix.js';

const toSimplified = Converter({ from: 't', to: 'cn' });

/** Folded code unit per BMP code unit; -1 not looked up yet, -2 folds to more than one unit. */
const FOLD_UNIT = new Int32Array(0x10000).fill(-1);
const WIDE_FOLDS = new Map<string, string>();

function foldCodePoint(char: string): string {
  let folded = toSimplified(char.toLowerCase());
  // A handful of OpenCC entries need a second step to reach a character that folds to itself.
  for (let step = 0; step < 3; step++) {
    const again = toSimplified(folded.toLowerCase());
    if (again === folded) break;
    folded = again;
  }
  return folded;
}

/** The folded form of a BMP code unit: a unit, or -2 when it folds to more than one. */
export function foldUnit(unit: number): number {
  const known = FOLD_UNIT[unit]!;
  if (known !== -1) return known;
  const folded = foldCodePoint(String.fromCharCode(unit));
  const result = folded.length === 1 ? folded.charCodeAt(0) : -2;
  FOLD_UNIT[unit] = result;
  if (result === -2) WIDE_FOLDS.set(String.fromCharCode(unit), folded);
  return result;
}

let everyUnitFolded = false;

/**
 * Folds every BMP code unit ahead (about 0.1 s, once per thread): a unit first met in a keyword otherwise
 * costs an OpenCC lookup of a few microseconds in that search, and keywords that match nothing are made
 * of exactly the units no title has folded (docs/search.md, "How it is fast").
 */
export function foldEveryUnit(): void {
  if (everyUnitFolded) return;
  everyUnitFolded = true;
  for (let unit = 0; unit < 0x10000; unit++) if (unit < 0xd800 || unit > 0xdfff) foldUnit(unit);
}

function isSurrogatePair(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit < 0xd800 || unit > 0xdbff || index + 1 >= text.length) return false;
  const next = text.charCodeAt(index + 1);
  return next >= 0xdc00 && next <= 0xdfff;
}

/** Lower case + simplified Chinese, code point by code point; the same string when nothing changes. */
export function foldText(text: string): string {
  let index = 0;
  for (; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (isSurrogatePair(text, index) || foldUnit(unit) !== unit) break;
  }
  if (index === text.length) return text;
  let out = text.slice(0, index);
  while (index < text.length) {
    if (isSurrogatePair(text, index)) {
      const pair = text.slice(index, index + 2);
      let folded = WIDE_FOLDS.get(pair);
      if (folded === undefined) {
        folded = foldCodePoint(pair);
        WIDE_FOLDS.set(pair, folded);
      }
      out += folded;
      index += 2;
      continue;
    }
    const unit = text.charCodeAt(index);
    const folded = foldUnit(unit);
    out += folded === -2 ? WIDE_FOLDS.get(text[index]!)! : String.fromCharCode(folded);
    index++;
  }
  return out;
}

/** Punctuation, symbols, separators and control/format characters: never part of a title's core. */
const DECORATION = new Uint8Array(0x10000);
{
  const pattern = /[\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}]/u;
  for (let unit = 0; unit < 0x10000; unit++) {
    if (unit >= 0xd800 && unit <= 0xdfff) continue;
    if (pattern.test(String.fromCharCode(unit))) DECORATION[unit] = 1;
  }
}

export function isDecoration(unit: number): boolean {
  return DECORATION[unit] === 1;
}

/** `coreLength` of the text units[start, end), without building a string. */
export function coreLengthOfUnits(units: Uint16Array, start: number, end: number): number {
  const stop = suffixStartOfUnits(units, start, end);
  let length = 0;
  for (let at = start; at < stop; at++) if (DECORATION[units[at]!] !== 1) length++;
  if (length > 0) return length;
  for (let at = start; at < end; at++) if (DECORATION[units[at]!] !== 1) length++;
  return length;
}

function undecoratedUnits(text: string, end: number): number {
  let count = 0;
  for (let index = 0; index < end; index++) if (!isDecoration(text.charCodeAt(index))) count++;
  return count;
}

/** `coreText(text).length`, without building the core. */
export function coreLength(text: string): number {
  const length = undecoratedUnits(text, suffixStart(text));
  return length > 0 ? length : undecoratedUnits(text, text.length);
}

function withoutDecoration(text: string): string {
  let index = 0;
  while (index < text.length && !isDecoration(text.charCodeAt(index))) index++;
  if (index === text.length) return text;
  let out = text.slice(0, index);
  for (; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (!isDecoration(unit)) out += text[index];
  }
  return out;
}

/** The title without decoration and episode suffix (the suffix stays when it is all there is). */
export function coreText(text: string): string {
  const core = withoutDecoration(text.slice(0, suffixStart(text)));
  return core.length > 0 ? core : withoutDecoration(text);
}
