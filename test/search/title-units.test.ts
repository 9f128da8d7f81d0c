// Staging folds titles unit by unit through tables (NFKC image and folded form per code unit) and takes
// the string route only for units the tables do not cover. Whatever the title, the result must equal the
// string route: the same packed facts, the same folded text, and the literal (NFKC) text after it when
// folding changes the title. Titles mix covered units with the ones NFKC treats specially.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { RegionWriter } from '../../src/search/index/region-writer.js';
import { titleFacts } from '../../src/search/query/title-forms.js';
import { assertProperty } from '../support/property.js';

const PIECES = [
  ...'霸道總裁总裁爱愛LOVElove',
  // Full width, the ideographic space, no-break space, compatibility forms that expand or map to Chinese.
  ...'ＬＯＶＥ（）１２　\u00a0㍿⼀ﬁ½²',
  // Combining marks, and units that compose with what precedes them (kana voicing, Hangul jamo).
  '\u0301',
  'e\u0301',
  'か\u3099',
  'ｶﾞ',
  '\u1100\u1161',
  'ㄱㅏ',
  '\u0b47\u0b3e',
  // Surrogates (a pair and lone halves), İ (folds to two units), Latin-1, punctuation and suffixes.
  '𠮷',
  '\ud842',
  '\udfb7',
  'İ',
  ...'éÀßÿ·!《》【】',
  '(34集)',
  '（34集）',
  ' 第2集',
];
const title = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((parts) => parts.join(''));

describe('staging titles through unit tables', () => {
  test('gives what the string route gives, for any title', () => {
    assertProperty(
      fc.property(fc.array(title, { minLength: 1, maxLength: 8 }), (titles) => {
        const writer = new RegionWriter(4);
        for (const value of titles) {
          const start = writer.at;
          const facts = writer.write(value);
          const expected = titleFacts(value);
          assert.equal(facts, expected.facts, JSON.stringify(value));
          const text = String.fromCharCode(...writer.units.subarray(start, writer.at));
          const folded = text.slice(0, writer.foldedLength);
          assert.equal(folded, expected.folded, JSON.stringify(value));
          assert.equal(text.slice(writer.foldedLength), expected.folded === expected.literal ? '' : expected.literal);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
