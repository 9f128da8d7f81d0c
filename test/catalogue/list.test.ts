import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

for (const store of STORES) {
  describe(`listing content [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
    });
    after(() => ctx.close());

    test('an empty catalogue lists nothing with total_pages 0', async () => {
      const response = await ctx.app.inject('/api/contents');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        success: true,
        message: '获取成功',
        data: { items: [], total: 0, page: 1, limit: 20, total_pages: 0 },
      });
    });

    test('lists newest first with every field, paginated, ties broken by id', async () => {
      await ctx.importEntries([
        entry({ title: '旧', source_link: 'https://a.example/1', update_time: '2024-01-01 00:00:00' }),
        entry({ title: '新', source_link: 'https://a.example/2', type: 'movie', update_time: '2024-03-01 08:00:00' }),
        entry({ title: '同时A', source_link: 'https://a.example/3', update_time: '2024-02-01 00:00:00' }),
        entry({ title: '同时B', source_link: 'https://a.example/4', update_time: '2024-02-01 00:00:00' }),
      ]);
      const first = (await ctx.app.inject('/api/contents?limit=3')).json();
      assert.deepEqual(
        first.data.items.map((item: { title: string }) => item.title),
        ['新', '同时B', '同时A'],
      );
      assert.deepEqual(first.data.items[0], {
        title: '新',
        source_link: 'https://a.example/2',
        type: 'movie',
        update_time: '2024-03-01 08:00:00',
      });
      assert.equal(first.data.total, 4);
      assert.equal(first.data.total_pages, 2);
      const second = (await ctx.app.inject('/api/contents?limit=3&page=2')).json();
      assert.deepEqual(
        second.data.items.map((item: { title: string }) => item.title),
        ['旧'],
      );
      const beyond = (await ctx.app.inject('/api/contents?limit=3&page=9')).json();
      assert.deepEqual(beyond.data, { items: [], total: 4, page: 9, limit: 3, total_pages: 2 });
    });
  });
}
