// The first build takes titles folded and keyed while the store streamed (prepared-titles.ts): a start-up
// sized load (batches of thousands, so the prepared arrays take their large mappings) must answer exactly
// what the reference answers, and so must every later state, after refreshes that change, add and remove
// titles, with and without a rebuild, on the catalogue's thread and on the search worker.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { WorkerSearch } from '../../src/search/worker/worker-search.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { ReferenceSearch } from './support/reference-search.js';
import { toStored } from './support/same-answers.js';

const PIECES = ['霸道', '总裁', '總裁', '爱', 'Love', 'ＬＯＶＥ', '（34集）', '重生', '长大', '·', ' ', '甜宠', '《', '》', '𠮷', 'A'];
const KEYWORDS = ['霸道总裁', '总裁', '總', 'love', 'bdzc', 'zhangda', '总裁 甜宠', '爱', 'A', '!', '34集', '𠮷'];

/** `count` rows from id `first`, titles drawn from PIECES by a fixed rule (`salt` changes them). */
function rows(first: number, count: number, salt: number) {
  return Array.from({ length: count }, (_, index) => {
    const id = first + index;
    const pieces = Array.from({ length: 1 + ((id * 7 + salt) % 4) }, (_, at) => PIECES[(id * 31 + at * 17 + salt * 5) % PIECES.length]);
    return {
      id,
      title: pieces.join(''),
      type: CONTENT_TYPES[(id + salt) % 3] as ContentType,
      update_time: `2024-0${1 + ((id + salt) % 9)}-1${id % 10} 0${id % 10}:00:00`,
    };
  });
}

/** Streams rows in batches as a load does, then reorders and prepares. */
function load(
  view: CatalogueView,
  engine: IndexedSearch | WorkerSearch,
  all: ReturnType<typeof rows>,
  batch: number,
): Promise<void> | void {
  for (let start = 0; start < all.length; start += batch) engine.index(view, view.apply(toStored(all.slice(start, start + batch))));
  view.reorder();
  return engine.prepare?.(view);
}

/** Every match and a page in the middle, with its total, as the reference has them. */
function sameAnswers(view: CatalogueView, engine: IndexedSearch, keywords: string[]): void {
  const reference = new ReferenceSearch();
  for (const keyword of keywords) {
    for (const type of [undefined, 'post', 'movie'] as const) {
      const expected = reference.find(view, keyword, type);
      assert.deepEqual(Array.from(engine.find(view, keyword, type)), expected, `${keyword} ${type}`);
      const page = engine.findPage(view, keyword, type, 7, 20);
      assert.equal(page.total, expected.length);
      assert.deepEqual(Array.from(page.slots), expected.slice(7, 27), `page of ${keyword} ${type}`);
    }
  }
}

describe('a first build from titles prepared while the store streams', () => {
  test('answers exactly, and stays exact across refreshes with and without rebuilds', () => {
    const view = new CatalogueView();
    const engine = new IndexedSearch();
    load(view, engine, rows(1, 6000, 0), 2000);
    sameAnswers(view, engine, KEYWORDS);
    // A small refresh (a delta) and a large one (a rebuild that copies the first build's titles).
    load(view, engine, rows(100, 50, 1), 50);
    sameAnswers(view, engine, KEYWORDS);
    const removed = view.remove([5, 6, 7, 4000]);
    engine.remove(view, removed.slots);
    load(view, engine, [...rows(2000, 3000, 2), ...rows(6001, 1500, 3)], 1500);
    sameAnswers(view, engine, KEYWORDS);
  });

  describe('on the search worker', () => {
    const engine = new WorkerSearch();
    after(() => engine.close());

    test('answers exactly after a start-up sized load and a refresh', async () => {
      const view = new CatalogueView();
      const reference = new ReferenceSearch();
      const check = async () => {
        for (const keyword of KEYWORDS) {
          for (const type of [undefined, 'post'] as const) {
            assert.deepEqual(Array.from(await engine.find(view, keyword, type)), reference.find(view, keyword, type), `${keyword} ${type}`);
          }
        }
      };
      await load(view, engine, rows(1, 5000, 0), 2500);
      await check();
      await load(view, engine, rows(2500, 2000, 4), 2000);
      await check();
    });
  });
});
