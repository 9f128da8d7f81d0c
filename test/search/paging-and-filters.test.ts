// Search answers through HTTP beyond ranking: exact totals and pages that neither overlap nor skip, the
// type filter on /api/search and the keyword filter on /api/contents/{type} (alone and with today), and
// imports that change titles, types or times showing in the very next search (small imports go to the
// index's delta, large ones rebuild it; the cached answers of earlier searches must not outlive either).
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

interface Body {
  data: { items: Array<{ title: string; type: string }>; total: number; total_pages: number; page: number };
}

for (const store of STORES) {
  describe(`search paging, filters and updates [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
    });
    after(() => ctx.close());
    afterEach(() => mock.timers.reset());

    const get = async (path: string): Promise<Body> => (await ctx.app.inject(path)).json();
    const titlesOf = (body: Body) => body.data.items.map((item) => item.title);
    const search = (keyword: string, query = '') => get(`/api/search?keyword=${encodeURIComponent(keyword)}${query}`);

    test('exact totals, and pages of one query that neither overlap nor skip', async () => {
      await ctx.importEntries(
        Array.from({ length: 23 }, (_, index) =>
          entry({
            title: `${index % 3 === 0 ? '翻页' : `第${index}部翻页`}测试`,
            update_time: `2024-02-${String(1 + (index % 9)).padStart(2, '0')} 08:00:00`,
          }),
        ),
      );
      const all = await search('翻页', '&limit=100');
      assert.equal(all.data.total, 23);
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = await search('翻页', `&limit=7&page=${page}`);
        assert.equal(body.data.total, 23);
        assert.equal(body.data.total_pages, 4);
        paged.push(...titlesOf(body));
      }
      assert.deepEqual(paged, titlesOf(all));
      const beyond = await search('翻页', '&limit=7&page=5');
      assert.deepEqual(beyond.data.items, []);
      assert.equal(beyond.data.total, 23);
    });

    test('content_type filters /api/search, and /api/contents/{type}?keyword= answers the same', async () => {
      await ctx.importEntries([
        entry({ title: '过滤剧一', type: 'tv', update_time: '2024-02-03 00:00:00' }),
        entry({ title: '过滤电影', type: 'movie', update_time: '2024-02-04 00:00:00' }),
        entry({ title: '过滤剧二', type: 'tv', update_time: '2024-02-05 00:00:00' }),
        entry({ title: '过滤外部', type: 'extsrc', update_time: '2024-02-06 00:00:00' }),
      ]);
      assert.deepEqual(titlesOf(await search('过滤')), ['过滤外部', '过滤剧二', '过滤电影', '过滤剧一']);
      assert.deepEqual(titlesOf(await search('过滤', '&content_type=tv')), ['过滤剧二', '过滤剧一']);
      assert.deepEqual(titlesOf(await search('过滤', '&content_type=baidu')), ['过滤外部']);
      const typed = await get(`/api/contents/tv?keyword=${encodeURIComponent('过滤')}&limit=1&page=2`);
      assert.deepEqual(titlesOf(typed), ['过滤剧一']);
      assert.equal(typed.data.total, 2);
      assert.equal(typed.data.total_pages, 2);
      assert.equal((await get(`/api/contents/xuexi?keyword=${encodeURIComponent('过滤')}`)).data.total, 0);
    });

    test('the keyword filter combines with today on /api/contents/{type}', async () => {
      await ctx.importEntries([
        entry({ title: '今日霸总', update_time: '2024-06-10 09:00:00' }),
        entry({ title: '昨日霸总', update_time: '2024-06-09 23:00:00' }),
        entry({ title: '今日别的', update_time: '2024-06-10 10:00:00' }),
        entry({ title: '今日霸总电影', type: 'movie', update_time: '2024-06-10 11:00:00' }),
      ]);
      // 2024-06-10 12:00 in Asia/Shanghai, the default catalogue zone.
      mock.timers.enable({ apis: ['Date'], now: new Date('2024-06-10T04:00:00Z') });
      const body = await get(`/api/contents/post?today&keyword=${encodeURIComponent('霸总')}`);
      assert.deepEqual(titlesOf(body), ['今日霸总']);
      assert.equal(body.data.total, 1);
      assert.equal(body.data.total_pages, 1);
      assert.deepEqual(titlesOf(await get(`/api/contents/post?keyword=${encodeURIComponent('霸总')}`)), ['今日霸总', '昨日霸总']);
    });

    test('an import that changes titles, types or times shows in the next search', async () => {
      const link = (n: number) => `https://pan.example.com/s/update-${n}`;
      await ctx.importEntries([
        entry({ title: '改名之前', source_link: link(1), update_time: '2024-04-01 00:00:00' }),
        entry({ title: '改名之前的续集', source_link: link(2), update_time: '2024-04-02 00:00:00' }),
        entry({ title: '换类型的剧', source_link: link(3), update_time: '2024-04-03 00:00:00' }),
      ]);
      // Warm the cached answers first: they must not survive the import.
      assert.deepEqual(titlesOf(await search('改名之前')), ['改名之前', '改名之前的续集']);
      assert.deepEqual(titlesOf(await search('换类型', '&content_type=post')), ['换类型的剧']);
      await ctx.importEntries([
        entry({ title: '改名之后', source_link: link(1), update_time: '2024-04-01 00:00:00' }),
        entry({ title: '改名之前的续集', source_link: link(2), update_time: '2024-03-01 00:00:00' }),
        entry({ title: '换类型的剧', source_link: link(3), type: 'movie', update_time: '2024-04-03 00:00:00' }),
        entry({ title: '改名之前的新剧', source_link: link(4), update_time: '2024-04-05 00:00:00' }),
      ]);
      assert.deepEqual(titlesOf(await search('改名之前')), ['改名之前的新剧', '改名之前的续集']);
      assert.deepEqual(titlesOf(await search('改名之后')), ['改名之后']);
      assert.deepEqual(titlesOf(await search('换类型', '&content_type=post')), []);
      assert.deepEqual(titlesOf(await search('换类型', '&content_type=movie')), ['换类型的剧']);
    });

    test('a large import (the index is rebuilt) and a small one after it (kept as a delta) are both searchable', async () => {
      const many = Array.from({ length: 5000 }, (_, index) =>
        entry({ title: `批量导入第${index}号`, update_time: `2024-05-${String(1 + (index % 28)).padStart(2, '0')} 00:00:00` }),
      );
      await ctx.importEntries(many);
      const bulk = await search('批量导入');
      assert.equal(bulk.data.total, 5000);
      assert.equal(bulk.data.total_pages, 250);
      await ctx.importEntries([entry({ title: '批量导入之后的一部', update_time: '2024-05-30 00:00:00' })]);
      const after = await search('批量导入', '&limit=2');
      assert.equal(after.data.total, 5001);
      assert.deepEqual(titlesOf(after)[0], '批量导入之后的一部');
      assert.deepEqual(titlesOf(await search('批量导入第4999号')), ['批量导入第4999号']);
    });
  });
}
