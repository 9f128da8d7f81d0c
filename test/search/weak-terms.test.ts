/**
 * Search noise (issue 34): in the some-terms tiers a term of one Latin letter or one digit does not make a
 * title match by itself, so `i love you` no longer lists every title with an `i`, nor the web page's
 * search for `<script>alert(1)</script>` every title with a `1`. Such a term still counts beside a longer
 * one, and a title holding every term is still an all-terms match.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type StoreKind, type TestContext } from '../support/harness.js';

async function titlesFound(ctx: TestContext, keyword: string): Promise<string[]> {
  const body = (await ctx.app.inject(`/api/search?keyword=${encodeURIComponent(keyword)}&limit=100`)).json();
  return body.data.items.map((item: { title: string }) => item.title);
}

/** A store holding these titles, newest first (a day apart), made before the suite's tests it is called in. */
function catalogueOf(store: StoreKind, newestFirst: string[]): () => TestContext {
  let made: TestContext | undefined;
  before(async () => {
    made = await createTestContext(store);
    const day = (index: number) => `2024-03-${String(20 - index).padStart(2, '0')} 10:00:00`;
    await made.importEntries(newestFirst.map((title, index) => entry({ title, update_time: day(index) })));
  });
  after(() => made?.close());
  return () => {
    if (!made) throw new Error('the store is made before the tests');
    return made;
  };
}

for (const store of STORES) {
  describe(`weak terms in several-term searches [${store}]`, () => {
    const ctx = catalogueOf(store, ['AI绘画入门', '第1集 重生', 'I Love You 我爱你', 'Love Story 爱情故事', 'Love i 8', 'alert 警报']);
    const titles = (keyword: string) => titlesFound(ctx(), keyword);

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
      const page = await ctx().app.inject({
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
    const ctx = catalogueOf(store, ['2022年 2月', 'A 2 2 B', '２０２２ 2', '2-2 重逢', '22', '2 2 开始', '1 2 2', '2 2', '只有 2']);
    const titles = (keyword: string) => titlesFound(ctx(), keyword);

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
