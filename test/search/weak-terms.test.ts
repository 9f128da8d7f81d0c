/**
 * Search noise (issue 34): in the some-terms tiers a term of one Latin letter or one digit does not make a
 * title match by itself, so `i love you` no longer lists every title with an `i`, nor the web page's
 * search for `<script>alert(1)</script>` every title with a `1`. Such a term still counts beside a longer
 * one, and a title holding every term is still an all-terms match.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

async function titlesFound(ctx: TestContext, keyword: string): Promise<string[]> {
  const body = (await ctx.app.inject(`/api/search?keyword=${encodeURIComponent(keyword)}&limit=100`)).json();
  return body.data.items.map((item: { title: string }) => item.title);
}

for (const store of STORES) {
  describe(`weak terms in several-term searches [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([
        entry({ title: 'AI绘画入门', update_time: '2024-03-05 10:00:00' }),
        entry({ title: '第1集 重生', update_time: '2024-03-04 10:00:00' }),
        entry({ title: 'I Love You 我爱你', update_time: '2024-03-03 10:00:00' }),
        entry({ title: 'Love Story 爱情故事', update_time: '2024-03-02 10:00:00' }),
        entry({ title: 'Love i 8', update_time: '2024-03-01 10:00:00' }),
        entry({ title: 'alert 警报', update_time: '2024-02-28 10:00:00' }),
      ]);
    });
    after(() => ctx.close());

    const titles = (keyword: string) => titlesFound(ctx, keyword);

    test('`i love you`: the titles with love or you, never one with only an i', async () => {
      assert.deepEqual(await titles('i love you'), ['I Love You 我爱你', 'Love i 8', 'Love Story 爱情故事']);
    });

    test('a one-digit term alone matches nothing; all the terms, even weak ones, still match', async () => {
      assert.deepEqual(await titles('1 重生'), ['第1集 重生']);
      assert.deepEqual(await titles('9 重生'), ['第1集 重生'], 'held through 重生');
      assert.deepEqual(await titles('8 i'), ['Love i 8'], 'every term held: all-terms, weak or not');
      assert.deepEqual(await titles('1 2'), []);
    });

    test("the web page's search for <script>alert(1)</script> finds alert, not every title with a 1", async () => {
      const page = await ctx.app.inject({
        url: `/search?keyword=${encodeURIComponent('<script>alert(1)</script>')}`,
        headers: { accept: 'text/html' },
      });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /alert 警报/);
      assert.doesNotMatch(page.body, /第1集/);
    });
  });
}

for (const store of STORES) {
  // Weak terms alone: only titles under the pair's check mark are read (rank/classify-candidates.ts
  // `mayHoldWeakKeyword`); a title holding the pair only side by side is an all-terms match.
  describe(`a keyword of two weak terms, tiered [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([
        entry({ title: '2022年 2月', update_time: '2024-03-09 10:00:00' }),
        entry({ title: 'A 2 2 B', update_time: '2024-03-08 10:00:00' }),
        entry({ title: '２０２２ 2', update_time: '2024-03-07 10:00:00' }),
        entry({ title: '2-2 重逢', update_time: '2024-03-06 10:00:00' }),
        entry({ title: '22', update_time: '2024-03-05 10:00:00' }),
        entry({ title: '2 2 开始', update_time: '2024-03-04 10:00:00' }),
        entry({ title: '1 2 2', update_time: '2024-03-03 10:00:00' }),
        entry({ title: '2 2', update_time: '2024-03-02 10:00:00' }),
        entry({ title: '只有 2', update_time: '2024-03-01 10:00:00' }),
      ]);
    });
    after(() => ctx.close());

    const titles = (keyword: string) => titlesFound(ctx, keyword);

    test('`2 2`: whole-keyword holders first, then every holder of the pair side by side or apart', async () => {
      assert.deepEqual(await titles('2 2'), [
        '2 2',
        '22',
        '2 2 开始',
        'A 2 2 B',
        '２０２２ 2',
        '1 2 2',
        '2022年 2月',
        '2-2 重逢',
        '只有 2',
      ]);
    });
  });
}
