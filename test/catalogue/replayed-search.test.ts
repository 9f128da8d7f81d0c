// A replayed search goes from its raw target straight to its cached answer (catalogue/replayed-targets.ts):
// the same bytes, headers, 304s, errors and limits as the first time, in each language, and the new
// data after an import.
import assert from 'node:assert/strict';
import { afterEach, describe, mock, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, from, LIMITS_ON } from '../support/limits.js';

const TARGET = `/api/search?keyword=${encodeURIComponent('总裁')}`;
const SAME_SEARCH = `/api/search?page=1&keyword=${encodeURIComponent('总裁')}&limit=20`;

async function withContext(store: (typeof STORES)[number], env: Record<string, string>, run: (ctx: TestContext) => Promise<void>) {
  const ctx = await createTestContext(store, env);
  try {
    await ctx.importEntries([entry({ title: '霸道总裁', update_time: '2024-01-01 00:00:00' })]);
    await run(ctx);
  } finally {
    await ctx.close();
  }
}

const answer = async (ctx: TestContext, url: string, headers: Record<string, string> = {}) => {
  const response = await ctx.app.inject({ url, headers });
  return { status: response.statusCode, body: response.body, etag: response.headers.etag, type: response.headers['content-type'] };
};

for (const store of STORES) {
  describe(`replayed searches [${store}]`, () => {
    afterEach(() => mock.timers.reset());

    test('the third and later requests of a target answer the first answer, per language, with its ETag and 304', async () => {
      await withContext(store, {}, async (ctx) => {
        for (const language of ['zh', 'en']) {
          const headers = { 'accept-language': language };
          const first = await answer(ctx, TARGET, headers);
          assert.equal(first.status, 200);
          for (let replay = 0; replay < 4; replay++)
            assert.deepEqual(await answer(ctx, TARGET, headers), first, `${language} replay ${replay}`);
          // Another spelling of the same search shares the cached answer and its ETag.
          assert.deepEqual(await answer(ctx, SAME_SEARCH, headers), first);
          assert.deepEqual(await answer(ctx, SAME_SEARCH, headers), first);
          const notModified = await ctx.app.inject({ url: TARGET, headers: { ...headers, 'if-none-match': first.etag as string } });
          assert.equal(notModified.statusCode, 304);
          assert.equal(notModified.body, '');
        }
        const zh = JSON.parse((await answer(ctx, TARGET)).body);
        const en = JSON.parse((await answer(ctx, TARGET, { 'accept-language': 'en' })).body);
        assert.equal(zh.message, '搜索成功');
        assert.equal(en.message, 'Search completed');
      });
    });

    test('long targets (past what is remembered) replay the same answer too', async () => {
      await withContext(store, {}, async (ctx) => {
        const keyword = encodeURIComponent('霸道总裁'.repeat(25));
        for (const url of [`/api/search?keyword=${keyword}`, `/api/search?keyword=${keyword}&${'x=1&'.repeat(300)}page=1`]) {
          const first = await answer(ctx, url);
          assert.equal(first.status, 200, url);
          for (let replay = 0; replay < 3; replay++) assert.deepEqual(await answer(ctx, url), first, url);
        }
      });
    });

    test('after an import a replayed target answers the new data and a new ETag', async () => {
      await withContext(store, {}, async (ctx) => {
        for (let replay = 0; replay < 3; replay++) await answer(ctx, TARGET);
        const before = await answer(ctx, TARGET);
        await ctx.importEntries([entry({ title: '总裁归来', update_time: '2024-01-02 00:00:00' })]);
        for (let replay = 0; replay < 3; replay++) {
          const after = await answer(ctx, TARGET);
          assert.notEqual(after.etag, before.etag);
          assert.deepEqual(
            JSON.parse(after.body).data.items.map((item: { title: string }) => item.title),
            ['总裁归来', '霸道总裁'],
          );
        }
      });
    });

    test('a target that fails to parse is refused the same way every time', async () => {
      await withContext(store, {}, async (ctx) => {
        for (const url of [
          '/api/search?keyword=%3Cb%3E',
          '/api/search?keyword=a&page=0',
          '/api/search?keyword=a&content_type=x',
          '/api/search',
        ]) {
          const first = await answer(ctx, url);
          assert.equal(first.status, 400, url);
          for (let replay = 0; replay < 3; replay++) assert.deepEqual(await answer(ctx, url), first, url);
        }
      });
    });

    test('every replay is counted by the limits, answered from the cache or not', async () => {
      await withContext(store, LIMITS_ON, async (ctx) => {
        const clock = fakeClock();
        for (let round = 0; round < 4; round++) {
          clock.at(round * 3000);
          assert.equal((await from(ctx.app, '10.30.0.1', TARGET)).statusCode, 200, `round ${round}`);
          assert.equal((await from(ctx.app, '10.30.0.1', TARGET)).statusCode, 429, `round ${round}, at once`);
        }
      });
    });
  });
}
