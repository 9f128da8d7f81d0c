/**
 * Numbers the pair-shaped tokens titles hold, as they first appear, so each has a posting list like a
 * single unit (posting-index.ts, from KEY_COUNT on): pairs of neighbouring units
 * (tokens/neighbour-pairs.ts), marks on units and literal units, numbered as the pair (kind, unit)
 * (tokens/unit-marks.ts, tokens/literal-units.ts), and marks on pairs (tokens/pair-marks.ts).
 * Open-addressing tables of 32-bit pairs (first unit << 16 | second; 0 never occurs, since NUL is
 * decoration) to dense numbers from 0.
 */
import type { PairNumbers } from '../tokens/key-space.js';

export class UnitPairs implements PairNumbers {
  private readonly pairs = new KeyTable();
  /** Marks on pairs: kind << 28 | pair number. */
  private readonly marks = new KeyTable();
  /** Pairs and marks numbered so far (one numbering: the index gives each its list). */
  size = 0;

  /** The pair's number, -1 when no title holds it. */
  find(first: number, second: number): number {
    return this.pairs.find(((first << 16) | second) >>> 0);
  }

  /** The pair's number, numbering it when new. */
  number(first: number, second: number): number {
    return this.pairs.number(((first << 16) | second) >>> 0, this);
  }

  /** The number of the mark of `kind` on the pair numbered `pair`, -1 when no title has it. */
  findMark(kind: number, pair: number): number {
    return this.marks.find(((kind << 28) | pair) >>> 0);
  }

  /** The number of the mark of `kind` on the pair numbered `pair`, numbering it when new. */
  markNumber(kind: number, pair: number): number {
    return this.marks.number(((kind << 28) | pair) >>> 0, this);
  }

  /**
   * The next number, for a new pair or mark. A method, not a closure per instance: the tables' callers
   * (the keying walk, tokens/title-keys.ts) then see one function whatever the build.
   */
  take(): number {
    return this.size++;
  }

  get bytes(): number {
    return this.pairs.bytes + this.marks.bytes;
  }
}

/** An open-addressing table of non-zero 32-bit keys to dense numbers. */
class KeyTable {
  private keys = new Uint32Array(1 << 12);
  private numbers = new Int32Array(1 << 12);
  private bits = 12;
  private size = 0;

  find(key: number): number {
    const mask = this.keys.length - 1;
    for (let at = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits); ; at = (at + 1) & mask) {
      const held = this.keys[at]!;
      if (held === key) return this.numbers[at]!;
      if (held === 0) return -1;
    }
  }

  number(key: number, numbering: UnitPairs): number {
    const mask = this.keys.length - 1;
    let at = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
    for (; ; at = (at + 1) & mask) {
      const held = this.keys[at]!;
      if (held === key) return this.numbers[at]!;
      if (held === 0) break;
    }
    const number = numbering.take();
    this.keys[at] = key;
    this.numbers[at] = number;
    if (++this.size * 2 > this.keys.length) this.grow();
    return number;
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
      const key = keys[index]!;
      if (key === 0) continue;
      let at = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
      while (this.keys[at] !== 0) at = (at + 1) & mask;
      this.keys[at] = key;
      this.numbers[at] = numbers[index]!;
    }
  }
}
