/**
 * Numbers the pairs of neighbouring folded code units (decoration between them skipped) that titles
 * hold, so each pair can have a posting list like a single unit (posting-index.ts). A keyword of two
 * common characters then decodes the short list of titles where they stand together instead of both
 * characters' long lists. An open-addressing table of 32-bit pairs (first unit << 16 | second; 0 never
 * occurs, since NUL is decoration) to dense numbers from 0.
 */
/**
 * Pseudo-units (control characters, decoration, so never a title's own pair) that make a pair a mark
 * telling a one-unit keyword u its tier in a title holding u, without the title's row or text
 * (rank/single-unit.ts). A title whose core (or folded text) is one unit or none is under (CHECK_ALONE, u)
 * for each of its units: it may be exact, so it is checked one by one. Of the others, one that folding
 * leaves alone is a prefix match when it starts with u, (FIRST_UNIT, u), else a contains match; one that
 * folding changes is under (LITERAL_PREFIX, u) when its literal text starts with u, (FOLDED_PREFIX, u)
 * when its literal text lacks u and its folded text starts with it, (FOLDED_CONTAINS, u) when its literal
 * text lacks u otherwise, and under no mark when its literal text holds u elsewhere (contains).
 */
export const FIRST_UNIT = 1;
export const CHECK_ALONE = 2;
export const LITERAL_PREFIX = 3;
export const FOLDED_PREFIX = 4;
export const FOLDED_CONTAINS = 5;

export class UnitPairs {
  private keys = new Uint32Array(1 << 12);
  private numbers = new Int32Array(1 << 12);
  private bits = 12;
  /** Pairs numbered so far. */
  size = 0;

  /** The pair's number, -1 when no title holds it. */
  find(first: number, second: number): number {
    const pair = ((first << 16) | second) >>> 0;
    const mask = this.keys.length - 1;
    for (let at = Math.imul(pair, 0x9e3779b1) >>> (32 - this.bits); ; at = (at + 1) & mask) {
      const key = this.keys[at] as number;
      if (key === pair) return this.numbers[at] as number;
      if (key === 0) return -1;
    }
  }

  /** The pair's number, numbering it when new. */
  number(first: number, second: number): number {
    const pair = ((first << 16) | second) >>> 0;
    const mask = this.keys.length - 1;
    let at = Math.imul(pair, 0x9e3779b1) >>> (32 - this.bits);
    for (; ; at = (at + 1) & mask) {
      const key = this.keys[at] as number;
      if (key === pair) return this.numbers[at] as number;
      if (key === 0) break;
    }
    this.keys[at] = pair;
    this.numbers[at] = this.size;
    if (++this.size * 2 > this.keys.length) this.grow();
    return this.size - 1;
  }

  get bytes(): number {
    return this.keys.byteLength + this.numbers.byteLength;
  }

  private grow(): void {
    const { keys, numbers } = this;
    this.bits++;
    this.keys = new Uint32Array(1 << this.bits);
    this.numbers = new Int32Array(1 << this.bits);
    const mask = this.keys.length - 1;
    for (let index = 0; index < keys.length; index++) {
      const pair = keys[index] as number;
      if (pair === 0) continue;
      let at = Math.imul(pair, 0x9e3779b1) >>> (32 - this.bits);
      while (this.keys[at] !== 0) at = (at + 1) & mask;
      this.keys[at] = pair;
      this.numbers[at] = numbers[index] as number;
    }
  }
}
