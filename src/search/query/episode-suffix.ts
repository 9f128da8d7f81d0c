/**
 * Where a title's episode suffix (`(34集)`, `全80集`, ` 更新至第12集`, `【完结】`…) begins. The regex below
 * defines it and serves keywords and the reference; building the index runs the same pattern backwards
 * from the end of the title's code units as a small set of states (`suffixStartOfUnits`), because the
 * regex needs a string and tries every start position, which cost ~0.3 s per million titles. The regex is
 * anchored at the end, so its leftmost match starts at the smallest position from which the rest of the
 * text is in its language: the last position where the backward states accept. A property test holds
 * the two to the same answers.
 */
const DIGIT = '\\d';
const HAN_DIGIT = '[零〇一二两三四五六七八九十百千]';
const NUMBER = `(?:${DIGIT}+|${HAN_DIGIT}+)`;
const OPEN = '[\\s(\\[【〔《<「『]';
const CLOSE = '[\\s)\\]】〕》>」』]';
const SPACE = '\\s';
const UNIT = '[集话話期]';
const RANGE = '[-~～至到]';
const EPISODE_SUFFIX = new RegExp(
  `(?:${OPEN}*(?:更新至|更新到|全|共)?${SPACE}*第?${SPACE}*${NUMBER}(?:${SPACE}*${RANGE}${SPACE}*${NUMBER})?${SPACE}*${UNIT}(?:全|完|完结|完結|大结局|大結局)?${CLOSE}*` +
    `|${OPEN}+(?:全集|完结|完結|完整版|大结局|大結局)${CLOSE}*)$`,
  'u',
);

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
  for (let round = 0; round < 3 && stop > start && ENDING[units[stop - 1] as number] === 1; round++) {
    let states = CLOSING;
    let first = -1;
    for (let at = stop - 1; at >= start && states !== 0; at--) {
      states = step(states, units[at] as number);
      if ((states & ACCEPT) !== 0) first = at;
    }
    if (first < 0) break;
    stop = first;
  }
  return stop;
}

/** Character classes of the pattern, one bit each, per unit (taken from the pattern's own class strings). */
const C_CLOSE = 1;
const C_OPEN = 2;
const C_SPACE = 4;
const C_DIGIT = 8;
const C_HAN = 16;
const C_UNIT = 32;
const C_RANGE = 64;
const CLASS = new Uint8Array(0x10000);
{
  const classes: Array<[string, number]> = [
    [CLOSE, C_CLOSE],
    [OPEN, C_OPEN],
    [SPACE, C_SPACE],
    [DIGIT, C_DIGIT],
    [HAN_DIGIT, C_HAN],
    [UNIT, C_UNIT],
    [RANGE, C_RANGE],
  ];
  for (const [pattern, bit] of classes) {
    const test = new RegExp(`^${pattern}$`, 'u');
    for (let unit = 0; unit < 0x10000; unit++) if (test.test(String.fromCharCode(unit))) CLASS[unit] = (CLASS[unit] as number) | bit;
  }
}
const code = (char: string): number => char.charCodeAt(0);
const [DI, QUAN, GONG, ZHI, DAO, XIN, GENG, WAN, JIE, JIE_T, JU, DA, JI, ZHENG, BAN] = [...'第全共至到新更完结結局大集整版'].map(code);

/**
 * States, reading backwards (the pattern reversed): CLOSE*, then either the episode form (optional
 * ending word, unit, spaces, optional `number range`, number, spaces, 第, spaces, prefix word, OPEN*) or
 * the whole-series form (word, OPEN+).
 */
const CLOSING = 1; // CLOSE* at the end
const BEFORE_UNIT = 1 << 1; // an ending word read (全, 完, 完结, 大结局…): the unit comes next
const ENDING_WAN = 1 << 2; // 结 of 完结 read: 完 next
const ENDING_JU = 1 << 3; // 局 of 大结局 read: 结 next
const ENDING_DA = 1 << 4; // 结局 read: 大 next
const AFTER_UNIT = 1 << 5; // the unit read, then spaces
const RANGE_END_DIGITS = 1 << 6; // the number after a range sign (digits)
const RANGE_END_HAN = 1 << 7; // … (Chinese numerals)
const BEFORE_RANGE = 1 << 8; // spaces between the range sign and that number
const AFTER_RANGE = 1 << 9; // the range sign read, then spaces
const NUMBER_DIGITS = 1 << 10; // the (first) number, digits: accepting
const NUMBER_HAN = 1 << 11; // … Chinese numerals: accepting
const AFTER_NUMBER = 1 << 12; // spaces before the number: accepting
const AFTER_DI = 1 << 13; // 第 read: accepting
const BEFORE_DI = 1 << 14; // spaces before 第: accepting
const PREFIX_XIN = 1 << 15; // 至/到 of 更新至/更新到 read: 新 next
const PREFIX_GENG = 1 << 16; // 新至 read: 更 next
const AFTER_PREFIX = 1 << 17; // the prefix word read: accepting
const OPENING = 1 << 18; // OPEN* at the start: accepting
const WORD_QUAN = 1 << 19; // 集 of 全集 read: 全 next
const WORD_WAN = 1 << 20; // 结 of 完结, or 整 of 完整版, read: 完 next
const WORD_ZHENG = 1 << 21; // 版 of 完整版 read: 整 next
const WORD_JIE = 1 << 22; // 局 of 大结局 read: 结 next
const WORD_DA = 1 << 23; // 结局 read: 大 next
const WORD_READ = 1 << 24; // the word read: OPEN next, at least one
const WORD_OPENING = 1 << 25; // OPEN+ read: accepting
const ACCEPT = NUMBER_DIGITS | NUMBER_HAN | AFTER_NUMBER | AFTER_DI | BEFORE_DI | AFTER_PREFIX | OPENING | WORD_OPENING;

