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
 * (rank/pinyin-tiers.ts), and its triples of initials (initials-triples.ts). A pair held at two places
 * or more also gets a repeat token (`initialsRepeatedPairKey`): a title holding a keyword's triples
 * (`mtd`, `tdz`) and no inner pair (`td`) twice holds the keyword (`mtdz`), so lists decide it
 * (rank/pinyin-chains.ts `decidedByInitials`).
 */
import { emitInitialsStarts, emitInitialsTriples, type KeySink, letterOf } from './initials-triples.js';
import { initialsPairKey, initialsRepeatedPairKey, initialsStartPairKey } from './key-space.js';
import { DECORATION, unitInfo } from './unit-info.js';

export type { KeySink } from './initials-triples.js';

/**
 * Posts the initials pairs (and triples) of the title at `rank` whose folded units are units[start, end);
 * returns its lead: its first two undecorated units, as first << 16 | second (0 for none).
 */
export function emitInitialsPairs(units: Uint16Array, start: number, end: number, rank: number, sink: KeySink): number {
  nextWalk();
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
      for (let first = previous; first !== 0; first &= first - 1) {
        for (let second = info; second !== 0; second &= second - 1)
          emitPair(letterOf(first & -first), letterOf(second & -second), atStart, rank, sink);
      }
    }
    earlier = previous;
    previous = info;
  }
  return lead >>> 0;
}

/**
 * Per pair of initials (first * 26 + second), the walk that last posted it: a title gives each pair once
 * per place, so a pair met again in the same walk is held at two places. A count of walks, not the rank,
 * marks them, as a later build walks the same ranks again.
 */
const pairWalks = new Int32Array(26 * 26);
let walks = 0;

function nextWalk(): void {
  // Past the largest count the table holds, every mark is cleared and counting starts again.
  if (walks === 0x7fffffff) {
    pairWalks.fill(0);
    walks = 0;
  }
  walks++;
}

/** Posts one pair of initials of neighbouring characters, its start token, and its repeat token when met before in this walk. */
function emitPair(first: number, second: number, atStart: boolean, rank: number, sink: KeySink): void {
  sink.addKey(initialsPairKey(first, second), rank);
  if (atStart) sink.addKey(initialsStartPairKey(first, second), rank);
  const pair = first * 26 + second;
  if (pairWalks[pair] === walks) sink.addKey(initialsRepeatedPairKey(first, second), rank);
  pairWalks[pair] = walks;
}
