/**
 * Pairs of pinyin initials: for each pair of neighbouring Chinese characters of a folded title
 * (decoration between them skipped, anything else breaking the run), a token per pair of initials of
 * their readings (`霸道` → `bd`), with their own lists, built apart from the others by the first pinyin
 * search (index/rank-columns.ts `pairPostings`). A keyword of initials looks its pairs up
 * (`initialsPairKey`, rank/pinyin-sources.ts). The same walk gives each title its lead, which decides
 * a pinyin match from its first unit (rank/pinyin-tiers.ts), and its triples of initials
 * (initials-triples.ts).
 */
import { emitInitialsStarts, emitInitialsTriples, type KeySink, letterOf } from './initials-triples.js';
import { initialsPairKey } from './key-space.js';
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
      if ((previous & (previous - 1)) === 0 && (info & (info - 1)) === 0)
        sink.addKey(initialsPairKey(letterOf(previous), letterOf(info)), rank);
      else {
        for (let first = previous; first !== 0; first &= first - 1) {
          for (let second = info; second !== 0; second &= second - 1)
            sink.addKey(initialsPairKey(letterOf(first & -first), letterOf(second & -second)), rank);
        }
      }
    }
    earlier = previous;
    previous = info;
  }
  return lead >>> 0;
}
