/**
 * The inverted index: for every key, the ranks (positions in the view's newest-first order at build
 * time) of the titles holding it, ascending. Because lists hold ranks, an intersection or union comes
 * out newest first and no result is ever sorted. Keys are the folded title's code units (punctuation and
 * spaces left out) and, for pinyin, pairs of initial letters of neighbouring Chinese characters. Lists
 * are stored as varint gaps (about 1.5 bytes a posting instead of 4) and decoded when a query needs
 * them; building takes two counting passes, so it never holds more than the finished index.
 */
import { initialsOf, readingsOf } from './pinyin.js';
import type { RankColumns } from './rank-columns.js';
import { isDecoration } from './text-forms.js';

/** Keys 0..0xffff are code units; then one key per pair of pinyin initials (a-z × a-z). */
export const INITIALS_PAIR_BASE = 0x10000;
export const KEY_COUNT = INITIALS_PAIR_BASE + 26 * 26;

export function initialsPairKey(first: number, second: number): number {
  return INITIALS_PAIR_BASE + first * 26 + second;
}

/** Writes the distinct keys of the folded title in units[start, end) into `out`; `seen`/`mark` deduplicate. */
export function titleKeys(units: Uint16Array, start: number, end: number, out: Int32Array, seen: Int32Array, mark: number): number {
  let count = 0;
  let previous = 0;
  for (let index = start; index < end; index++) {
    const unit = units[index] as number;
    if (isDecoration(unit)) continue;
    if (seen[unit] !== mark) {
      seen[unit] = mark;
      out[count++] = unit;
    }
    const initials = initialsOf(unit);
    if (previous !== 0 && initials !== 0) {
      for (let first = previous; first !== 0; first &= first - 1) {
        for (let second = initials; second !== 0; second &= second - 1) {
          const key = initialsPairKey(31 - Math.clz32(first & -first), 31 - Math.clz32(second & -second));
          if (seen[key] !== mark) {
            seen[key] = mark;
            out[count++] = key;
          }
        }
      }
    }
    previous = initials;
  }
  return count;
}

function varintSize(gap: number): number {
  return gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5;
}

export class PostingIndex {
  private syllableChars: Map<string, number[]> | undefined;
  private initialChars: number[][] | undefined;

  private constructor(
    /** Byte range of each key's list in `gaps`. */
    private readonly offsets: Int32Array,
    /** Postings per key. */
    private readonly counts: Int32Array,
    /** Each list as varints of the gap to the previous rank (the first counted from -1). */
    private readonly gaps: Uint8Array,
  ) {}

  /** Two counting passes over the rank columns: list sizes first, then every list written in rank order. */
  static build(columns: RankColumns): PostingIndex {
    const { units, rows, size } = columns;
    const offsets = new Int32Array(KEY_COUNT + 1);
    const counts = new Int32Array(KEY_COUNT);
    const last = new Int32Array(KEY_COUNT).fill(-1);
    const seen = new Int32Array(KEY_COUNT);
    const keys = new Int32Array(KEY_COUNT);
    let mark = 0;
    for (let rank = 0; rank < size; rank++) {
      const count = titleKeys(units, rows[rank * 2] as number, rows[rank * 2 + 2] as number, keys, seen, ++mark);
      for (let index = 0; index < count; index++) {
        const key = keys[index] as number;
        offsets[key + 1] = (offsets[key + 1] as number) + varintSize(rank - (last[key] as number));
        counts[key] = (counts[key] as number) + 1;
        last[key] = rank;
      }
    }
    for (let key = 0; key < KEY_COUNT; key++) offsets[key + 1] = (offsets[key + 1] as number) + (offsets[key] as number);
    const gaps = new Uint8Array(offsets[KEY_COUNT] as number);
    const cursor = offsets.slice(0, KEY_COUNT);
    last.fill(-1);
    for (let rank = 0; rank < size; rank++) {
      const count = titleKeys(units, rows[rank * 2] as number, rows[rank * 2 + 2] as number, keys, seen, ++mark);
      for (let index = 0; index < count; index++) {
        const key = keys[index] as number;
        let gap = rank - (last[key] as number);
        let at = cursor[key] as number;
        while (gap >= 0x80) {
          gaps[at++] = (gap & 0x7f) | 0x80;
          gap >>>= 7;
        }
        gaps[at++] = gap;
        cursor[key] = at;
        last[key] = rank;
      }
    }
    return new PostingIndex(offsets, counts, gaps);
  }

  /** Bytes held by the lists. */
  get bytes(): number {
    return this.offsets.byteLength + this.counts.byteLength + this.gaps.byteLength;
  }

  /** How many titles hold the key. */
  count(key: number): number {
    return this.counts[key] as number;
  }

  /** The key's list, decoded. */
  list(key: number): Int32Array {
    const { gaps } = this;
    const out = new Int32Array(this.counts[key] as number);
    let at = this.offsets[key] as number;
    let rank = -1;
    for (let index = 0; index < out.length; index++) {
      let byte = gaps[at++] as number;
      let gap = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = gaps[at++] as number;
        gap += (byte & 0x7f) * 2 ** shift;
      }
      rank += gap;
      out[index] = rank;
    }
    return out;
  }

  /** Lists of the indexed characters read with this syllable. */
  charsReading(syllable: string): Int32Array[] {
    return (this.syllables().get(syllable) ?? []).map((unit) => this.list(unit));
  }

  /** Lists of the indexed characters with a reading that starts with this letter (0 = a). */
  charsWithInitial(letter: number): Int32Array[] {
    this.syllables();
    return (this.initialChars?.[letter] ?? []).map((unit) => this.list(unit));
  }

  /** Every syllable some indexed character is read with, and the characters read with it. */
  syllables(): Map<string, number[]> {
    if (this.syllableChars) return this.syllableChars;
    const bySyllable = new Map<string, number[]>();
    const byInitial: number[][] = Array.from({ length: 26 }, () => []);
    for (let unit = 0; unit < INITIALS_PAIR_BASE; unit++) {
      if (this.counts[unit] === 0 || initialsOf(unit) === 0) continue;
      for (const reading of readingsOf(unit)) {
        const chars = bySyllable.get(reading) ?? [];
        if (chars.length === 0) bySyllable.set(reading, chars);
        chars.push(unit);
      }
      for (let letters = initialsOf(unit); letters !== 0; letters &= letters - 1)
        byInitial[31 - Math.clz32(letters & -letters)]?.push(unit);
    }
    this.initialChars = byInitial;
    this.syllableChars = bySyllable;
    return bySyllable;
  }
}
