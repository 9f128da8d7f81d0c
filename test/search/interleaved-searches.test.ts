// Two searches in flight over one build on one worker: the second runs between the first's tiering and
// its layout, and neither reads the other's leftovers (candidates, counts, term counts). Each search is
// lent its own context (src/search/rank/search-context.ts), so the build keeps no "last search": the old
// shape, where `search` left its count and candidates on the build for a later `answer`, laid out the
// first keyword with the second's candidates here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { BuiltIndex } from '../../src/search/built-index.js';
import { parseQuery } from '../../src/search/query/search-query.js';
import { prepareQuery } from '../../src/search/query/title-forms.js';
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../../src/shared/content-types.js';
import { ReferenceSearch } from './support/reference-search.js';
import { toStored } from './support/same-answers.js';

const PIECES = ['霸道', '总裁', '爱', 'Love', '（34集）', '重生', '甜宠', '归来', '集', '了'];

function buildOver(view: CatalogueView): BuiltIndex {
  const order = view.ordered({});
  const rankOf = new Int32Array(view.slotCount).fill(-1);
  for (const [rank, slot] of order.entries()) rankOf[slot] = rank;
  const typeOf = new Uint8Array(view.slotCount);
  for (const type of CONTENT_TYPES) for (const slot of view.ordered({ type })) typeOf[slot] = TYPE_CODE[type];
  return BuiltIndex.build(view, { rankOf, typeOf, previous: undefined, fresh: view.slotCount * 32 });
}

describe('searches over one build', () => {
  const view = new CatalogueView();
  view.apply(
    toStored(
      Array.from({ length: 400 }, (_, index) => ({
        id: index + 1,
        title: Array.from({ length: 1 + (index % 4) }, (_, at) => PIECES[(index * 7 + at * 3) % PIECES.length]).join(''),
        type: CONTENT_TYPES[index % 3] as ContentType,
        update_time: `2024-0${1 + (index % 9)}-1${index % 10} 0${index % 10}:00:00`,
      })),
    ),
  );
  view.reorder();
  const built = buildOver(view);
  const reference = new ReferenceSearch();
  // Keywords of different plans and answer sizes: a common unit, several terms, a pair, pinyin.
  const keywords = ['集', '总裁 甜宠 爱', '重生', 'bdzc', '霸道总裁', 'love'];

  test('two interleaved searches each lay out their own answer', () => {
    for (const first of keywords) {
      for (const second of keywords) {
        const one = prepareQuery(parseQuery(first));
        const two = prepareQuery(parseQuery(second));
        const oneCounts = new Int32Array(one.tierCount);
        const twoCounts = new Int32Array(two.tierCount);
        const oneTiered = built.search(built.plan(one, -1), one, -1, oneCounts);
        // The second search's first page from lists and its whole answer, both while the first is in flight.
        const twoFirst = built.firstMatches(built.plan(two, -1), two, -1, 20);
        const twoTiered = built.search(built.plan(two, -1), two, -1, twoCounts);
        const oneAnswer = oneTiered.answer(oneCounts);
        const twoAnswer = twoTiered.answer(twoCounts);
        assert.deepEqual(Array.from(oneAnswer.all()), reference.find(view, first), `${first} beside ${second}`);
        assert.deepEqual(Array.from(twoAnswer.all()), reference.find(view, second), `${second} beside ${first}`);
        if (twoFirst) assert.deepEqual(Array.from(twoFirst.page(0, 20)), reference.find(view, second).slice(0, 20));
      }
    }
  });

  test('a laid-out search gives its context back and cannot be laid out again', () => {
    const query = prepareQuery(parseQuery('总裁'));
    const counts = new Int32Array(query.tierCount);
    const tiered = built.search(built.plan(query, -1), query, -1, counts);
    const result = new Int32Array(counts.reduce((sum, count) => sum + count, 0));
    const starts = new Int32Array(query.tierCount + 1);
    for (const [tier, count] of counts.entries()) starts[tier + 1] = (starts[tier] ?? 0) + count;
    tiered.place(result, starts);
    assert.deepEqual(Array.from(result), reference.find(view, '总裁'));
    assert.throws(() => tiered.answer(counts), /laid out once/);
  });
});
