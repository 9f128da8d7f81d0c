/**
 * One title on its way through the tokenizer (title-keys.ts): where its units are and the facts the
 * kinds of token read. One per builder, reused for every title, so keying a title allocates nothing.
 */
import type { PairNumbers } from './key-space.js';

/** `checks` flags (index/title-rows.ts `titleChecks`): a one-unit, a two-unit keyword must check the title one by one. */
export const CHECK_UNITS = 1;
export const CHECK_PAIRS = 2;

export class TitleScan {
  /** The folded title is units[start, end); its literal one units[end, literalEnd) when folding changes it. */
  units: Uint16Array = new Uint16Array(0);
  start = 0;
  end = 0;
  literalEnd = 0;
  /** Folding changed the title: its literal units follow the folded ones. */
  changed = false;
  /** Its core is one unit or none, or two units or fewer: a one-unit, a two-unit keyword may be exact there (CHECK_UNITS, CHECK_PAIRS). */
  checkUnits = false;
  checkPairs = false;
  /** When folding changed the title but kept its length: how far a folded unit's literal one is, else -1. */
  literalOffset = -1;

  /**
   * Per folded unit, the serial of the last title whose walk met it (repeated-units.ts): a unit met
   * again in the same title is repeated. 256 KB per scan; no clearing between titles.
   */
  readonly seen = new Int32Array(0x10000);
  /** The title's serial, counted by `begin`. */
  serial = 0;

  /** `pairs`: the numbering of pairs and marks (one per build, or per start-up preparation). */
  constructor(readonly pairs: PairNumbers) {}

  /** Starts a title. */
  begin(units: Uint16Array, start: number, end: number, literalEnd: number, checks: number): void {
    this.units = units;
    this.serial++;
    this.start = start;
    this.end = end;
    this.literalEnd = literalEnd;
    this.changed = literalEnd > end;
    this.checkUnits = (checks & CHECK_UNITS) !== 0;
    this.checkPairs = (checks & CHECK_PAIRS) !== 0;
    // Folding that keeps the length keeps each unit's place: the literal text holds a pair where the folded one does, or not.
    this.literalOffset = literalEnd > end && literalEnd - end === end - start ? end - start : -1;
  }
}
