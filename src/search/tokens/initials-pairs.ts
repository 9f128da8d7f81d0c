/**
 * Pairs of pinyin initials: for each pair of neighbouring Chinese characters of a folded title
 * (decoration between them skipped, anything else breaking the run), a token per pair of initials of
 * their readings (`霸道` → `bd`), with their own lists, built apart from the others by the first pinyin
 * search (index/rank-columns.ts `pairPostings`). A keyword of initials looks its pairs up
 * (`initialsPairKey`, rank/pinyin-sources.ts). A title whose first two undecorated units are Chinese
 * also gets a start token per pair of their initials (`initialsStartPairKey`): the titles of a
 * two-initials keyword that match from their first unit are then a list, with no lead read (at a
 * million titles `qj` has 149,000 matches, and reading their leads had taken half its time). The same
 * walk gives each title its lead, which decides a syllable's match from its first unit
 * (rank/pinyin-tiers.ts), and its triples of initials (initials-triples.ts).
 */
import { emitInitialsStarts, emitInitialsTriples, type KeySink, letterOf } from './initials-triples.js';
import { initialsPairKey, initialsStartPairKey } from './key-space.js';
import { DECORATION, unitInfo } from './unit-info.js';

export type { KeySink } from './initials-triples.js';

/**
 * Posts the initials pairs (and triples) of the title at `rank` whose folded units are units[start, end);
 * returns its lead: its first two undecorated units, as first << 16 | second (0 for none).
 */
export function emitInitialsPairs(units: Uint16Array, start: number, end: number, rank: number, sink: KeySink): number {
  let earlier = 0;
  let previous = 0;
  let lead = 0;
  let seen = 0;
  for (let index = start; index < end; index++) {
    const unit = units[index] ?? 0;
    const info = unitInfo(unit);
    if (info === DECORATION) continue;
    if (seen < 2) lead |= unit << (16 - 16 * seen);
    seen++;
    if (previous !== 0 && info !== 0) {
      if (earlier !== 0) {
        emitInitialsTriples(earlier, previous, info, rank, sink);
        if (seen === 3) emitInitialsStarts(earlier, previous, info, rank, sink);
      }
      const atStart = seen === 2;
      if ((previous & (previous - 1)) === 0 && (info & (info - 1)) === 0) {
        sink.addKey(initialsPairKey(letterOf(previous), letterOf(info)), rank);
        if (atStart) sink.addKey(initialsStartPairKey(letterOf(previous), letterOf(info)), rank);
      } else {
        for (let first = previous; first !== 0; first &= first - 1) {
          for (let second = info; second !== 0; second &= second - 1) {
            sink.addKey(initialsPairKey(letterOf(first & -first), letterOf(second & -second)), rank);
            if (atStart) sink.addKey(initialsStartPairKey(letterOf(first & -first), letterOf(second & -second)), rank);
          }
        }
      }
    }
    earlier = previous;
    previous = info;
  }
  return lead >>> 0;
}
