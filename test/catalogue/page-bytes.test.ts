/**
 * Pages are assembled from each entry's ready item JSON (src/catalogue/page-json.ts); clients must get
 * exactly the bytes JSON.stringify gives for the whole answer: key order, escapes and numbers included.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EntryInput } from '../../src/catalogue/catalogue-store.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const ENTRIES: EntryInput[] = [
  entry({ title: '他说"重生"了\\第1集', type: 'tv', update_time: '2024-05-01 10:00:00' }),
  entry({ title: '表情😀与\u2028分隔 </script>', type: 'post', update_time: '2024-05-02 10:00:00' }),
  // Validation refuses control characters, but a store written before it may hold them.
  entry({ title: 'ctrl\u0001\u001f\u007f 中', type: 'xuexi', update_time: '2024-04-30 10:00:00' }),
  entry({ title: 'Plain ASCII title', source_link: 'https://a.example/s/"quoted"?a=1&b=\\2', update_time: '2024-05-03 10:00:00' }),
  entry({ title: '重生之战神归来', type: 'movie', update_time: '2024-05-04 10:00:00' }),
  entry({ title: '重生萌宝', type: 'post', update_time: '2024-05-04 10:00:00' }),
];

const item = ({ title, source_link, type, update_time }: EntryInput) => ({ title, source_link, type, update_time });
const newestFirst = (entries: EntryInput[]) =>
  entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.update_time.localeCompare(a.entry.update_time) || b.index - a.index)
    .map(({ entry }) => entry);

for (const store of STORES) {
  describe(`page bytes [${store}]`, () => {
    let ctx: TestContext;
    let held: EntryInput[];
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries(ENTRIES);
      held = newestFirst(ENTRIES);
    });
    after(() => ctx.close());

    const expectBytes = async (url: string, expected: unknown) => {
      const response = await ctx.app.inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, JSON.stringify(expected), url);
      assert.equal(Number(response.headers['content-length']), Buffer.byteLength(JSON.stringify(expected)), url);
    };

    test('a list page is JSON.stringify of the answer, escapes and key order included', async () => {
      const page = (items: EntryInput[], total: number, page: number, limit: number) => ({
        success: true,
        message: '获取成功',
        data: { items: items.map(item), total, page, limit, total_pages: Math.ceil(total / limit) },
      });
      await expectBytes('/api/contents', page(held, 6, 1, 20));
      await expectBytes('/api/contents?page=2&limit=2', page(held.slice(2, 4), 6, 2, 2));
      await expectBytes('/api/contents?page=9&limit=2', page([], 6, 9, 2));
      const posts = held.filter((entry) => entry.type === 'post');
      await expectBytes('/api/contents/post?limit=1', {
        success: true,
        message: '获取成功',
        data: {
          items: posts.slice(0, 1).map(item),
          total: posts.length,
          page: 1,
          limit: 1,
          total_pages: posts.length,
          content_type: 'post',
        },
      });
    });

    test('a search page is JSON.stringify of the answer, in English too', async () => {
      const found = held.filter((entry) => entry.title.includes('重生'));
      const response = await ctx.app.inject('/api/search?keyword=%E9%87%8D%E7%94%9F');
      const order = (response.json() as { data: { items: Array<{ title: string }> } }).data.items.map((found) => found.title);
      const items = order.map((title) => item(found.find((entry) => entry.title === title) as EntryInput));
      assert.equal(items.length, found.length);
      const data = { items, total: found.length, page: 1, limit: 20, total_pages: 1, keyword: '重生', content_type: '' };
      assert.equal(response.body, JSON.stringify({ success: true, message: '搜索成功', data }));
      const english = await ctx.app.inject({ url: '/api/contents/post?keyword=%E9%87%8D%E7%94%9F', headers: { 'accept-language': 'en' } });
      const posts = items.filter((found) => found.type === 'post');
      const typed = { items: posts, total: posts.length, page: 1, limit: 20, total_pages: 1, content_type: 'post', keyword: '重生' };
      assert.equal(english.body, JSON.stringify({ success: true, message: 'Fetched successfully', data: typed }));
    });

    test('a replaced entry is served with its new text, a removed one not at all', async () => {
      const [first, second] = ENTRIES as [EntryInput, EntryInput];
      const renamed = { ...first, title: '改名后的"标题"', update_time: '2024-06-01 00:00:00' };
      await ctx.importEntries([renamed]);
      await ctx.services.catalogue.store.removeEntries([second.source_link]);
      await ctx.services.catalogue.refresh();
      const now = newestFirst([renamed, ...ENTRIES.slice(2)]);
      await expectBytes('/api/contents', {
        success: true,
        message: '获取成功',
        data: { items: now.map(item), total: now.length, page: 1, limit: 20, total_pages: 1 },
      });
    });
  });
}
