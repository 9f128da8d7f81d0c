// The search worker (src/search/worker/) answers exactly what ReferenceSearch answers over the catalogue
// view, across loads that add and change titles, between a batch and its reorder, and for the next
// pages of a search with their exact total; a search sent after a batch sees that batch; a worker that
// stops is replaced.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, describe, test } from 'node:test';
import type { Worker } from 'node:worker_threads';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { WorkerSearch } from '../../src/search/worker/worker-search.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { ReferenceSearch } from './support/reference-search.js';
import { toStored } from './support/same-answers.js';

const TITLES = [
  '霸道总裁',
  '《霸道总裁》',
  '霸道總裁愛上我',
  '重生之霸道总裁（34集）',
  'Love Story',
  'ＬＯＶＥ',
  '总裁夫人',
  '甜宠总裁',
  '长大',
  'i love you',
];
const KEYWORDS = ['霸道总裁', '总裁', '總', 'love', 'bdzc', 'zhangda', '总裁 甜宠', '龘', 'l', '!'];

function rows(first: number, titles: string[], day: number) {
  return titles.map((title, index) => ({
    id: first + index,
    title,
    type: CONTENT_TYPES[index % 3] as ContentType,
    update_time: `2024-01-0${day} 0${index % 10}:00:00`,
  }));
}

async function sameAsReference(view: CatalogueView, engine: WorkerSearch): Promise<void> {
  const reference = new ReferenceSearch();
  for (const keyword of KEYWORDS) {
    for (const type of [undefined, 'post', 'movie'] as const) {
      const expected = reference.find(view, keyword, type);
      assert.deepEqual(Array.from(await engine.find(view, keyword, type)), expected, `${keyword} ${type}`);
    }
  }
}

describe('searches on the worker thread', () => {
  const engine = new WorkerSearch();
  after(() => engine.close());

  test('give the reference answers across loads, before and after the reorder', async () => {
    const view = new CatalogueView();
    engine.index(view, view.apply(toStored(rows(1, TITLES, 1))));
    view.reorder();
    await engine.prepare(view);
    await sameAsReference(view, engine);
    // A changed title and new ones, searched before the reorder (as during a load), then after it.
    engine.index(view, view.apply(toStored([...rows(3, ['总裁的甜宠'], 2), ...rows(40, TITLES.slice(0, 4), 3)])));
    await sameAsReference(view, engine);
    view.reorder();
    await engine.prepare(view);
    await sameAsReference(view, engine);
  });

  test('answer pages with the exact total, concurrent requests for a page alike', async () => {
    const view = new CatalogueView();
    engine.index(view, view.apply(toStored(rows(1, TITLES, 1))));
    view.reorder();
    await engine.prepare(view);
    const all = new ReferenceSearch().find(view, '总裁');
    const [first, second] = [engine.findPage(view, '总裁', undefined, 1, 2), engine.findPage(view, '总裁', undefined, 1, 2)];
    const expected = { total: all.length, slots: Int32Array.from(all.slice(1, 3)) };
    assert.deepEqual(await first, expected);
    assert.deepEqual(await second, expected);
    assert.deepEqual(await engine.findPage(view, '总裁', 'post', 50, 20), {
      total: new ReferenceSearch().find(view, '总裁', 'post').length,
      slots: new Int32Array(0),
    });
  });

  test('a worker that stops is replaced and given every title again', async () => {
    const view = new CatalogueView();
    engine.index(view, view.apply(toStored(rows(1, TITLES, 1))));
    view.reorder();
    await engine.prepare(view);
    // Reaching into the pool's thread is the only way to make its worker stop as a crash would.
    const thread = (engine as unknown as { threads: Array<{ worker: Worker }> }).threads[0] as { worker: Worker };
    const worker = thread.worker;
    const exited = once(worker, 'exit');
    await worker.terminate();
    await exited;
    assert.notEqual(thread.worker, worker);
    await sameAsReference(view, engine);
  });
});
