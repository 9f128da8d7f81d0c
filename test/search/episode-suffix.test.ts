// The backward matcher that finds episode suffixes in code units while the index is built must agree
// with the regex that defines them (docs/search.md) on every text: same suffix start, over up to three
// suffixes in a row, hence the same core length. Random texts are built from every character and word
// the pattern mentions, the kinds of space it accepts, and characters it does not.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { suffixStart, suffixStartOfUnits } from '../../src/search/text/episode-suffix.js';
import { coreLength, coreLengthOfUnits } from '../../src/search/text/text-forms.js';
import { assertProperty } from '../support/property.js';

const PIECES = [
  ...'集话話期全完结結局版大整第共至到新更-~～',
  ...'0123456789',
  ...'零〇一二两三四五六七八九十百千',
  ...'([【〔《<「『)]】〕》>」』',
  ' ',
  '\t',
  '\u3000',
  '\u00a0',
  '\n',
  '\u2028',
  ...'a霸道A!·（）',
  '更新至',
  '更新到',
  '大结局',
  '大結局',
  '完整版',
  '全集',
  '完结',
  '完結',
  '34集',
  '(34集)',
  '第2集',
  '1-34集',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((parts) => parts.join(''));

function unitsOf(value: string): Uint16Array {
  return Uint16Array.from(value, (_, index) => value.charCodeAt(index));
}

describe('episode suffixes found backwards over code units', () => {
  test('start where the regex says, for any text', () => {
    assertProperty(
      fc.property(text, (value) => {
        const units = new Uint16Array(value.length + 4);
        units.set(unitsOf(value), 2);
        assert.equal(suffixStartOfUnits(units, 2, 2 + value.length) - 2, suffixStart(value), JSON.stringify(value));
        assert.equal(coreLengthOfUnits(units, 2, 2 + value.length), coreLength(value), JSON.stringify(value));
      }),
      { numRuns: 20_000 },
    );
  });

  test('known titles', () => {
    const cases: Array<[string, number]> = [
      ['霸道总裁(34集)', 4],
      ['霸道总裁 更新至第12集', 4],
      ['霸道总裁1-34集完结', 4],
      ['霸道总裁 全集', 4],
      ['霸道总裁【大結局】', 4],
      ['霸道总裁2', 5],
      // All suffix: it starts at 0 (the core then keeps it).
      ['第1集', 0],
      // A season is not an episode suffix.
      ['霸道总裁 第二季', 8],
    ];
    for (const [title, start] of cases) {
      assert.equal(suffixStart(title), start, title);
      assert.equal(suffixStartOfUnits(unitsOf(title), 0, title.length), start, title);
    }
  });
});
