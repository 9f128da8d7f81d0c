// The build sizes a title's key buffer by `maxKeys` (tokens/title-keys.ts), the sum of what each kind of
// token says it writes at most. A kind that writes more than it declares would write past the buffer,
// and a typed array drops such writes without a word: the title would silently miss postings. So every
// kind's keys are counted here, title by title, against its own declared most, and the walk's whole
// count against `maxKeys`. A kind this test does not know fails it until its budget is added below.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { titleChecks } from '../../src/search/index/title-rows.js';
import { UnitPairs } from '../../src/search/index/unit-pairs.js';
import { titleFacts } from '../../src/search/query/title-forms.js';
import { KEY_COUNT, type PairNumbers, UNIT_TOKEN_KIND } from '../../src/search/tokens/key-space.js';
import { LITERAL_UNIT_KEYS_PER_UNIT } from '../../src/search/tokens/literal-units.js';
import { NEIGHBOUR_PAIR_KEYS_PER_UNIT } from '../../src/search/tokens/neighbour-pairs.js';
import { PAIR_CHECK, PAIR_MARK_KEYS_PER_TITLE, PAIR_MARK_KEYS_PER_UNIT, PAIR_START } from '../../src/search/tokens/pair-marks.js';
import { REPEATED_UNIT_KEYS_PER_UNIT } from '../../src/search/tokens/repeated-units.js';
import { maxKeys, titleKeys } from '../../src/search/tokens/title-keys.js';
import { TitleScan } from '../../src/search/tokens/title-scan.js';
import { UNIT_KEYS_PER_UNIT } from '../../src/search/tokens/unit-keys.js';
import { UNIT_MARK_KEYS_PER_UNIT } from '../../src/search/tokens/unit-marks.js';
import { assertProperty } from '../support/property.js';

type Kind = 'unit' | 'neighbour pair' | 'unit mark' | 'literal unit' | 'repeated unit' | 'pair check' | 'pair start';

/** Each kind's declared most keys for a title of `folded` folded units and `literal` literal ones (0: folding changes nothing). */
const BUDGET: Record<Kind, (folded: number, literal: number) => number> = {
  unit: (folded) => UNIT_KEYS_PER_UNIT * folded,
  'neighbour pair': (folded) => NEIGHBOUR_PAIR_KEYS_PER_UNIT * folded,
  'unit mark': (folded) => UNIT_MARK_KEYS_PER_UNIT * folded,
  // One per folded unit when folding kept the length (then literal = folded), else one per literal unit.
  'literal unit': (_folded, literal) => LITERAL_UNIT_KEYS_PER_UNIT * literal,
  'repeated unit': (folded) => REPEATED_UNIT_KEYS_PER_UNIT * folded,
  'pair check': (folded) => PAIR_MARK_KEYS_PER_UNIT * folded,
  'pair start': () => PAIR_MARK_KEYS_PER_TITLE,
};

const UNIT_MARKS: number[] = [
  UNIT_TOKEN_KIND.firstUnit,
  UNIT_TOKEN_KIND.checkAlone,
  UNIT_TOKEN_KIND.literalPrefix,
  UNIT_TOKEN_KIND.foldedPrefix,
  UNIT_TOKEN_KIND.foldedContains,
  UNIT_TOKEN_KIND.containsFoldedPrefix,
];
const LITERAL_UNITS: number[] = [UNIT_TOKEN_KIND.literalUnit, UNIT_TOKEN_KIND.literalStart];

/** The build's numbering, noting which kind each number it gives was asked for. */
class KindNoting implements PairNumbers {
  readonly kinds = new Map<number, string>();
  private readonly pairs = new UnitPairs();

  number(first: number, second: number): number {
    const number = this.pairs.number(first, second);
    const kind = UNIT_MARKS.includes(first)
      ? 'unit mark'
      : LITERAL_UNITS.includes(first)
        ? 'literal unit'
        : first === UNIT_TOKEN_KIND.repeatedUnit
          ? 'repeated unit'
          : first < 0x20
            ? `a (kind ${first}, unit) token`
            : 'neighbour pair';
    this.kinds.set(number, kind);
    return number;
  }

