/**
 * Browser clients and compression, through HTTP on both stores: CORS_ORIGINS answers preflights (never
 * counted by the limits; POST for the one POST route, POST /api/link-reports) and marks answers readable by the listed origins, nothing at all when unset; an
 * answer above COMPRESS_MIN_BYTES is brotli or gzip by Accept-Encoding, with `Vary: Accept-Encoding`, a weak
 * ETag for the compressed bytes that still earns a 304, the same bytes for a replay and new ones after a
 * change; small answers and the `/all` dumps are as before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config/config.js';
import { COMPRESS_MIN_BYTES } from '../../src/http/compression.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const ORIGIN = 'https://app.example.com';
const preflight = (ctx: TestContext, origin: string, remoteAddress = '10.40.0.1') =>
  ctx.app.inject({
    method: 'OPTIONS',
    url: '/api/search?keyword=x',
    remoteAddress,
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
  });

for (const store of STORES) {
  describe(`CORS and compression [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store, { CORS_ORIGINS: `${ORIGIN}, https://other.example.com`, RATE_LIMITS: 'on' });
      await ctx.importEntries(Array.from({ length: 60 }, (_, i) => entry({ title: `压缩测试第${i}部 with a longer title` })));
    });
    after(() => ctx.close());

    test('a listed origin gets its preflight answered, uncounted, and may read the answers; others may not', async () => {
      const answered = await preflight(ctx, ORIGIN);
      assert.equal(answered.statusCode, 204);
      assert.equal(answered.headers['access-control-allow-origin'], ORIGIN);
      assert.match(String(answered.headers['access-control-allow-headers']), /X-API-Key/);
      assert.match(String(answered.headers['access-control-allow-methods']), /GET/);
      const get = await ctx.app.inject({ url: '/api/types', remoteAddress: '10.40.0.1', headers: { origin: ORIGIN } });
      assert.equal(get.statusCode, 200, 'the preflight did not spend the 3-second window');
      assert.equal(get.headers['access-control-allow-origin'], ORIGIN);
      assert.match(String(get.headers['access-control-expose-headers']), /ETag/);
      const stranger = await preflight(ctx, 'https://evil.example.com', '10.40.0.2');
      assert.equal(stranger.headers['access-control-allow-origin'], undefined);
    });

    test('the one POST route: its preflight allows POST with a JSON body, and the report is readable by the origin', async () => {
      const answered = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/link-reports',
        remoteAddress: '10.40.0.3',
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      assert.equal(answered.statusCode, 204);
      assert.equal(answered.headers['access-control-allow-origin'], ORIGIN);
      assert.match(String(answered.headers['access-control-allow-methods']), /\bPOST\b/);
      assert.match(String(answered.headers['access-control-allow-headers']), /Content-Type/i);
      const held = entry({ title: '跨域报告' });
      await ctx.importEntries([held]);
      const report = await ctx.app.inject({
        method: 'POST',
        url: '/api/link-reports',
        remoteAddress: '10.40.0.3',
        headers: { origin: ORIGIN },
        payload: { source_link: held.source_link },
      });
      assert.equal(report.statusCode, 202, 'the preflight did not spend the 3-second window');
      assert.equal(report.headers['access-control-allow-origin'], ORIGIN);
    });

    test('a list answer above the threshold is compressed by Accept-Encoding; its weak ETag earns a 304', async () => {
      // Each request from its own address: the limits are on for this suite (one request per 3 s).
      let client = 0;
      const get = (url: string, headers: Record<string, string> = {}) =>
        ctx.app.inject({ url, headers, remoteAddress: `10.41.0.${++client}` });
      const url = '/api/contents?limit=60';
      const plain = await get(url);
      assert.equal(plain.statusCode, 200);
      assert.ok(plain.rawPayload.length > COMPRESS_MIN_BYTES);
      assert.equal(plain.headers['content-encoding'], undefined);
      const strong = String(plain.headers.etag);
      assert.match(strong, /^"/);
      for (const [encoding, decode] of [
        ['gzip', gunzipSync],
        ['br', brotliDecompressSync],
      ] as const) {
        const packed = await get(url, { 'accept-encoding': `${encoding}, identity;q=0.5` });
        assert.equal(packed.headers['content-encoding'], encoding);
        assert.match(String(packed.headers.vary), /accept-encoding/i);
        assert.equal(packed.headers.etag, `W/${strong}`);
        assert.ok(packed.rawPayload.length < plain.rawPayload.length / 3, `${encoding}: ${packed.rawPayload.length} bytes`);
        assert.deepEqual(decode(packed.rawPayload).toString(), plain.body);
        const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': String(packed.headers.etag) });
        assert.equal(again.statusCode, 304);
      }
      // A kept answer is compressed once: its replays get the same bytes, and the first after a change new ones.
      const search = `/api/search?keyword=${encodeURIComponent('压缩测试')}&limit=60`;
      const first = await get(search, { 'accept-encoding': 'br' });
      assert.equal(first.headers['content-encoding'], 'br');
      assert.deepEqual((await get(search, { 'accept-encoding': 'br' })).rawPayload, first.rawPayload);
      await ctx.importEntries([entry({ title: '压缩测试新来的一部 with a longer title' })]);
      const changed = await get(search, { 'accept-encoding': 'br' });
      assert.notEqual(changed.headers.etag, first.headers.etag);
      const changedTitles = JSON.parse(brotliDecompressSync(changed.rawPayload).toString()).data.items.map(
        (item: { title: string }) => item.title,
      );
      assert.equal(changedTitles[0], '压缩测试新来的一部 with a longer title');
      assert.equal(changedTitles.length, 60);
      const small = await get('/api/status', { 'accept-encoding': 'gzip' });
      assert.equal(small.headers['content-encoding'], undefined, 'a small answer goes as it is');
      const dump = await get('/api/contents/post/all', { 'accept-encoding': 'gzip' });
      assert.equal(dump.headers['content-encoding'], 'gzip');
      assert.match(String(dump.headers.etag), /^"/, 'the dump keeps its own strong, per-encoding ETag');
    });
  });
}

describe('CORS_ORIGINS', () => {
  test('unset: no CORS headers and OPTIONS stays 404; * allows every origin', async () => {
    const none = await createTestContext('sqlite');
    try {
      const answer = await preflight(none, ORIGIN);
      assert.equal(answer.statusCode, 404);
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
    } finally {
      await none.close();
    }
    const any = await createTestContext('sqlite', { CORS_ORIGINS: '*' });
    try {
      assert.equal((await preflight(any, 'https://anyone.example')).headers['access-control-allow-origin'], '*');
    } finally {
      await any.close();
    }
  });

  test('a value that is not an origin fails at start-up, in one line', () => {
    for (const bad of ['https://app.example.com/', 'app.example.com', '*, https://a.example.com']) {
      assert.throws(() => loadConfig({ CORS_ORIGINS: bad }), /CORS_ORIGINS/);
    }
    assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://a.example.com,http://localhost:5173' }).corsOrigins, [
      'https://a.example.com',
      'http://localhost:5173',
    ]);
  });
});
