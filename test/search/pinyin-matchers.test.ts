// Pinyin keywords are checked against many titles by bit-parallel automata (query/pinyin.ts,
// `InitialsMatcher` for initials alone, `PinyinMatcher`); `pinyinMatchUnits`, the walk the reference
// search uses too, defines them. For any title of Chinese characters (polyphonic ones among them: 长 is
// zhang and chang), decoration, letters and digits, and any query spelt from such characters (initials,
// full syllables, or random letters), they give the same place, with either form ruled out or not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { pinyinForms, pinyinMatchUnits, readingsOf } from '../../src/search/query/pinyin.js';
import { InitialsMatcher, PinyinMatcher, UnitSlots } from '../../src/search/query/pinyin-matchers.js';
import { assertProperty } from '../support/property.js';

const HAN = [...'霸道总裁长大重生行朝都的了乐和女绿后火婚好'];
const PIECES = [...HAN, '·', ' ', '《', '》', 'a', '1', '（34集）'];
const title = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((parts) => parts.join(''));
/** A run of characters spelt each by one of its readings, whole or (`initials`) its first letter. */
const spelt = (initials: boolean, most: number) =>
  fc.array(fc.tuple(fc.constantFrom(...HAN), fc.nat()), { minLength: 2, maxLength: most }).map((parts) =>
    parts
      .map(([unit, pick]) => {
        const readings = readingsOf(unit.charCodeAt(0));
        const reading = readings[pick % readings.length] as string;
        return initials ? reading.charAt(0) : reading;
      })
      .join(''),
  );
const query = fc.oneof(spelt(true, 40), fc.stringMatching(/^[bcdhlnsz]{2,6}$/));
const anyQuery = fc.oneof(spelt(true, 12), spelt(false, 8), fc.stringMatching(/^[a-z]{2,8}$/));

test('the initials matcher places a query in a title as pinyinMatchUnits does', () => {
  assertProperty(
    fc.property(fc.array(title, { minLength: 1, maxLength: 10 }), query, (titles, text) => {
      samePlaces(titles, new InitialsMatcher(text), text, true, false);
    }),
    { numRuns: 3000 },
  );
});

test('the pinyin matcher places a query in a title as pinyinMatchUnits does', () => {
  assertProperty(
    fc.property(
      fc.array(title, { minLength: 1, maxLength: 10 }),
      anyQuery,
      fc.boolean(),
      fc.boolean(),
      (titles, text, asInitials, asSyllables) => {
        samePlaces(titles, new PinyinMatcher(text, asInitials, asSyllables), text, asInitials, asSyllables);
      },
    ),
    { numRuns: 3000 },
  );
});

test('pinyin matchers used in turn each place their query as pinyinMatchUnits does (one unit table, taken over)', () => {
  assertProperty(
    fc.property(fc.array(title, { minLength: 1, maxLength: 10 }), anyQuery, anyQuery, (titles, one, other) => {
      const slots = new UnitSlots();
      const first = new PinyinMatcher(one, true, true, slots);
      const second = new PinyinMatcher(other, true, true, slots);
      for (let round = 0; round < 2; round++) {
        samePlaces(titles, first, one, true, true);
        samePlaces(titles, second, other, true, true);
      }
    }),
    { numRuns: 1000 },
  );
});

/** The matcher places `text` in each title (inside a larger buffer, as the build's texts are) as pinyinMatchUnits does. */
function samePlaces(
  titles: string[],
  matcher: { match(units: Uint16Array, start: number, end: number): number },
  text: string,
  asInitials: boolean,
  asSyllables: boolean,
): void {
  for (const value of titles) {
    const units = Uint16Array.from(value, (unit) => unit.charCodeAt(0));
    const padded = new Uint16Array(units.length + 4);
    padded.set(units, 2);
    assert.equal(
      matcher.match(padded, 2, 2 + units.length),
      pinyinMatchUnits(units, 0, units.length, text, pinyinForms(asInitials, asSyllables)),
      `${text} in ${value} (${asInitials} ${asSyllables})`,
    );
  }
}
