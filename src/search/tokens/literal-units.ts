/**
 * Literal units: a title that folding changes (traditional script, capitals) gets a token for each unit
 * of its literal text that folding changed: (LITERAL_START, unit) when its literal text starts with that
 * unit, else (LITERAL_UNIT, unit), numbered as pairs. Folded units are the index's own keys, so without
 * these no list tells which titles hold `乾` or `Z` as typed; with them a one-unit keyword that folding
 * changes finds its literal prefix and contains matches without reading a title (unit-marks.ts
 * `changedUnitTierLists`). When folding changed the title's length (rare), every undecorated literal unit
 * gets one.
 */
import { numberedKey, type PairNumbers, UNIT_TOKEN_KIND } from './key-space.js';
import type { TitleScan } from './title-scan.js';
import { DECORATION, unitInfo } from './unit-info.js';

/** Pseudo-units (control characters, decoration): never a title's own unit, nor a mark's kind (unit-marks.ts). */
export const LITERAL_UNIT = UNIT_TOKEN_KIND.literalUnit;
export const LITERAL_START = UNIT_TOKEN_KIND.literalStart;

/** The kind of token a changed literal unit gets: LITERAL_START when the literal text starts with it. */
function literalKind(scan: TitleScan, literal: number): number {
  return scan.units[scan.end] === literal ? LITERAL_START : LITERAL_UNIT;
}

/**
 * Writes into `out` from `at` the literal units' keys of the title `scan` has begun, and returns where
 * they end: none when folding left it alone (most titles: one test), else one per undecorated place
 * where folding changed its unit, or per undecorated literal unit when folding changed the length.
 */
export function literalUnitKeys(scan: TitleScan, out: Int32Array, at: number): number {
  if (!scan.changed) return at;
  const { units, start, end, literalOffset: offset, pairs } = scan;
  let next = at;
  if (offset > 0) {
    for (let index = start; index < end; index++) {
      const unit = units[index]!;
      const literal = units[index + offset]!;
      if (literal !== unit && unitInfo(unit) !== DECORATION) next = append(out, next, pairs, literalKind(scan, literal), literal);
    }
    return next;
  }
  for (let index = end; index < scan.literalEnd; index++) {
    const unit = units[index]!;
    if (unitInfo(unit) !== DECORATION) next = append(out, next, pairs, literalKind(scan, unit), unit);
  }
  return next;
}

function append(out: Int32Array, at: number, pairs: PairNumbers, kind: number, unit: number): number {
  out[at] = numberedKey(pairs.number(kind, unit));
  return at + 1;
}

/** Most keys a title gets per folded unit (folding kept its length) or per literal unit (folding changed it). */
export const LITERAL_UNIT_KEYS_PER_UNIT = 1;
