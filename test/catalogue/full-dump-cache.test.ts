import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { preferredEncoding } from '../../src/catalogue/full-dump-reply.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

for (const store of STORES) {
  describe(`the /all response cache [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([
        ...Array.from({ length: 300 }, (_, i) => entry({ type: 'post', title: `短剧${i}` })),
        entry({ type: 'movie' }),
      ]);
    });
    after(() => ctx.close());

    const dump = (type: string, headers: Record<string, string> = {}) => ctx.app.inject({ url: `/api/contents/${type}/all`, headers });

    test('concurrent cold requests build the dump once and get the same bytes', async () => {
      const before = ctx.services.fullDumps.builds;
      const responses = await Promise.all(Array.from({ length: 25 }, () => dump('post')));
      assert.equal(ctx.services.fullDumps.builds - before, 1);
      const bodies = new Set(responses.map((response) => response.body));
      assert.equal(bodies.size, 1);
      assert.equal(responses[0]?.json().data.total, 300);
      // Warm: no build at all.
      await dump('post');
      assert.equal(ctx.services.fullDumps.builds - before, 1);
    });

    test('brotli or gzip by Accept-Encoding, each with its own ETag, the same JSON inside', async () => {
      const plain = await dump('post');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(String(plain.headers.vary), /accept-encoding/);
      assert.match(String(plain.headers.vary), /accept-language/);
      const br = await dump('post', { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
      const gz = await dump('post', { 'accept-encoding': 'gzip' });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
      assert.ok(gz.rawPayload.length < plain.rawPayload.length);
      const tags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
      assert.equal(tags.size, 3, 'a strong ETag per encoding');
      assert.match(String(plain.headers['cache-control']), /^public, max-age=\d+$/);
    });

    test('encoding choice follows q-values', () => {
      assert.equal(preferredEncoding(undefined), 'identity');
      assert.equal(preferredEncoding('br;q=0.5, gzip'), 'gzip');
      assert.equal(preferredEncoding('gzip;q=0.5, br;q=0.9'), 'br');
      assert.equal(preferredEncoding('br;q=0, gzip;q=0'), 'identity');
      assert.equal(preferredEncoding('*'), 'br');
      assert.equal(preferredEncoding('*, br;q=0'), 'gzip');
      assert.equal(preferredEncoding('identity, gzip;q=0.5'), 'identity');
      assert.equal(preferredEncoding('deflate'), 'identity');
    });

    test('If-None-Match with a current ETag (any encoding, weak or strong) is 304 without a body', async () => {
      const first = await dump('post', { 'accept-encoding': 'gzip' });
      const etag = String(first.headers.etag);
      const again = await dump('post', { 'accept-encoding': 'gzip', 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.rawPayload.length, 0);
      assert.equal(again.headers.etag, etag);
      assert.equal((await dump('post', { 'if-none-match': `W/${etag}` })).statusCode, 304);
      assert.equal((await dump('post', { 'if-none-match': `"other", ${etag}` })).statusCode, 304);
      assert.equal((await dump('post', { 'if-none-match': '"other"' })).statusCode, 200);
    });

    test('an import that changes the type makes its dump stale; other types keep theirs', async () => {
      const movieBefore = await dump('movie');
      const postBefore = await dump('post');
      const builds = ctx.services.fullDumps.builds;
      await ctx.importEntries([entry({ type: 'post', title: '新短剧', update_time: '2030-01-01 00:00:00' })]);
      const postAfter = await dump('post', { 'if-none-match': String(postBefore.headers.etag) });
      assert.equal(postAfter.statusCode, 200);
      assert.notEqual(postAfter.headers.etag, postBefore.headers.etag);
      assert.equal(postAfter.json().data.total, 301);
      assert.equal(postAfter.json().data.items[0].title, '新短剧');
      const movieAfter = await dump('movie', { 'if-none-match': String(movieBefore.headers.etag) });
      assert.equal(movieAfter.statusCode, 304);
      assert.equal(ctx.services.fullDumps.builds - builds, 1);
    });

    test('a request after an import never joins a build of the entries before it', async () => {
      await ctx.importEntries(Array.from({ length: 40_000 }, (_, i) => entry({ type: 'tv', title: `电视剧${i}`.repeat(3) })));
      const inFlight = ctx.services.fullDumps.get('tv', 'zh');
      await ctx.importEntries([entry({ type: 'tv', title: '最新电视剧', update_time: '2031-01-01 00:00:00' })]);
      const response = await dump('tv');
      assert.equal(response.json().data.total, 40_001);
      assert.equal((await inFlight).plain.length > 0, true);
      // The older build finishing later did not replace the newer dump.
      const builds = ctx.services.fullDumps.builds;
      assert.equal((await dump('tv')).json().data.total, 40_001);
      assert.equal(ctx.services.fullDumps.builds, builds);
    });

    test('a dump is kept for one hour, then rebuilt', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.now() });
      try {
        const first = await dump('movie', { 'accept-language': 'en' });
        const builds = ctx.services.fullDumps.builds;
        mock.timers.tick(60 * 60 * 1000 - 1);
        const warm = await dump('movie', { 'accept-language': 'en' });
        assert.equal(ctx.services.fullDumps.builds, builds);
        assert.equal(warm.headers['cache-control'], 'public, max-age=0');
        assert.equal(first.json().message, 'Fetched all entries');
        mock.timers.tick(1);
        await dump('movie', { 'accept-language': 'en' });
        assert.equal(ctx.services.fullDumps.builds, builds + 1);
      } finally {
        mock.timers.reset();
      }
    });
  });
}
