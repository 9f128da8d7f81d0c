// A keyword only initials can spell is checked by a shift-and automaton (query/pinyin.ts,
// `InitialsMatcher`); `pinyinMatchUnits`, the walk the reference search uses too, defines it. For any
// title of Chinese characters (polyphonic ones among them: 长 is z and c), decoration, letters and digits,
// and any query of initials spelt from such characters (or random letters), both give the same place.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { InitialsMatcher, pinyinMatchUnits, readingsOf } from '../../src/search/query/pinyin.js';
import { assertProperty } from '../support/property.js';

const HAN = [...'霸道总裁长大重生行朝都的了乐和女绿后火婚好'];
const PIECES = [...HAN, '·', ' ', '《', '》', 'a', '1', '（34集）'];
const title = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((parts) => parts.join(''));
/** Initials of a run of characters, each by one of its readings. */
const spelt = fc.array(fc.tuple(fc.constantFrom(...HAN), fc.nat()), { minLength: 2, maxLength: 40 }).map((parts) =>
  parts
    .map(([unit, pick]) => {
      const readings = readingsOf(unit.charCodeAt(0));
      return (readings[pick % readings.length] as string).charAt(0);
    })
    .join(''),
);
const query = fc.oneof(spelt, fc.stringMatching(/^[bcdhlnsz]{2,6}$/));

test('the initials matcher places a query in a title as pinyinMatchUnits does', () => {
  assertProperty(
    fc.property(fc.array(title, { minLength: 1, maxLength: 10 }), query, (titles, text) => {
      const matcher = new InitialsMatcher(text);
      for (const value of titles) {
        const units = Uint16Array.from(value, (unit) => unit.charCodeAt(0));
        // Inside a larger buffer, as the build's texts are.
        const padded = new Uint16Array(units.length + 4);
        padded.set(units, 2);
        assert.equal(
          matcher.match(padded, 2, 2 + units.length),
          pinyinMatchUnits(units, 0, units.length, text, true, false),
          `${text} in ${value}`,
        );
      }
    }),
    { numRuns: 3000 },
  );
});
