import assert from 'node:assert/strict';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const titles = (body: { data: { items: Array<{ title: string }> } }) => body.data.items.map((item) => item.title);

for (const store of STORES) {
  describe(`today's entries [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([
        entry({ title: '昨天深夜', update_time: '2024-05-05 23:59:59' }),
        entry({ title: '今天零点', update_time: '2024-05-06 00:00:00' }),
        entry({ title: '今天中午电影', type: 'movie', update_time: '2024-05-06 12:00:00' }),
        entry({ title: '今天深夜', update_time: '2024-05-06 23:59:59' }),
        entry({ title: '明天零点', update_time: '2024-05-07 00:00:00' }),
      ]);
    });
    after(() => ctx.close());
    afterEach(() => mock.timers.reset());

    // 2024-05-05T16:30:00Z is 2024-05-06 00:30 in Asia/Shanghai (UTC+8), the default catalogue zone.
    const shanghaiJustAfterMidnight = new Date('2024-05-05T16:30:00Z');

    test('"today" is the date in the catalogue time zone, boundaries included and excluded exactly', async () => {
      mock.timers.enable({ apis: ['Date'], now: shanghaiJustAfterMidnight });
      const body = (await ctx.app.inject('/api/contents?today')).json();
      assert.deepEqual(titles(body), ['今天深夜', '今天中午电影', '今天零点']);
      assert.equal(body.data.total, 3);
      assert.equal(body.data.total_pages, 1);
    });

    test('presence selects today whatever the value: ?today, ?today=, ?today=0, ?today=false', async () => {
      mock.timers.enable({ apis: ['Date'], now: shanghaiJustAfterMidnight });
      for (const query of ['today', 'today=', 'today=0', 'today=false']) {
        const body = (await ctx.app.inject(`/api/contents?${query}`)).json();
        assert.equal(body.data.total, 3, query);
      }
    });

    test('a type with today echoes today: true and lists only that type', async () => {
      mock.timers.enable({ apis: ['Date'], now: shanghaiJustAfterMidnight });
      const body = (await ctx.app.inject('/api/contents/post?today')).json();
      assert.equal(body.data.today, true);
      assert.equal(body.data.content_type, 'post');
      assert.deepEqual(titles(body), ['今天深夜', '今天零点']);
      const keyword = (await ctx.app.inject(`/api/contents/post?today&keyword=${encodeURIComponent('深夜')}`)).json();
      assert.deepEqual(titles(keyword), ['今天深夜']);
      assert.equal(keyword.data.keyword, '深夜');
    });

    test('in UTC the same instant is still 2024-05-05', async () => {
      mock.timers.enable({ apis: ['Date'], now: shanghaiJustAfterMidnight });
      const utc = await createTestContext(store, { CATALOGUE_TZ: 'UTC' });
      try {
        await utc.importEntries([
          entry({ title: '五号', update_time: '2024-05-05 08:00:00' }),
          entry({ title: '六号', update_time: '2024-05-06 08:00:00' }),
        ]);
        assert.deepEqual(titles((await utc.app.inject('/api/contents?today')).json()), ['五号']);
      } finally {
        await utc.close();
      }
    });

    test('no entries today gives an empty list with total 0 and total_pages 0', async () => {
      mock.timers.enable({ apis: ['Date'], now: new Date('2030-01-01T00:00:00Z') });
      const body = (await ctx.app.inject('/api/contents/movie?today')).json();
      assert.deepEqual(body.data.items, []);
      assert.equal(body.data.total, 0);
      assert.equal(body.data.total_pages, 0);
      assert.equal(body.data.today, true);
    });
  });
}
