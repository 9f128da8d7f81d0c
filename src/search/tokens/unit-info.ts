/**
 * What the tokenizer needs of a code unit, looked up once per unit and kept in a table: whether it is
 * decoration (no token at all) and, for a Chinese character, the initials of its readings
 * (initials-pairs.ts).
 */
import { initialsOf } from '../query/pinyin.js';
import { isDecoration } from '../text/text-forms.js';

/** `unitInfo` of decoration. */
export const DECORATION = -2;
/** Per unit: -1 not looked up yet, DECORATION, else the initials of its readings as bits (0: not Chinese). */
const INFO = new Int32Array(0x10000).fill(-1);

/** DECORATION, or the initials of the unit's readings as bits (bit 0 = a; 0 when it is not Chinese). */
export function unitInfo(unit: number): number {
  const info = INFO[unit]!;
  return info === -1 ? lookUp(unit) : info;
}

function lookUp(unit: number): number {
  const info = isDecoration(unit) ? DECORATION : initialsOf(unit);
  INFO[unit] = info;
  return info;
}
