import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const search = (ctx: TestContext, query: string) => ctx.app.inject(`/api/search?${query}`).then((r) => r.json());
const titles = (body: { data: { items: Array<{ title: string }> } }) => body.data.items.map((item) => item.title);

for (const store of STORES) {
  describe(`search response [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([
        entry({ title: '包含霸道总裁的剧', update_time: '2024-01-05 00:00:00' }),
        entry({ title: '霸道总裁爱上我', update_time: '2024-01-04 00:00:00' }),
        entry({ title: '霸道总裁', type: 'tv', update_time: '2024-01-01 00:00:00' }),
        entry({ title: 'Love Story', type: 'movie', update_time: '2024-01-02 00:00:00' }),
        entry({ title: '无关', update_time: '2024-01-06 00:00:00' }),
      ]);
    });
    after(() => ctx.close());

    test('orders exact title, then prefix, then contains, and echoes keyword and an empty content_type', async () => {
      const body = await search(ctx, `keyword=${encodeURIComponent('霸道总裁')}`);
      assert.equal(body.success, true);
      assert.deepEqual(titles(body), ['霸道总裁', '霸道总裁爱上我', '包含霸道总裁的剧']);
      assert.equal(body.data.total, 3);
      assert.equal(body.data.total_pages, 1);
      assert.equal(body.data.keyword, '霸道总裁');
      assert.equal(body.data.content_type, '');
    });

    test('1- and 2-character Chinese keywords and case-insensitive Latin match', async () => {
      assert.equal((await search(ctx, `keyword=${encodeURIComponent('剧')}`)).data.total, 1);
      assert.equal((await search(ctx, `keyword=${encodeURIComponent('总裁')}`)).data.total, 3);
      assert.deepEqual(titles(await search(ctx, 'keyword=lOVE')), ['Love Story']);
      assert.deepEqual(titles(await search(ctx, `keyword=${encodeURIComponent('ＬＯＶＥ')}`)), ['Love Story']);
    });

    test('content_type filters and is echoed; pagination is exact', async () => {
      const filtered = await search(ctx, `keyword=${encodeURIComponent('霸道')}&content_type=post`);
      assert.deepEqual(titles(filtered), ['霸道总裁爱上我', '包含霸道总裁的剧']);
      assert.equal(filtered.data.content_type, 'post');
      const paged = await search(ctx, `keyword=${encodeURIComponent('霸道')}&limit=2&page=2`);
      assert.deepEqual(titles(paged), ['包含霸道总裁的剧']);
      assert.equal(paged.data.total, 3);
      assert.equal(paged.data.total_pages, 2);
    });

    test('no match is an empty page with total 0', async () => {
      const body = await search(ctx, 'keyword=zzzzqqq');
      assert.deepEqual(body.data.items, []);
      assert.equal(body.data.total, 0);
      assert.equal(body.data.total_pages, 0);
    });

    test('the keyword is echoed after NFKC normalisation and trimming', async () => {
      const body = (await ctx.app.inject(`/api/contents/movie?keyword=${encodeURIComponent('  ＬＯＶＥ ')}`)).json();
      assert.equal(body.data.keyword, 'LOVE');
      assert.equal(body.data.total, 1);
    });
  });
}