  markNumber(kind: number, pair: number): number {
    const number = this.pairs.markNumber(kind, pair);
    this.kinds.set(number, kind === PAIR_CHECK ? 'pair check' : kind === PAIR_START ? 'pair start' : `a mark of kind ${kind} on a pair`);
    return number;
  }
}

interface Keyed {
  keys: Map<string, number>;
  folded: number;
  literal: number;
  written: number;
}

/** The title's keys by kind, keyed as the build keys it (index/posting-builder.ts `addWritten`). */
function keysOf(title: string, numbering: KindNoting): Keyed {
  const { literal, folded, facts } = titleFacts(title);
  const changed = literal !== folded;
  const text = changed ? folded + literal : folded;
  const units = new Uint16Array(text.length);
  for (let at = 0; at < text.length; at++) units[at] = text.charCodeAt(at);
  const scan = new TitleScan(numbering);
  scan.begin(units, 0, folded.length, text.length, titleChecks(facts, folded.length));
  // Room well past the declared most, so an undercount shows as keys written, not as keys dropped.
  const out = new Int32Array(4 * maxKeys(folded.length, text.length - folded.length) + 64);
  const written = titleKeys(scan, out, 0);
  const keys = new Map<string, number>();
  for (const key of out.subarray(0, written)) {
    const kind = key < KEY_COUNT ? 'unit' : (numbering.kinds.get(key - KEY_COUNT) ?? 'a number no kind asked for');
    keys.set(kind, (keys.get(kind) ?? 0) + 1);
  }
  return { keys, folded: folded.length, literal: text.length - folded.length, written };
}

/** What is wrong with the title's keys against the budgets, or nothing. */
function overruns(title: string, numbering: KindNoting): string[] {
  const { keys, folded, literal, written } = keysOf(title, numbering);
  const wrong: string[] = [];
  for (const [kind, count] of keys) {
    const budget = BUDGET[kind as Kind];
    if (!budget) wrong.push(`${JSON.stringify(title)}: ${count} keys of ${kind}, which has no budget here`);
    else if (count > budget(folded, literal))
      wrong.push(`${JSON.stringify(title)}: ${count} keys of ${kind}, declared ${budget(folded, literal)}`);
  }
  if (written > maxKeys(folded, literal)) wrong.push(`${JSON.stringify(title)}: ${written} keys, maxKeys ${maxKeys(folded, literal)}`);
  return wrong;
}

const PIECES = [...'霸道總裁总裁爱愛乾坤LOVElove Zz', ...'ＬＯＶＥ（）１２　·!《》【】', 'İ', 'ﬁ', '㍿', '(34集)', ' 第2集', '總·裁'];
const title = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));

/** Titles that reach every kind, each kind at its most per unit where it can be. */
const EVERY_KIND = ['霸道總裁', '总裁爱总裁', '總裁', '總', 'LOVE Story', 'İstanbul', '总裁', '总·裁', '爱', '(34集)', '乾坤', '武动乾坤'];

describe('the keys each kind of token writes', () => {
  test('stay within the kind’s declared most, for titles that reach every kind', () => {
    const numbering = new KindNoting();
    assert.deepEqual(
      EVERY_KIND.flatMap((each) => overruns(each, numbering)),
      [],
    );
    // The check above can fail only for kinds the titles reach: every kind with a budget is reached.
    const reached = new Set(EVERY_KIND.flatMap((each) => [...keysOf(each, numbering).keys.keys()]));
    assert.deepEqual(
      Object.keys(BUDGET).filter((kind) => !reached.has(kind)),
      [],
    );
  });

  test('stay within the kind’s declared most, for any title', () => {
    assertProperty(
      fc.property(title, (each) => {
        assert.deepEqual(overruns(each, new KindNoting()), []);
      }),
    );
  });
});
