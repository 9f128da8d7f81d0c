/**
 * Writes titles' regions back to back into one growing Uint16Array, the layout of built columns and of
 * the delta's staging buffer: the folded title, then the literal (NFKC) one when folding changes it.
 * Titles go through the unit tables of title-units.ts, and the few those do not cover through strings
 * (`titleFacts`), with the same result.
 */
import { FOLD_CHANGES, titleFacts } from '../query/title-forms.js';
import { foldCovered, UNCOVERED } from './title-units.js';

export class RegionWriter {
  units: Uint16Array;
  /** Where the next region starts. */
  at = 0;
  /** Folded length of the last region written. */
  foldedLength = 0;

  constructor(capacity: number) {
    this.units = new Uint16Array(Math.max(64, capacity));
  }

  /** Appends the title's region; returns its packed facts. */
  write(title: string): number {
    const length = title.length;
    if (this.at + 2 * length > this.units.length) this.grow(2 * length);
    const facts = foldCovered(title, this.units, this.at);
    if (facts !== UNCOVERED) {
      this.foldedLength = length;
      this.at += (facts & FOLD_CHANGES) !== 0 ? 2 * length : length;
      return facts;
    }
    const { literal, folded, facts: slowFacts } = titleFacts(title);
    this.foldedLength = folded.length;
    this.put(folded);
    if ((slowFacts & FOLD_CHANGES) !== 0) this.put(literal);
    return slowFacts;
  }

  /** Appends a copy of source[start, end). */
  copy(source: Uint16Array, start: number, end: number): void {
    if (this.at + (end - start) > this.units.length) this.grow(end - start);
    const { units } = this;
    let at = this.at;
    for (let index = start; index < end; index++) units[at++] = source[index] as number;
    this.at = at;
  }

  private put(text: string): void {
    if (this.at + text.length > this.units.length) this.grow(text.length);
    for (let index = 0; index < text.length; index++) this.units[this.at++] = text.charCodeAt(index);
  }

  private grow(needed: number): void {
    const units = new Uint16Array(Math.max(this.at + needed, this.units.length * 2));
    units.set(this.units.subarray(0, this.at));
    this.units = units;
  }
}
