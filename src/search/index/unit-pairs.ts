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

/**
 * Kinds of mark on a pair (`markNumber`), which give a two-unit keyword `ab` its tier in a title holding
 * the pair (a, b) without the title's row or text (rank/single-unit.ts, `pairKeyword`): a title is under
 * (PAIR_CHECK, ab) when the pair stands across decoration there (`a·b`, not the literal `ab`), when its
 * literal text does not hold the pair where its folded text does (`總裁` folded to `总裁`), or when its core
 * is two units or fewer (it may be exact); it is checked one by one.
 * Of the others, every one holds `ab` literally: under (PAIR_START, ab) when it starts with it (prefix),
 * else a contains match. So a two-unit keyword's total is the pair's list count less the checked titles
 * that fail, and its first page is the head of the lists.
 */
export const PAIR_CHECK = 1;
export const PAIR_START = 2;

export class UnitPairs {
  private readonly pairs = new KeyTable();
  /** Marks on pairs: kind << 28 | pair number. */
  private readonly marks = new KeyTable();
  /** Pairs and marks numbered so far (one numbering: the index gives each its list). */
  size = 0;
  private readonly next = () => this.size++;

  /** The pair's number, -1 when no title holds it. */
  find(first: number, second: number): number {
    return this.pairs.find(((first << 16) | second) >>> 0);
  }

  /** The pair's number, numbering it when new. */
  number(first: number, second: number): number {
    return this.pairs.number(((first << 16) | second) >>> 0, this.next);
  }

  /** The number of the mark of `kind` on the pair numbered `pair`, -1 when no title has it. */
  findMark(kind: number, pair: number): number {
    return this.marks.find(((kind << 28) | pair) >>> 0);
  }

  /** The number of the mark of `kind` on the pair numbered `pair`, numbering it when new. */
  markNumber(kind: number, pair: number): number {
    return this.marks.number(((kind << 28) | pair) >>> 0, this.next);
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
      const held = this.keys[at] as number;
      if (held === key) return this.numbers[at] as number;
      if (held === 0) return -1;
    }
  }

  number(key: number, next: () => number): number {
    const mask = this.keys.length - 1;
    let at = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
    for (; ; at = (at + 1) & mask) {
      const held = this.keys[at] as number;
      if (held === key) return this.numbers[at] as number;
      if (held === 0) break;
    }
    const number = next();
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
      const key = keys[index] as number;
      if (key === 0) continue;
      let at = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
      while (this.keys[at] !== 0) at = (at + 1) & mask;
      this.keys[at] = key;
      this.numbers[at] = numbers[index] as number;
    }
  }
}
