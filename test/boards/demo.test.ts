// The bundled demo boards that `npm start` loads into an empty database, read from the demo data files
// (src/demo/content/) by the compiled loader, as `npm start` reads them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadDemoData } from '../../src/demo/load-demo-data.js';
import { RANKING_BOARDS } from '../../src/shared/board-names.js';
import { createTestContext, STORES } from '../support/harness.js';
import { importBoard, issueToken, rankingGet } from './support/helpers.js';

for (const store of STORES) {
  describe(`demo rankings [${store}]`, () => {
    test('fill every board of an empty database, with movement against an earlier snapshot, and say so', async () => {
      const ctx = await createTestContext(store);
      try {
        const log: string[] = [];
        await loadDemoData(ctx.services, (line) => log.push(line));
        assert.deepEqual(log, [
          'demo rankings loaded: 7 boards (hot-dramas, drama, movie, tv, anime, variety, actors)',
          'demo data loaded into the empty database: 3400 catalogue entries',
        ]);
        for (const board of RANKING_BOARDS) assert.equal(await ctx.services.rankings.boards.store.count(board), 2, board);
        const token = await issueToken(ctx);
        const hot = (await rankingGet(ctx, '/api/drama-actors/hot-dramas', { token })).json().data;
        assert.equal(hot.total, 20);
        assert.deepEqual(new Set(hot.items.map((item: { hot_change: string }) => item.hot_change)), new Set(['up', 'down', 'same', 'new']));
        const scores = hot.items.map((item: { hot_score: number }) => item.hot_score);
        assert.deepEqual(
          scores,
          [...scores].sort((a, b) => b - a),
          'scores fall off down the board',
        );
        for (const item of hot.items) {
          assert.match(item.cover, /^https:\/\//);
          assert.match(item.url, /^https:\/\/www\.baidu\.com\/s\?wd=/);
          assert.ok(item.genres.length > 0 && item.actors.length > 0 && item.description.length > 0);
        }
        const female = (await rankingGet(ctx, '/api/drama-actors/female', { token })).json().data;
        const male = (await rankingGet(ctx, '/api/drama-actors/male', { token })).json().data;
        const all = (await rankingGet(ctx, '/api/drama-actors', { token })).json().data;
        assert.ok(female.total > 0 && male.total > 0);
        assert.ok(female.total + male.total < all.total, 'one actor of unknown gender is only on the full board');
      } finally {
        await ctx.close();
      }
    });

    test('leave boards that already hold snapshots alone', async () => {
      const ctx = await createTestContext(store);
      try {
        await importBoard(ctx, 'variety', [{ title: '奔跑吧' }]);
        const log: string[] = [];
        await loadDemoData(ctx.services, (line) => log.push(line));
        assert.equal(log[0], 'demo rankings not loaded: the ranking boards already hold snapshots');
        assert.equal(await ctx.services.rankings.boards.store.count('movie'), 0);
      } finally {
        await ctx.close();
      }
    });
  });
}
