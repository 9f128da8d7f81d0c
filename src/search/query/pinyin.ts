/**
 * Pinyin matching for Latin keywords: `badaozongcai` (full pinyin) and `bdzc` (initials) find
 * `霸道总裁…`. Readings come from pinyin-pro, one character at a time and with every reading of a
 * polyphonic character (`重` is zhong and chong), looked up once per character and cached: converting a
 * whole title with pinyin-pro costs ~100 µs, a million times over. Punctuation and spaces between
 * characters are skipped; any other non-Chinese character breaks a run. The matchers that check many
 * titles against one keyword, learning each unit once, are in pinyin-matchers.ts.
 */
import { pinyin } from 'pinyin-pro';
import { isDecoration } from '../text/text-forms.js';

const NONE: readonly string[] = [];
const READINGS: (readonly string[] | undefined)[] = new Array(0x10000);
/** Bit per initial letter (a = bit 0) of each character's readings; 0 for non-Chinese, -1 not looked up yet. */
const INITIALS = new Int32Array(0x10000).fill(-1);

function isHanUnit(unit: number): boolean {
  return unit === 0x3007 || (unit >= 0x3400 && unit <= 0x4dbf) || (unit >= 0x4e00 && unit <= 0x9fff) || (unit >= 0xf900 && unit <= 0xfaff);
}

/** Every toneless reading of a Chinese character (ü written v), or an empty list. */
export function readingsOf(unit: number): readonly string[] {
  const known = READINGS[unit];
  if (known !== undefined) return known;
  let readings = NONE;
  if (isHanUnit(unit)) {
    const found = pinyin(String.fromCharCode(unit), { toneType: 'none', type: 'array', multiple: true, v: true });
    const valid = [...new Set(found)].filter((reading) => /^[a-z]+$/.test(reading));
    if (valid.length > 0) readings = valid;
  }
  READINGS[unit] = readings;
  let mask = 0;
  for (const reading of readings) mask |= 1 << (reading.charCodeAt(0) - 97);
  INITIALS[unit] = mask;
  return readings;
}

/** Initial letters of a character's readings as a bit mask (0: not a Chinese character). */
export function initialsOf(unit: number): number {
  const initials = INITIALS[unit]!;
  if (initials >= 0) return initials;
  readingsOf(unit);
  return INITIALS[unit]!;
}

/** The pinyin form of a folded keyword: its letters without spaces or apostrophes, or '' if not Latin. */
export function pinyinKeyword(folded: string): string {
  const letters = folded.replace(/[\s']+/g, '');
  // One letter matches literally only (decisions.md): a lone `z` would spell every title with a z- syllable.
  return /^[a-z]{2,}$/.test(letters) ? letters : '';
}

/** Does `query` give the initials of the characters from `from` on? Each character takes one letter. */
function initialsFrom(units: Uint16Array, from: number, end: number, query: string): boolean {
  let index = from;
  for (let at = 0; at < query.length; at++, index++) {
    while (index < end && isDecoration(units[index]!)) index++;
    if (index === end || ((initialsOf(units[index]!) >>> (query.charCodeAt(at) - 97)) & 1) === 0) return false;
  }
  return true;
}

/** Does `query` from `at` on spell the characters from `from` on in full syllables? */
function syllablesFrom(units: Uint16Array, from: number, end: number, query: string, at: number): boolean {
  if (at === query.length) return true;
  let index = from;
  while (index < end && isDecoration(units[index]!)) index++;
  if (index === end) return false;
  for (const reading of readingsOf(units[index]!)) {
    if (query.startsWith(reading, at) && syllablesFrom(units, index + 1, end, query, at + reading.length)) return true;
  }
  return false;
}

/** The forms a pinyin walk tries, as bits: initials (`bdzc`), full syllables (`badaozongcai`). */
export const AS_INITIALS = 1;
export const AS_SYLLABLES = 2;

/** The forms' bits for a walk that tries initials, full syllables, both or neither. */
export function pinyinForms(asInitials: boolean, asSyllables: boolean): number {
  return (asInitials ? AS_INITIALS : 0) | (asSyllables ? AS_SYLLABLES : 0);
}

/**
 * 0 when the folded title in units[start, end) starts with the query's pinyin, 1 when it holds it elsewhere,
 * else -1. A caller that knows no character of the title can spell the query as initials (or in full
 * syllables) leaves AS_INITIALS (or AS_SYLLABLES) out of `forms`, and that walk is skipped.
 */
export function pinyinMatchUnits(
  units: Uint16Array,
  start: number,
  end: number,
  query: string,
  forms = AS_INITIALS | AS_SYLLABLES,
): number {
  const asInitials = (forms & AS_INITIALS) !== 0;
  const asSyllables = (forms & AS_SYLLABLES) !== 0;
  const firstLetter = 1 << (query.charCodeAt(0) - 97);
  let first = true;
  for (let index = start; index < end; index++) {
    const unit = units[index]!;
    if (isDecoration(unit)) continue;
    // Initials and full syllables both begin with the initial of the first character.
    if (
      (initialsOf(unit) & firstLetter) !== 0 &&
      ((asInitials && initialsFrom(units, index, end, query)) || (asSyllables && syllablesFrom(units, index, end, query, 0)))
    ) {
      return first ? 0 : 1;
    }
    first = false;
  }
  return -1;
}

/** `pinyinMatchUnits` for a folded title given as a string. */
export function pinyinMatch(title: string, query: string): number {
  const units = new Uint16Array(title.length);
  for (let index = 0; index < title.length; index++) units[index] = title.charCodeAt(index);
  return pinyinMatchUnits(units, 0, units.length, query);
}

/**
 * Ways to cut a query into syllables from `syllables` (full pinyin), at most `limit`; undefined when
 * there are more (the caller then falls back to a looser candidate set).
 */
export function syllableSplits(query: string, syllables: { has(syllable: string): boolean }, limit: number): string[][] | undefined {
  // ends[at]: the rest of the query from `at` can be cut into syllables, so the walk never dead-ends.
  const ends = new Uint8Array(query.length + 1);
  ends[query.length] = 1;
  for (let at = query.length - 1; at >= 0; at--) {
    for (let length = 1; length <= 6 && at + length <= query.length; length++) {
      if (ends[at + length] === 1 && syllables.has(query.slice(at, at + length))) ends[at] = 1;
    }
  }
  const splits: string[][] = [];
  const path: string[] = [];
  const walk = (at: number): boolean => {
    if (at === query.length) {
      splits.push([...path]);
      return splits.length <= limit;
    }
    for (let length = 1; length <= 6 && at + length <= query.length; length++) {
      const syllable = query.slice(at, at + length);
      if (ends[at + length] !== 1 || !syllables.has(syllable)) continue;
      path.push(syllable);
      const more = walk(at + length);
      path.pop();
      if (!more) return false;
    }
    return true;
  };
  return walk(0) ? splits : undefined;
}
