// Family A and family B through the ranking listener: every path, every record field, the gender views,
// hot_change against the previous snapshot, `start`/`hit`, and which listener serves what.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FAMILY_B_BOARDS } from '../../src/shared/board-names.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { importBoard, issueToken, rankingGet } from './support/helpers.js';

const SNAPSHOT_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

for (const store of STORES) {
  describe(`ranking boards [${store}]`, () => {
    let ctx: TestContext;
    let token: string;
    before(async () => {
      ctx = await createTestContext(store);
      token = await issueToken(ctx);
    });
    after(() => ctx.close());

    const get = (url: string, headers?: Record<string, string>) => rankingGet(ctx, url, { token, headers });

    test('an empty board answers 200 with no items and an empty updated_at', async () => {
      for (const path of ['/api/drama-actors/hot-dramas', '/api/drama-actors', '/api/drama-actors/female', '/api/drama-actors/male']) {
        const response = await get(path);
        assert.equal(response.statusCode, 200, path);
        assert.deepEqual(response.json().data, {
          items: [],
          total: 0,
          board: path.endsWith('hot-dramas') ? 'hot-dramas' : 'actors',
          updated_at: '',
        });
      }
      const hot = await get('/api/extrank/variety/hot');
      assert.deepEqual(hot.json(), {
        success: true,
        message: '获取成功',
        data: { items: [], total: 0, board: 'variety', updated_at: '', start: 1, hit: 20 },
      });
    });

    test('hot dramas: every field of the record, category = board, updated_at = snapshot time, hot_change vs previous', async () => {
      const at = new Date('2025-03-01T04:00:00Z'); // 12:00 in Asia/Shanghai
      await importBoard(
        ctx,
        'hot-dramas',
        [{ title: '旧剧' }, { title: '闪婚后傅总追妻' }, { title: '下榜的剧' }, { title: '千金归来' }],
        at,
      );
      const summary = await importBoard(
        ctx,
        'hot-dramas',
        [
          {
            title: '闪婚后傅总追妻',
            hot_score: 4_900_000,
            tag: '爆',
            cover: 'https://img.example.com/1.jpg',
            description: '契约闪婚',
            genres: ['都市', '甜宠'],
            actors: ['林婉清', '顾北辰'],
            url: 'https://www.baidu.com/s?wd=1',
            category: 'ignored',
            hot_change: 'ignored',
            updated_at: 'ignored',
          },
          { title: '新剧上线', hot_score: 3_000_000 },
          { title: '旧剧', hot_score: 2_000_000 },
          { title: '千金归来', hot_score: 1_000_000 },
        ],
        new Date('2025-03-01T05:30:15Z'),
      );
      assert.deepEqual(summary.changes, { up: 1, down: 1, same: 1, new: 1 });
      const response = await get('/api/drama-actors/hot-dramas');
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.equal(body.success, true);
      assert.equal(body.data.board, 'hot-dramas');
      assert.equal(body.data.total, 4);
      assert.equal(body.data.updated_at, '2025-03-01 13:30:15');
      assert.deepEqual(body.data.items[0], {
        rank: 1,
        title: '闪婚后傅总追妻',
        hot_score: 4_900_000,
        hot_change: 'up',
        tag: '爆',
        cover: 'https://img.example.com/1.jpg',
        description: '契约闪婚',
        category: 'hot-dramas',
        genres: ['都市', '甜宠'],
        actors: ['林婉清', '顾北辰'],
        url: 'https://www.baidu.com/s?wd=1',
        updated_at: '2025-03-01 13:30:15',
      });
      // Defaults of omitted fields: empty strings and arrays, never a missing key.
      assert.deepEqual(body.data.items[1], {
        rank: 2,
        title: '新剧上线',
        hot_score: 3_000_000,
        hot_change: 'new',
        tag: '',
        cover: '',
        description: '',
        category: 'hot-dramas',
        genres: [],
        actors: [],
        url: '',
        updated_at: '2025-03-01 13:30:15',
      });
      assert.deepEqual(
        body.data.items.map((item: { title: string; rank: number; hot_change: string }) => [item.rank, item.title, item.hot_change]),
        [
          [1, '闪婚后傅总追妻', 'up'],
          [2, '新剧上线', 'new'],
          [3, '旧剧', 'down'],
          [4, '千金归来', 'same'],
        ],
      );
    });

    test('explicit ranks order the board; the first snapshot is all new', async () => {
      await importBoard(ctx, 'movie', [
        { rank: 3, title: '满江红' },
        { rank: 1, title: '流浪地球2' },
        { rank: 2, title: '热辣滚烫' },
      ]);
      const body = (await get('/api/extrank/movie/hot')).json();
      assert.deepEqual(
        body.data.items.map((item: { rank: number; title: string; hot_change: string; category: string }) => [
          item.rank,
          item.title,
          item.hot_change,
          item.category,
        ]),
        [
          [1, '流浪地球2', 'new', 'movie'],
          [2, '热辣滚烫', 'new', 'movie'],
          [3, '满江红', 'new', 'movie'],
        ],
      );
    });

    test('actors: all, female and male; gender views re-ranked 1..n with movement measured within the gender', async () => {
      await importBoard(ctx, 'actors', [
        { name: '林婉清', gender: 'female' },
        { name: '沈星河', gender: 'male' },
        { name: '江若雪', gender: '女' },
        { name: '小鹿' },
      ]);
      await importBoard(ctx, 'actors', [
        {
          name: '沈星河',
          gender: 'male',
          hot_score: 900,
          avatar: 'https://img.example.com/a.jpg',
          works: ['我的女帝老婆'],
          url: 'https://www.baidu.com/s?wd=%E6%B2%88',
        },
        { name: '林婉清', gender: 'female', hot_score: 800 },
        { name: '江若雪', gender: 'female', hot_score: 700 },
        { name: '顾北辰', gender: 'm', hot_score: 600 },
        { name: '小鹿', gender: 'unknown', hot_score: 500 },
      ]);
      const all = (await get('/api/drama-actors')).json().data;
      assert.equal(all.board, 'actors');
      assert.equal(all.total, 5);
      assert.match(all.updated_at, SNAPSHOT_TIME);
      assert.deepEqual(all.items[0], {
        rank: 1,
        name: '沈星河',
        gender: 'male',
        hot_score: 900,
        hot_change: 'up',
        avatar: 'https://img.example.com/a.jpg',
        works: ['我的女帝老婆'],
        url: 'https://www.baidu.com/s?wd=%E6%B2%88',
        updated_at: all.updated_at,
      });
      assert.deepEqual(
        all.items.map((actor: { name: string; rank: number; hot_change: string; gender: string }) => [
          actor.rank,
          actor.name,
          actor.gender,
          actor.hot_change,
        ]),
        [
          [1, '沈星河', 'male', 'up'],
          [2, '林婉清', 'female', 'down'],
          [3, '江若雪', 'female', 'same'],
          [4, '顾北辰', 'male', 'new'],
          [5, '小鹿', 'unknown', 'down'],
        ],
      );

      const female = (await get('/api/drama-actors/female')).json().data;
      assert.equal(female.board, 'actors');
      assert.equal(female.total, 2);
      assert.equal(female.updated_at, all.updated_at);
      // 林婉清 fell from 1 to 2 overall but is still first among actresses.
      assert.deepEqual(
        female.items.map((actor: { name: string; rank: number; hot_change: string; gender: string }) => [
          actor.rank,
          actor.name,
          actor.gender,
          actor.hot_change,
        ]),
        [
          [1, '林婉清', 'female', 'same'],
          [2, '江若雪', 'female', 'same'],
        ],
      );
      const male = (await get('/api/drama-actors/male')).json().data;
      assert.deepEqual(
        male.items.map((actor: { name: string; rank: number; hot_change: string }) => [actor.rank, actor.name, actor.hot_change]),
        [
          [1, '沈星河', 'same'],
          [2, '顾北辰', 'new'],
        ],
      );
      assert.equal(male.total, 2);
    });

    test('family B: every board is served under its path with its own records', async () => {
      for (const board of FAMILY_B_BOARDS) {
        await importBoard(ctx, board, [{ title: `${board}-第一` }, { title: `${board}-第二` }]);
      }
      for (const board of FAMILY_B_BOARDS) {
        const response = await get(`/api/extrank/${board}/hot`);
        assert.equal(response.statusCode, 200, board);
        const data = response.json().data;
        assert.equal(data.board, board);
        assert.equal(data.start, 1);
        assert.equal(data.hit, 20);
        assert.equal(data.total, 2);
        assert.deepEqual(
          data.items.map((item: { title: string; category: string }) => [item.title, item.category]),
          [
            [`${board}-第一`, board],
            [`${board}-第二`, board],
          ],
        );
      }
      assert.equal((await get('/api/extrank/music/hot')).statusCode, 404);
      assert.equal((await get('/api/extrank/actors/hot')).statusCode, 404);
    });

    test('hit: default 20, cuts the list, more than the board holds returns what it holds, total stays the board size', async () => {
      await importBoard(
        ctx,
        'tv',
        Array.from({ length: 30 }, (_, index) => ({ title: `剧集${index + 1}`, hot_score: 1000 - index })),
      );
      const byDefault = (await get('/api/extrank/tv/hot')).json().data;
      assert.equal(byDefault.items.length, 20);
      assert.equal(byDefault.total, 30);
      const five = (await get('/api/extrank/tv/hot?start=1&hit=5')).json().data;
      assert.deepEqual(
        five.items.map((item: { rank: number }) => item.rank),
        [1, 2, 3, 4, 5],
      );
      assert.equal(five.hit, 5);
      const many = (await get('/api/extrank/tv/hot?hit=500')).json().data;
      assert.equal(many.items.length, 30);
      assert.equal(many.hit, 500);
    });

    test('start must be 1 and hit a positive integer up to the ceiling: anything else is 400 naming the parameter', async () => {
      for (const query of [
        'start=0',
        'start=2',
        'start=',
        'start=1.0',
        'start=01',
        'start=1&start=1',
        'hit=0',
        'hit=-1',
        'hit=1.5',
        'hit=abc',
        'hit=',
        'hit=1e2',
        'hit=501',
        'hit=5&hit=6',
      ]) {
        const response = await get(`/api/extrank/drama/hot?${query}`);
        assert.equal(response.statusCode, 400, query);
        const body = response.json();
        assert.equal(body.error_code, 'BAD_REQUEST', query);
        assert.match(body.error, query.startsWith('start') ? /start/ : /hit/, query);
        assert.equal(typeof body.suggestion, 'string');
      }
      const english = await get('/api/extrank/drama/hot?hit=501', { 'accept-language': 'en' });
      assert.match(english.json().error, /Parameter hit is invalid.*from 1 to 500/);
    });

    test('an English client gets English messages', async () => {
      const response = await get('/api/drama-actors', { 'accept-language': 'en-US,en;q=0.9' });
      assert.equal(response.json().message, 'Fetched successfully');
    });

    test('HEAD is served, other methods are 404 in the envelope', async () => {
      const head = await ctx.rankingApp.inject({ method: 'HEAD', url: '/api/drama-actors', headers: { authorization: `Bearer ${token}` } });
      assert.equal(head.statusCode, 200);
      const post = await ctx.rankingApp.inject({ method: 'POST', url: '/api/drama-actors', headers: { authorization: `Bearer ${token}` } });
      assert.equal(post.statusCode, 404);
      assert.equal(post.json().error_code, 'RESOURCE_NOT_FOUND');
    });
  });

  describe(`ranking configuration [${store}]`, () => {
    test('RANKING_HIT_MAX sets the ceiling of hit', async () => {
      const ctx = await createTestContext(store, { RANKING_HIT_MAX: '50' });
      try {
        const token = await issueToken(ctx);
        assert.equal((await rankingGet(ctx, '/api/extrank/anime/hot?hit=50', { token })).statusCode, 200);
        assert.equal((await rankingGet(ctx, '/api/extrank/anime/hot?hit=51', { token })).statusCode, 400);
      } finally {
        await ctx.close();
      }
    });

    test('old snapshots are pruned on import after the retention time, but a board keeps its two latest', async () => {
      const ctx = await createTestContext(store, { RANKING_SNAPSHOT_RETENTION_DAYS: '7' });
      try {
        const day = 86_400_000;
        const start = Date.parse('2025-01-01T00:00:00Z');
        await importBoard(ctx, 'anime', [{ title: '凡人修仙传' }], new Date(start));
        await importBoard(ctx, 'anime', [{ title: '凡人修仙传' }], new Date(start + day));
        await importBoard(ctx, 'anime', [{ title: '凡人修仙传' }], new Date(start + 2 * day));
        assert.equal(await ctx.services.rankings.boards.store.count('anime'), 3);
        // Thirty days later: the first two are older than seven days and not among the two latest.
        await importBoard(ctx, 'anime', [{ title: '仙逆' }, { title: '凡人修仙传' }], new Date(start + 30 * day));
        assert.equal(await ctx.services.rankings.boards.store.count('anime'), 2);
        const token = await issueToken(ctx);
        const items = (await rankingGet(ctx, '/api/extrank/anime/hot', { token })).json().data.items;
        // hot_change still measured against the snapshot just before.
        assert.deepEqual(
          items.map((item: { title: string; hot_change: string }) => [item.title, item.hot_change]),
          [
            ['仙逆', 'new'],
            ['凡人修仙传', 'down'],
          ],
        );
        // Two latest kept even when both are old.
        await importBoard(ctx, 'variety', [{ title: '奔跑吧' }], new Date(start));
        await importBoard(ctx, 'variety', [{ title: '种地吧' }], new Date(start + 100 * day));
        assert.equal(await ctx.services.rankings.boards.store.count('variety'), 2);
      } finally {
        await ctx.close();
      }
    });
  });

  describe(`the two listeners stay apart [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store, { WECHAT_TOKEN: 'wechat-token' });
    });
    after(() => ctx.close());

    test('the catalogue address serves no ranking path and no /wechat', async () => {
      const token = await issueToken(ctx);
      for (const path of [
        '/api/drama-actors/hot-dramas',
        '/api/drama-actors',
        '/api/drama-actors/female',
        '/api/drama-actors/male',
        '/api/extrank/drama/hot',
        '/wechat',
      ]) {
        const response = await ctx.app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
        assert.equal(response.statusCode, 404, path);
        assert.equal(response.json().error_code, 'RESOURCE_NOT_FOUND');
      }
    });

    test('the ranking address serves no catalogue path, even with a valid token', async () => {
      const token = await issueToken(ctx);
      for (const path of [
        '/api/contents',
        '/api/contents/post',
        '/api/contents/post/all',
        '/api/types',
        '/api/search?keyword=a',
        '/api/status',
        '/api/health',
      ]) {
        const response = await rankingGet(ctx, path, { token });
        assert.equal(response.statusCode, 404, path);
        assert.equal(response.json().error_code, 'RESOURCE_NOT_FOUND');
      }
    });

    test('status lists the ranking features that are on', async () => {
      const features = (await ctx.app.inject('/api/status')).json().data.features;
      assert.ok(features.includes('ranking'));
      assert.ok(features.includes('wechat-token-channel'));
      const plain = await createTestContext(store);
      try {
        const plainFeatures = (await plain.app.inject('/api/status')).json().data.features;
        assert.ok(plainFeatures.includes('ranking'));
        assert.ok(!plainFeatures.includes('wechat-token-channel'));
      } finally {
        await plain.close();
      }
    });
  });
}
