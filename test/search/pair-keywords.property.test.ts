// Property: a two-unit keyword, answered from its pair's lists and marks (rank/short-keywords.ts,
// `firstPairMatches`), has the reference's total and pages over titles that hold the pair literally, across
// decoration, in traditional script or with capitals (folding changes them, İ even their length), and with
// cores of two units or fewer; so do several-term keywords of such pairs (`pairHolders`), episode suffix or not.
// (indexed-search.property.test.ts covers every kind of keyword.)
import { test } from 'node:test';
import fc from 'fast-check';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { assertProperty } from '../support/property.js';
import { sameFirstPages, toStored } from './support/same-answers.js';

const PIECES = [
  ...'霸道总裁總爱愛甜a34集',
  '霸道',
  '总裁',
  '·',
  ' ',
  '（34集）',
  '【独播】',
  '《',
  '》',
  '!',
  '霸道總裁',
  '裁霸',
  '道·总',
  'A',
  'İ',
  '𠮷',
  '总裁（34集）',
];
const title = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 6 }).map((parts) => parts.join(''));
const row = fc.record({
  id: fc.integer({ min: 1, max: 60 }),
  title,
  type: fc.constantFrom<ContentType>(...CONTENT_TYPES.slice(0, 2)),
  update_time: fc.integer({ min: 1, max: 6 }).map((d) => `2024-01-0${d} 12:00:00`),
});
const pairChar = fc.constantFrom(...'霸道总裁總爱愛甜集3aA');
const kw = fc.tuple(pairChar, pairChar).map(([a, b]) => a + b);
test('two-unit keywords answer as the reference does', () => {
  assertProperty(
    fc.property(fc.array(row, { minLength: 1, maxLength: 60 }), fc.array(kw, { minLength: 1, maxLength: 8 }), (rows, words) => {
      sameAsReference(rows, words);
    }),
    { numRuns: 400 },
  );
});

// A several-term keyword's two-unit terms take their holders from the pair's lists less the checked
// titles that fail (rank/term-holders.ts, `pairHolders`), with or without a type filter.
// Ending in an episode suffix, the keyword's core is its first term alone (one or two units): the titles
// that may be exact come from that core's CHECK_ALONE or PAIR_CHECK list (rank/term-slices.ts, `shortCoreHolders`).
const terms = fc
  .tuple(
    fc.array(fc.oneof(kw, pairChar, fc.constantFrom('总裁', '霸道')), { minLength: 1, maxLength: 4 }),
    fc.constantFrom('', ' 34集', '（34集）', ' 第2集'),
  )
  .map(([parts, suffix]) => parts.join(' ') + suffix);
test('several-term keywords of two-unit terms answer as the reference does', () => {
  assertProperty(
    fc.property(fc.array(row, { minLength: 1, maxLength: 60 }), fc.array(terms, { minLength: 1, maxLength: 6 }), (rows, words) => {
      sameAsReference(rows, words, CONTENT_TYPES[0]);
    }),
    { numRuns: 300 },
  );
});

/** The engine's first pages and totals of each word equal the reference's (with a type filter too, if given). */
function sameAsReference(rows: Parameters<typeof toStored>[0], words: string[], type?: ContentType): void {
  const view = new CatalogueView();
  const engine = new IndexedSearch({ cachedResults: 0 });
  engine.index(view, view.apply(toStored(rows)));
  view.reorder();
  engine.prepare(view);
  sameFirstPages(view, engine, words, type);
}
