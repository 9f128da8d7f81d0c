/**
 * Numbers the pair-shaped tokens titles hold, as they first appear, so each has a posting list like a
 * single unit (posting-index.ts, from KEY_COUNT on): pairs of neighbouring units
 * (tokens/neighbour-pairs.ts), marks on units and literal units, numbered as the pair (kind, unit)
 * (tokens/unit-marks.ts, tokens/literal-units.ts), and marks on pairs (tokens/pair-marks.ts).
 * Open-addressing tables of 32-bit pairs (first unit << 16 | second; 0 never occurs, since NUL is
 * decoration) to dense numbers from 0.
 */
import type { PairNumbers } from '../tokens/key-space.js';
import { moveToShared } from './shared-arrays.js';

/** The tables' arrays once numbering is done (a finished build's, in shared memory). */
export interface UnitPairParts {
  pairs: KeyTableParts;
  marks: KeyTableParts;
  size: number;
}

interface KeyTableParts {
  keys: Uint32Array;
  numbers: Int32Array;
  bits: number;
  size: number;
}

export class UnitPairs implements PairNumbers {
  private readonly pairs: KeyTable;
  /** Marks on pairs: kind << 28 | pair number. */
  private readonly marks: KeyTable;
  /** Pairs and marks numbered so far (one numbering: the index gives each its list). */
  size = 0;

  constructor(pairs = new KeyTable(), marks = new KeyTable()) {
    this.pairs = pairs;
    this.marks = marks;
  }

  /** Tables over a finished numbering's parts (another worker's build), to look pairs up, never to number more. */
  static fromParts(parts: UnitPairParts): UnitPairs {
    const pairs = new UnitPairs(KeyTable.fromParts(parts.pairs), KeyTable.fromParts(parts.marks));
    pairs.size = parts.size;
    return pairs;
  }

  /** The finished numbering's tables, copied to shared memory once (a build finishing, posting-builder.ts). */
  parts(): UnitPairParts {
    return { pairs: this.pairs.parts(), marks: this.marks.parts(), size: this.size };
  }

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
  private keys: Uint32Array = new Uint32Array(1 << 12);
  private numbers: Int32Array = new Int32Array(1 << 12);
  private bits = 12;
  private size = 0;

  static fromParts({ keys, numbers, bits, size }: KeyTableParts): KeyTable {
    const table = new KeyTable();
    table.keys = keys;
    table.numbers = numbers;
    table.bits = bits;
    table.size = size;
    return table;
  }

  /** Its arrays in shared memory; from then on it is read only, here and in every worker. */
  parts(): KeyTableParts {
    this.keys = moveToShared(this.keys);
    this.numbers = moveToShared(this.numbers);
    return { keys: this.keys, numbers: this.numbers, bits: this.bits, size: this.size };
  }

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
