// Property: one-unit and two-unit keywords, answered from lists and marks (rank/short-keywords.ts), give the
// reference's answers, pages and totals, with and without a type filter, over titles whose core is short
// (an episode suffix after one or two characters: `仙逆 更新至第89集`) or that folding changes (traditional
// script, capitals, İ even its length), and for keywords that folding changes (`乾` → `干`, `Z` → `z`,
// tokens/literal-units.ts). pair-keywords.property.test.ts covers two-unit keywords across decoration,
// indexed-search.property.test.ts every kind.
import { test } from 'node:test';
import fc from 'fast-check';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { assertProperty } from '../support/property.js';
import { sameAnswers, toStored } from './support/same-answers.js';

const PIECES = [
  ...'霸总裁總集新更乾干幹愛爱AZza1',
  '总裁',
  '更新',
  '乾干',
  '總裁',
  ' 更新至第12集',
  '（34集）',
  '第1集',
  ' 全集',
  '·',
  ' ',
  '《',
  '》',
  'İ',
];
const title = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 3 }).map((parts) => parts.join(''));
const row = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  title,
  type: fc.constantFrom<'post' | 'dongman'>('post', 'dongman'),
  update_time: fc.integer({ min: 1, max: 6 }).map((d) => `2024-01-0${d} 12:00:00`),
});
const unit = fc.constantFrom(...'霸总裁總集新更乾干幹愛爱AZz1第');
const kw = fc.oneof(
  unit,
  fc.constantFrom('总裁', '更新', '總裁', '乾干', '新更', '集1'),
  fc.tuple(unit, unit).map(([a, b]) => a + b),
);

test('one- and two-unit keywords answer as the reference does over short cores and folded titles', () => {
  assertProperty(
    fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), fc.array(kw, { minLength: 1, maxLength: 8 }), (rows, words) => {
      const view = new CatalogueView();
      const engine = new IndexedSearch({ cachedResults: 0 });
      engine.index(view, view.apply(toStored(rows)));
      view.reorder();
      engine.prepare(view);
      sameAnswers(view, engine, words);
    }),
    { numRuns: 300 },
  );
});
