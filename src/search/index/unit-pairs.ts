/**
 * Numbers the pairs of neighbouring folded code units (decoration between them skipped) that titles
 * hold, so each pair can have a posting list like a single unit (posting-index.ts). A keyword of two
 * common characters then decodes the short list of titles where they stand together instead of both
 * characters' long lists. An open-addressing table of 32-bit pairs (first unit << 16 | second; 0 never
 * occurs, since NUL is decoration) to dense numbers from 0.
 */
/**
 * Pseudo-units (control characters, decoration, so never a title's own pair) that make a pair a mark:
 * (FIRST_UNIT, u) for titles whose folded text starts with u, (CHECK_ALONE, u) for titles holding u that
 * a one-unit keyword must check one by one (folding changes them, or their core is one unit or none).
 */
export const FIRST_UNIT = 1;
export const CHECK_ALONE = 2;

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
