import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

for (const store of STORES) {
  describe(`content of one type [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([
        entry({ title: '外部A', type: 'extsrc', update_time: '2024-05-01 10:00:00' }),
        entry({ title: '外部B', type: 'extsrc', update_time: '2024-05-02 10:00:00' }),
        entry({ title: '电影A', type: 'movie', update_time: '2024-05-03 10:00:00' }),
      ]);
    });
    after(() => ctx.close());

    test('lists only that type and echoes content_type', async () => {
      const body = (await ctx.app.inject('/api/contents/extsrc')).json();
      assert.equal(body.success, true);
      assert.deepEqual(
        body.data.items.map((item: { title: string }) => item.title),
        ['外部B', '外部A'],
      );
      assert.equal(body.data.content_type, 'extsrc');
      assert.equal(body.data.total, 2);
      assert.equal(body.data.total_pages, 1);
      assert.equal('keyword' in body.data, false);
      assert.equal('today' in body.data, false);
    });

    test('the legacy identifier baidu is an alias of extsrc, answered as extsrc', async () => {
      const body = (await ctx.app.inject('/api/contents/baidu?limit=1')).json();
      assert.equal(body.data.content_type, 'extsrc');
      assert.equal(body.data.items[0].type, 'extsrc');
      const search = (await ctx.app.inject('/api/search?keyword=%E5%A4%96%E9%83%A8&content_type=baidu')).json();
      assert.equal(search.data.content_type, 'extsrc');
      assert.equal(search.data.total, 2);
      const dump = (await ctx.app.inject('/api/contents/baidu/all')).json();
      assert.equal(dump.data.content_type, 'extsrc');
    });

    test('an unknown type is 400 naming the six identifiers', async () => {
      for (const url of ['/api/contents/anime', '/api/contents/anime/all', '/api/search?keyword=a&content_type=anime']) {
        const response = await ctx.app.inject(url);
        assert.equal(response.statusCode, 400, url);
        const body = response.json();
        assert.equal(body.error_code, 'BAD_REQUEST');
        assert.match(body.error, /content_type/);
        assert.match(body.error, /post, dongman, movie, tv, xuexi, extsrc/);
        assert.ok(body.suggestion);
      }
    });

    test('/all returns every entry of the type with is_all_data and no pagination fields', async () => {
      const response = await ctx.app.inject('/api/contents/extsrc/all?page=5&limit=1');
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /application\/json/);
      const body = response.json();
      assert.deepEqual(Object.keys(body.data).sort(), ['content_type', 'is_all_data', 'items', 'total']);
      assert.equal(body.data.is_all_data, true);
      assert.equal(body.data.total, 2);
      assert.equal(body.data.items.length, 2);
      assert.deepEqual(Object.keys(body.data.items[0]).sort(), ['source_link', 'title', 'type', 'update_time']);
    });

    test('/all reflects an import that changes the type', async () => {
      const before = (await ctx.app.inject('/api/contents/movie/all')).json();
      assert.equal(before.data.total, 1);
      await ctx.importEntries([entry({ title: '电影B', type: 'movie', update_time: '2024-05-04 10:00:00' })]);
      const afterImport = (await ctx.app.inject('/api/contents/movie/all')).json();
      assert.equal(afterImport.data.total, 2);
      assert.equal(afterImport.data.items[0].title, '电影B');
    });

    test('/api/types lists the six types with name and description', async () => {
      const body = (await ctx.app.inject('/api/types')).json();
      assert.equal(body.success, true);
      assert.equal(body.data.total_types, 6);
      assert.deepEqual(Object.keys(body.data.supported_types), ['post', 'dongman', 'movie', 'tv', 'xuexi', 'extsrc']);
      for (const descriptor of Object.values(body.data.supported_types) as Array<Record<string, unknown>>) {
        assert.equal(typeof descriptor.name, 'string');
        assert.equal(typeof descriptor.description, 'string');
      }
    });
  });
}
