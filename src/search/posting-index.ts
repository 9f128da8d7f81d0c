/**
 * The inverted index: for every key, the ranks (positions in the view's newest-first order at build
 * time) of the titles holding it, ascending. Because lists hold ranks, an intersection or union comes
 * out newest first and no result is ever sorted. Keys are the folded title's code units (punctuation and
 * spaces left out) and, for pinyin, pairs of initial letters of neighbouring Chinese characters. Lists
 * are stored as varint gaps (about 1.5 bytes a posting instead of 4) and decoded when a query needs
 * them; posting-builder.ts builds them in one pass.
 */
import { initialsOf, readingsOf } from './pinyin.js';
import type { ListPool } from './posting-lists.js';
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

export class PostingIndex {
  private syllableChars: Map<string, number[]> | undefined;
  private initialChars: number[][] | undefined;

  /** Built by PostingBuilder. */
  constructor(
    /** Byte range of each key's list in `gaps`. */
    private readonly offsets: Int32Array,
    /** Postings per key. */
    private readonly counts: Int32Array,
    /** Each list as varints of the gap to the previous rank (the first counted from -1). */
    private readonly gaps: Uint8Array,
  ) {}

  /** Bytes held by the lists. */
  get bytes(): number {
    return this.offsets.byteLength + this.counts.byteLength + this.gaps.byteLength;
  }

  /** How many titles hold the key. */
  count(key: number): number {
    return this.counts[key] as number;
  }

  /** The ranks of `ranks` (ascending) that the key's list holds, decoding the list only as far as needed. */
  intersect(ranks: Int32Array, key: number, pool: ListPool): Int32Array {
    const { gaps } = this;
    const out = pool.take(ranks.length);
    const count = this.counts[key] as number;
    let at = this.offsets[key] as number;
    let rank = -1;
    let next = 0;
    let found = 0;
    const wanted = ranks.length;
    let want = wanted > 0 ? (ranks[0] as number) : 0;
    for (let index = 0; index < count && next < wanted; index++) {
      let byte = gaps[at++] as number;
      let gap = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = gaps[at++] as number;
        gap = shift < 28 ? gap | ((byte & 0x7f) << shift) : gap + (byte & 0x7f) * 2 ** shift;
      }
      rank += gap;
      if (rank < want) continue;
      while (want < rank && ++next < wanted) want = ranks[next] as number;
      if (want === rank && next < wanted) {
        out[found++] = rank;
        if (++next < wanted) want = ranks[next] as number;
      }
    }
    return out.subarray(0, found);
  }

  /** The key's list, decoded. */
  list(key: number, pool?: ListPool): Int32Array {
    const { gaps } = this;
    const out = pool ? pool.take(this.counts[key] as number) : new Int32Array(this.counts[key] as number);
    let at = this.offsets[key] as number;
    let rank = -1;
    for (let index = 0; index < out.length; index++) {
      let byte = gaps[at++] as number;
      let gap = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = gaps[at++] as number;
        gap = shift < 28 ? gap | ((byte & 0x7f) << shift) : gap + (byte & 0x7f) * 2 ** shift;
      }
      rank += gap;
      out[index] = rank;
    }
    return out;
  }

  /** Lists of the indexed characters read with this syllable. */
  charsReading(syllable: string, pool: ListPool): Int32Array[] {
    return (this.syllables().get(syllable) ?? []).map((unit) => this.list(unit, pool));
  }

  /** Lists of the indexed characters with a reading that starts with this letter (0 = a). */
  charsWithInitial(letter: number, pool: ListPool): Int32Array[] {
    this.syllables();
    return (this.initialChars?.[letter] ?? []).map((unit) => this.list(unit, pool));
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