/** The states after reading `unit` (leftwards) in `states`. */
function step(states: number, unit: number): number {
  const cls = CLASS[unit] as number;
  const jie = unit === JIE || unit === JIE_T;
  let next = 0;
  if ((states & CLOSING) !== 0) {
    if ((cls & C_CLOSE) !== 0) next |= CLOSING;
    if ((cls & C_UNIT) !== 0) next |= AFTER_UNIT;
    if (unit === QUAN || unit === WAN) next |= BEFORE_UNIT;
    if (jie) next |= ENDING_WAN | WORD_WAN;
    if (unit === JU) next |= ENDING_JU | WORD_JIE;
    if (unit === JI) next |= WORD_QUAN;
    if (unit === BAN) next |= WORD_ZHENG;
  }
  if ((states & BEFORE_UNIT) !== 0 && (cls & C_UNIT) !== 0) next |= AFTER_UNIT;
  if ((states & ENDING_WAN) !== 0 && unit === WAN) next |= BEFORE_UNIT;
  if ((states & ENDING_JU) !== 0 && jie) next |= ENDING_DA;
  if ((states & ENDING_DA) !== 0 && unit === DA) next |= BEFORE_UNIT;
  if ((states & AFTER_UNIT) !== 0) {
    if ((cls & C_SPACE) !== 0) next |= AFTER_UNIT;
    if ((cls & C_DIGIT) !== 0) next |= RANGE_END_DIGITS | NUMBER_DIGITS;
    if ((cls & C_HAN) !== 0) next |= RANGE_END_HAN | NUMBER_HAN;
  }
  if ((states & (RANGE_END_DIGITS | RANGE_END_HAN | BEFORE_RANGE)) !== 0) {
    if ((states & RANGE_END_DIGITS) !== 0 && (cls & C_DIGIT) !== 0) next |= RANGE_END_DIGITS;
    if ((states & RANGE_END_HAN) !== 0 && (cls & C_HAN) !== 0) next |= RANGE_END_HAN;
    if ((cls & C_SPACE) !== 0) next |= BEFORE_RANGE;
    if ((cls & C_RANGE) !== 0) next |= AFTER_RANGE;
  }
  if ((states & AFTER_RANGE) !== 0) {
    if ((cls & C_SPACE) !== 0) next |= AFTER_RANGE;
    if ((cls & C_DIGIT) !== 0) next |= NUMBER_DIGITS;
    if ((cls & C_HAN) !== 0) next |= NUMBER_HAN;
  }
  if ((states & NUMBER_DIGITS) !== 0 && (cls & C_DIGIT) !== 0) next |= NUMBER_DIGITS;
  if ((states & NUMBER_HAN) !== 0 && (cls & C_HAN) !== 0) next |= NUMBER_HAN;
  if ((states & (NUMBER_DIGITS | NUMBER_HAN | AFTER_NUMBER)) !== 0) {
    if ((cls & C_SPACE) !== 0) next |= AFTER_NUMBER;
    if (unit === DI) next |= AFTER_DI;
  }
  if ((states & (AFTER_DI | BEFORE_DI)) !== 0 && (cls & C_SPACE) !== 0) next |= BEFORE_DI;
  if ((states & (NUMBER_DIGITS | NUMBER_HAN | AFTER_NUMBER | AFTER_DI | BEFORE_DI)) !== 0) {
    if (unit === QUAN || unit === GONG) next |= AFTER_PREFIX;
    if (unit === ZHI || unit === DAO) next |= PREFIX_XIN;
    if ((cls & C_OPEN) !== 0) next |= OPENING;
  }
  if ((states & PREFIX_XIN) !== 0 && unit === XIN) next |= PREFIX_GENG;
  if ((states & PREFIX_GENG) !== 0 && unit === GENG) next |= AFTER_PREFIX;
  if ((states & (AFTER_PREFIX | OPENING)) !== 0 && (cls & C_OPEN) !== 0) next |= OPENING;
  if ((states & WORD_QUAN) !== 0 && unit === QUAN) next |= WORD_READ;
  if ((states & WORD_WAN) !== 0 && unit === WAN) next |= WORD_READ;
  if ((states & WORD_ZHENG) !== 0 && unit === ZHENG) next |= WORD_WAN;
  if ((states & WORD_JIE) !== 0 && jie) next |= WORD_DA;
  if ((states & WORD_DA) !== 0 && unit === DA) next |= WORD_READ;
  if ((states & (WORD_READ | WORD_OPENING)) !== 0 && (cls & C_OPEN) !== 0) next |= WORD_OPENING;
  return next;
}
