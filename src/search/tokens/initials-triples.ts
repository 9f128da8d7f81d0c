/**
 * Triples of pinyin initials: for each three neighbouring Chinese characters of a folded title (decoration
 * between them skipped, anything else breaking the run, as initials-pairs.ts), a token per triple of
 * initials of their readings (`霸道总` → `bdz`), and a start token when the three are the title's first
 * undecorated units. Built in the pinyin pass (initials-pairs.ts walks the title and calls this). A keyword
 * of three initials is then found exactly by its triple's list, and which of those titles match from the
 * first unit by its start list, with no row or text read; a longer one intersects its triples' lists, a
 * tighter superset than its pairs' (rank/pinyin-sources.ts). At a million generated titles, keywords of
 * three initials with 30,000–110,000 candidates (`hhh`, `sfl`, `jcb`) had spent 6–12 ms checking them.
 */
import { initialsStartKey, initialsTripleKey } from './key-space.js';

/** Where a title's pinyin keys go (index/posting-builder.ts). */
export interface KeySink {
  /** Adds the title at `rank` (ranks ascending) under `key`, once however often the title gives it. */
  addKey(key: number, rank: number): void;
}

/** Posts the triples of three neighbouring Chinese characters with initials (as bits) `first`, `second`, `third`. */
export function emitInitialsTriples(first: number, second: number, third: number, rank: number, sink: KeySink): void {
  for (let one = first; one !== 0; one &= one - 1) {
    const a = letterOf(one & -one);
    for (let two = second; two !== 0; two &= two - 1) {
      const b = letterOf(two & -two);
      for (let three = third; three !== 0; three &= three - 1) sink.addKey(initialsTripleKey(a, b, letterOf(three & -three)), rank);
    }
  }
}

/**
 * Posts the start tokens of a title's first three undecorated units, Chinese characters with initials
 * `first`, `second`, `third`: once a title, so apart from the triples' loop, which then tests nothing more.
 */
export function emitInitialsStarts(first: number, second: number, third: number, rank: number, sink: KeySink): void {
  for (let one = first; one !== 0; one &= one - 1) {
    for (let two = second; two !== 0; two &= two - 1) {
      for (let three = third; three !== 0; three &= three - 1)
        sink.addKey(initialsStartKey(letterOf(one & -one), letterOf(two & -two), letterOf(three & -three)), rank);
    }
  }
}

/** The letter (0 = a) of a one-bit set of initials. */
export function letterOf(bit: number): number {
  return 31 - Math.clz32(bit);
}
