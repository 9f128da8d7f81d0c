/**
 * No cached answer outlives a change (docs/architecture.md, "Caches"), through HTTP on both stores: every
 * layer is filled first (each URL asked twice, so list pages are kept too; plain and brotli, so the
 * compressed copies are kept; the search's second page, from the worker's result cache; a replayed
 * search target), then an import, a removal and a hidden link each show at once in every answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { CatalogueStore, type EntryInput } from '../../src/catalogue/catalogue-store.js';
import { type CheckOutcome, outcomeOf } from '../../src/links/link-checker.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { openDatabase } from '../../src/store/database.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const MINUTE = 60_000;
const KEYWORD = encodeURIComponent('缓存测试');
/** Long titles: an answer of several of them is compressed (COMPRESS_MIN_BYTES). */
const titled = (name: string, at: string, link: string) =>
  entry({ title: `缓存测试${name} ${'with a title long enough to be compressed '.repeat(4)}`.trim(), update_time: at, source_link: link });
const dead: CheckOutcome = outcomeOf('dead', 'quark', { row: 'test' });

interface Page {
  total: number;
  links: string[];
}

for (const store of STORES) {
  describe(`cached answers never outlive a change [${store}]`, () => {
    let ctx: TestContext;
    /** Newest first, as every answer lists them. */
    let served: EntryInput[] = [];
    before(async () => {
      ctx = await createTestContext(store);
      served = ['己', '戊', '丁', '丙', '乙', '甲'].map((name, index) =>
        titled(name, `2024-01-0${6 - index} 00:00:00`, `https://pan.quark.cn/s/cached000${6 - index}`),
      );
      await ctx.importEntries(served);
    });
    after(() => ctx.close());

    const everyLink = () => served.map((item) => item.source_link);
    /** Each URL with the page of `served` it must answer. */
    const expectations = (): Array<[string, (page: Page) => void]> => [
      ['/api/contents?limit=100', (page) => assert.deepEqual(page.links, everyLink())],
      ['/api/contents/post?limit=100', (page) => assert.deepEqual(page.links, everyLink())],
      [`/api/search?keyword=${KEYWORD}&limit=100`, (page) => assert.deepEqual(page.links, everyLink())],
      [`/api/contents/post?keyword=${KEYWORD}&limit=100`, (page) => assert.deepEqual(page.links, everyLink())],
      [
        `/api/search?keyword=${KEYWORD}&limit=1&page=2`,
        (page) => assert.deepEqual(page, { total: served.length, links: everyLink().slice(1, 2) }),
      ],
    ];
    const ask = async (url: string, encoded: boolean): Promise<Page> => {
      const response = await ctx.app.inject({ url, headers: encoded ? { 'accept-encoding': 'br' } : {} });
      assert.equal(response.statusCode, 200, url);
      // Every answer of several items is large enough to be compressed; a one-item page is not.
      const compressed = encoded && url.includes('limit=100');
      assert.equal(response.headers['content-encoding'], compressed ? 'br' : undefined, url);
      const body = JSON.parse(compressed ? brotliDecompressSync(response.rawPayload).toString() : response.body);
      return { total: body.data.total, links: body.data.items.map((item: EntryInput) => item.source_link) };
    };
    /** Every URL, plain and compressed, asked twice: the second answer comes from whatever was kept. */
    const everyAnswerIsCurrent = async (after: string) => {
      for (const [url, check] of expectations())
        for (const encoded of [false, true])
          for (let time = 0; time < 2; time++) {
            const page = await ask(url, encoded);
            assert.doesNotThrow(() => check(page), `${url}${encoded ? ' (br)' : ''} after ${after}`);
          }
    };

    test('an import, a removal and a hidden link each reach every kept answer', async () => {
      await everyAnswerIsCurrent('the first import');

      const added = titled('庚', '2024-01-07 00:00:00', 'https://pan.quark.cn/s/cached0007');
      await ctx.importEntries([added]);
      served = [added, ...served];
      await everyAnswerIsCurrent('an import');

      // Removed through another connection, as `dramadex remove` would, then the instance's refresh.
      const database = await openDatabase(ctx.config.databaseUrl);
      try {
        await new CatalogueStore(database).removeEntries([served[1]?.source_link as string]);
      } finally {
        await database.close();
      }
      await ctx.services.catalogue.refresh();
      served = served.filter((_, index) => index !== 1);
      await everyAnswerIsCurrent('a removal');

      // Two dead verdicts far enough apart hide the entry (docs/link-health.md).
      const health = new LinkHealthStore(ctx.services.database, 30 * MINUTE);
      const hidden = served[0]?.source_link as string;
      const t0 = Date.parse('2026-01-01T00:00:00Z');
      await health.record(hidden, dead, new Date(t0));
      await health.record(hidden, dead, new Date(t0 + 40 * MINUTE));
      await ctx.services.catalogue.refresh();
      served = served.slice(1);
      await everyAnswerIsCurrent('a hidden link');
    });
  });
}
