// Property: pinyin keywords spelt from the catalogue's own titles (a run of one to five characters of a
// title, from its first character or further on, in full syllables or initials, each character by one of
// its readings, or that spelling with one letter changed) answer as the reference does, in every tier,
// page and total. Drawn from a fixed list (indexed-search.property.test.ts), most pinyin keywords match
// nothing or hold a letter no indexed character begins a reading with, so the lists of rank/pinyin-sources.ts
// (initials pairs, initials triples and their start lists, characters by syllable, syllable pairs, and the
// intersections of longer keywords) seldom decide a title; here they decide most. A title of characters
// whose readings begin with every letter any reading begins with keeps a keyword's letters spellable.
import { test } from 'node:test';
import fc from 'fast-check';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { readingsOf } from '../../src/search/query/pinyin.js';
import { foldText, isDecoration } from '../../src/search/text/text-forms.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { assertProperty } from '../support/property.js';
import { sameAnswers, toStored } from './support/same-answers.js';

// Homophones (霸八吧, 道到), polyphones (长 chang/zhang, 重 zhong/chong, 行 xing/hang/heng, 和 he/huo/hu),
// traditional forms folded to simplified ones (總, 長), and readings sharing a prefix (hu, huo, hun).
const HAN = [...'霸八吧道到总總宗裁才爱长長重中甜生大行都和了火婚'];
const PIECES = [...HAN, ...HAN, '霸道', '总裁', '·', ' ', '《', '》', '（34集）', 'a', 'Z', '3', '𠮷'];
/** Readings beginning with each letter a reading can begin with (all but i, u and v). */
const EVERY_INITIAL = '啊八从道饿发个和就看了吗你哦怕去人是他我想有在';

const title = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((parts) => parts.join(''));
const row = fc.record({
  id: fc.integer({ min: 1, max: 80 }),
  title,
  type: fc.constantFrom<ContentType>(...CONTENT_TYPES.slice(0, 3)),
  update_time: fc.integer({ min: 1, max: 6 }).map((day) => `2024-01-0${day} 12:00:00`),
});
const batches = fc.array(fc.array(row, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 3 });

interface Pick {
  which: number;
  from: number;
  length: number;
  reading: number;
  initials: boolean;
  /** A letter to change (at `miss[0]` modulo the length, into the letter `miss[1]`): a near miss. */
  miss: [number, number] | null;
}
const pick: fc.Arbitrary<Pick> = fc.record({
  which: fc.nat(),
  // Half from the title's first character, where the first pinyin tier is decided.
  from: fc.oneof(fc.constant(0), fc.nat()),
  length: fc.integer({ min: 1, max: 5 }),
  reading: fc.nat(),
  initials: fc.boolean(),
  miss: fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 0, max: 25 })), weight: 1 },
  ),
});

/** The keyword a pick spells from the titles, or undefined when its title has no character with readings there. */
function spelt(titles: string[], { which, from, length, reading, initials, miss }: Pick): string | undefined {
  const units = [...foldText(titles[which % titles.length] as string)].filter((unit) => !isDecoration(unit.charCodeAt(0)));
  const run: string[] = [];
  // A character without readings (a letter, a digit, 𠮷) ends the run, as it breaks a pinyin match.
  for (const unit of units.slice(units.length === 0 ? 0 : from % units.length)) {
    const readings = unit.length === 1 ? readingsOf(unit.charCodeAt(0)) : [];
    if (readings.length === 0 || run.length === length) break;
    const chosen = readings[(reading + run.length) % readings.length] as string;
    run.push(initials ? chosen.charAt(0) : chosen);
  }
  if (run.length === 0) return undefined;
  const word = [...run.join('')];
  if (miss) word[miss[0] % word.length] = String.fromCharCode(97 + miss[1]);
  return word.join('');
}

test('pinyin keywords spelt from the titles answer as the reference does', () => {
  assertProperty(
    fc.property(
      batches,
      fc.array(pick, { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.integer({ min: 0, max: 8 }),
      // Mostly rebuilt, so most titles are in the build, whose lists are under test (the delta is checked title by title).
      fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
      (imports, picks, everyInitial, deltaLimit, callPrepare) => {
        const view = new CatalogueView();
        const engine = new IndexedSearch({ deltaLimit });
        const alphabet = { id: 81, title: EVERY_INITIAL, type: CONTENT_TYPES[0], update_time: '2024-01-01 12:00:00' };
        const [first = [], ...later] = imports;
        const titles: string[] = [];
        for (const batch of [everyInitial ? [...first, alphabet] : first, ...later]) {
          titles.push(...batch.map((entry) => entry.title));
          engine.index(view, view.apply(toStored(batch)));
          view.reorder();
          if (callPrepare) engine.prepare(view);
          sameAnswers(
            view,
            engine,
            picks.map((chosen) => spelt(titles, chosen)).filter((word) => word !== undefined),
          );
        }
      },
    ),
    { numRuns: 500 },
  );
});
