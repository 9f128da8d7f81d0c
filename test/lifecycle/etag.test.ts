/**
 * Conditional requests: every successful catalogue GET carries an ETag made of the revision and the
 * request; If-None-Match with it gets an empty 304; any change of the catalogue (a removal too) changes
 * it; and a 304 spends the client's budget like any request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { from, LIMITS_ON } from '../support/limits.js';

const PATHS = [
  '/api/contents?limit=5',
  '/api/contents?today',
  '/api/contents/post?page=2&limit=1',
  `/api/contents/post?keyword=${encodeURIComponent('标签')}`,
  `/api/search?keyword=${encodeURIComponent('标签')}`,
  '/api/types',
  '/api/contents/post/all',
];

for (const store of STORES) {
  describe(`lifecycle: ETag and 304 on catalogue GETs [${store}]`, () => {
    let ctx: TestContext;
    const first = entry({ title: '标签一' });
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([first, entry({ title: '标签二' }), entry({ type: 'movie' })]);
    });
    after(() => ctx.close());

    test('each answer has its own ETag; If-None-Match with it gets 304 without a body, on GET and HEAD', async () => {
      const tags = new Set<string>();
      for (const url of PATHS) {
        const answer = await ctx.app.inject(url);
        assert.equal(answer.statusCode, 200, url);
        const etag = answer.headers.etag as string;
        assert.match(etag, /^"[^"]+"$/, `${url} has a strong ETag`);
        tags.add(etag);
        for (const method of ['GET', 'HEAD'] as const) {
          const again = await ctx.app.inject({ method, url, headers: { 'if-none-match': `W/${etag}, "other"` } });
          assert.equal(again.statusCode, 304, `${method} ${url}`);
          assert.equal(again.body, '');
          assert.equal(again.headers.etag, etag);
        }
        assert.equal((await ctx.app.inject({ url, headers: { 'if-none-match': '"stale"' } })).statusCode, 200);
      }
      assert.equal(tags.size, PATHS.length, 'different requests, different tags');
      const english = await ctx.app.inject({ url: PATHS[0] as string, headers: { 'accept-language': 'en' } });
      assert.ok(!tags.has(english.headers.etag as string), 'the language is part of the request');
    });

    test('a removal changes every tag, and the old tag gets the new answer', async () => {
      const before = await Promise.all(PATHS.map(async (url) => (await ctx.app.inject(url)).headers.etag as string));
      await ctx.services.catalogue.store.removeEntries([first.source_link]);
      await ctx.services.catalogue.refresh();
      for (const [index, url] of PATHS.entries()) {
        if (url === '/api/types') continue; // its answer does not depend on the entries, but its tag still moves
        const answer = await ctx.app.inject({ url, headers: { 'if-none-match': before[index] as string } });
        assert.equal(answer.statusCode, 200, `${url} after the removal`);
        assert.notEqual(answer.headers.etag, before[index]);
      }
    });
  });

  describe(`lifecycle: a 304 counts against the limits [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      await ctx.importEntries([entry()]);
    });
    after(() => ctx.close());

    test('a conditional request inside the 3-second window is refused, and one answered 304 starts the window', async () => {
      const etag = (await from(ctx.app, '198.51.100.7', '/api/contents')).headers.etag as string;
      const refused = await from(ctx.app, '198.51.100.7', '/api/contents', { 'if-none-match': etag });
      assert.equal(refused.statusCode, 429);
      const notModified = await from(ctx.app, '198.51.100.8', '/api/contents', { 'if-none-match': etag });
      assert.equal(notModified.statusCode, 304);
      assert.equal((await from(ctx.app, '198.51.100.8', '/api/types')).statusCode, 429, 'the 304 spent the budget');
    });
  });
}
