/**
 * Where a title's episode suffix (`(34集)`, `全80集`, ` 更新至第12集`, `【完结】`…) begins. `SUFFIX` below is
 * the one description of it (suffix-pattern.ts): a regex made from it serves keywords and the reference,
 * and an automaton made from it reads a title's code units backwards from the end while the index is
 * built (`suffixStartOfUnits`), because the regex needs a string and tries every start position, which
 * cost ~0.3 s per million titles. The regex is anchored at the end, so its leftmost match starts at the
 * smallest position from which the rest of the text is in its language: the last position where the
 * backward automaton accepts. A property test holds the two to the same answers.
 */
import { alt, backwardAutomaton, chars, optional, plus, regexSource, seq, star, word } from './suffix-pattern.js';

const DIGIT = chars('\\d');
const HAN_DIGIT = chars('[零〇一二两三四五六七八九十百千]');
const NUMBER = alt(plus(DIGIT), plus(HAN_DIGIT));
const OPEN = chars('[\\s(\\[【〔《<「『]');
const CLOSE = chars('[\\s)\\]】〕》>」』]');
const SPACES = star(chars('\\s'));
const UNIT = chars('[集话話期]');
const RANGE = chars('[-~～至到]');
/** `(34集)`, ` 更新至第12集`, `1-34集完结`… or a whole-series word in brackets or after a space (`【完结】`, ` 全集`). */
const SUFFIX = alt(
  seq(
    star(OPEN),
    optional(alt('更新至', '更新到', '全', '共')),
    SPACES,
    optional(word('第')),
    SPACES,
    NUMBER,
    optional(seq(SPACES, RANGE, SPACES, NUMBER)),
    SPACES,
    UNIT,
    optional(alt('全', '完', '完结', '完結', '大结局', '大結局')),
    star(CLOSE),
  ),
  seq(plus(OPEN), alt('全集', '完结', '完結', '完整版', '大结局', '大結局'), star(CLOSE)),
);
const EPISODE_SUFFIX = new RegExp(`${regexSource(SUFFIX)}$`, 'u');
const BACKWARD = backwardAutomaton(SUFFIX);

/** Last units a title must end with for a suffix to be looked for at all (a rule the answers depend on). */
const ENDING = new Uint8Array(0x10000);
for (const char of '集话話期全完结結局版)]】〕》>」』 \t') ENDING[char.charCodeAt(0)] = 1;

/** Where the suffixes (up to three in a row) of `text` begin, by the regex: its length when it has none. */
export function suffixStart(text: string): number {
  let end = text.length;
  for (let round = 0; round < 3 && end > 0 && ENDING[text.charCodeAt(end - 1)] === 1; round++) {
    const match = EPISODE_SUFFIX.exec(end === text.length ? text : text.slice(0, end));
    if (!match) break;
    end = match.index;
  }
  return end;
}

/** `start + suffixStart(text of units[start, end))`, without a string or the regex. */
export function suffixStartOfUnits(units: Uint16Array, start: number, end: number): number {
  let stop = end;
  for (let round = 0; round < 3 && stop > start && ENDING[units[stop - 1]!] === 1; round++) {
    const { kindOf, kinds, next, accepting } = BACKWARD;
    let state = BACKWARD.start;
    let first = -1;
    for (let at = stop - 1; at >= start && state !== 0; at--) {
      state = next[state * kinds + kindOf[units[at]!]!]!;
      if (accepting[state] === 1) first = at;
    }
    if (first < 0) break;
    stop = first;
  }
  return stop;
}
