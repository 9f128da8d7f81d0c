// Property: a keyword of three initials is answered from its triple's list, its first pinyin tier from the
// triple's start list, and a longer one from its triples' lists intersected (tokens/initials-triples.ts,
// rank/pinyin-sources.ts); over titles of polyphonic characters (长 is zhang and chang, 和 he, huo and hu),
// decoration between them, and letters or digits breaking their runs, the engine's totals and pages are
// the reference's. (indexed-search.property.test.ts covers every kind of keyword.)
import { test } from 'node:test';
import fc from 'fast-check';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { readingsOf } from '../../src/search/query/pinyin.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { assertProperty } from '../support/property.js';
import { sameFirstPages, toStored } from './support/same-answers.js';

const HAN = [...'霸道总长大重生行都和了后火婚'];
const PIECES = [...HAN, ...HAN, '·', ' ', '《', '》', 'a', '1', '（34集）'];
const title = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 8 }).map((parts) => parts.join(''));
const row = fc.record({
  id: fc.integer({ min: 1, max: 60 }),
  title,
  type: fc.constantFrom<ContentType>(...CONTENT_TYPES.slice(0, 2)),
  update_time: fc.integer({ min: 1, max: 6 }).map((day) => `2024-01-0${day} 12:00:00`),
});
/** A pick of a run of three to five characters of one of the titles, spelt by initials, each of one of its readings. */
// Half of them from a title's first character, where the start list decides the first pinyin tier.
const pick = fc.tuple(fc.nat(), fc.oneof(fc.constant(0), fc.nat()), fc.integer({ min: 3, max: 5 }), fc.nat());
const otherKeyword = fc.stringMatching(/^[bcdhlnsxz]{3,4}$/);

/** The initials of the picked run, or undefined when the title has too few characters there. */
function spelt(titles: string[], [which, from, length, reading]: [number, number, number, number]): string | undefined {
  const chars = [...(titles[which % titles.length] as string)].filter((unit) => HAN.includes(unit));
  const run = chars.slice(from % Math.max(1, chars.length), (from % Math.max(1, chars.length)) + length);
  if (run.length < 3) return undefined;
  return run
    .map((unit, at) => {
      const readings = readingsOf(unit.charCodeAt(0));
      return (readings[(reading + at) % readings.length] as string).charAt(0);
    })
    .join('');
}

test('keywords of three or more initials answer as the reference does', () => {
  assertProperty(
    fc.property(
      fc.array(row, { minLength: 1, maxLength: 60 }),
      fc.array(pick, { maxLength: 6 }),
      fc.array(otherKeyword, { maxLength: 2 }),
      (rows, picks, others) => {
        const words = [
          ...picks
            .map((chosen) =>
              spelt(
                rows.map(({ title }) => title),
                chosen,
              ),
            )
            .filter((word) => word !== undefined),
          ...others,
        ];
        const view = new CatalogueView();
        const engine = new IndexedSearch({ cachedResults: 0 });
        // A title with every letter: a keyword whose letter no title holds is checked against every title
        // (rank/pinyin-tiers.ts), not answered from the lists.
        const alphabet = { id: 61, title: 'abcdefghijklmnopqrstuvwxyz', type: CONTENT_TYPES[0], update_time: '2024-01-01 12:00:00' };
        engine.index(view, view.apply(toStored([...rows, alphabet])));
        view.reorder();
        engine.prepare(view);
        sameFirstPages(view, engine, words);
      },
    ),
    { numRuns: 400 },
  );
});
