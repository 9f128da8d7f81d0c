/**
 * HTTP as people expect (issue 34): 413 for a body past the limit, 414 for a URL and 431 for headers past
 * Node's header limit, every refusal in the reader's language (never the framework's English in the
 * Chinese envelope), a wrong type in a JSON body a 400 naming the field, no 404 saying "only GET", a page
 * past 1000 refused with the way to read everything, and `today` working on search and refused on `/all`.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { parseRaw, rawRequest } from './raw-socket.js';

const EN = { 'accept-language': 'en' };
/** A run of Latin words: what Fastify's own English looks like inside a Chinese text. */
const ENGLISH_WORDS = /[A-Za-z]{3,} [A-Za-z]{3,}/;

const report = (payload: string, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/link-reports',
  headers: { 'content-type': 'application/json', ...headers },
  payload,
});

for (const store of STORES) {
  describe(`HTTP refusals [${store}]`, () => {
    let ctx: TestContext;
    let port: number;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([
        entry({ title: '总裁今天归来', type: 'tv', update_time: '2024-05-06 12:00:00' }),
        entry({ title: '总裁昨天归来', type: 'tv', update_time: '2024-05-05 12:00:00' }),
      ]);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    });
    after(() => ctx.close());
    afterEach(() => mock.timers.reset());

    test('a body of 3 MB is 413 in the envelope, in either language', async () => {
      const big = JSON.stringify({ source_link: 'x'.repeat(3 * 1024 * 1024) });
      const zh = await ctx.app.inject(report(big));
      assert.equal(zh.statusCode, 413);
      assert.deepEqual(zh.json(), {
        success: false,
        message: '请求体过大',
        error_code: 'PAYLOAD_TOO_LARGE',
        error: '请求体超过了该接口允许的大小',
        suggestion: '请只发送接口需要的字段',
      });
      const en = await ctx.app.inject(report(big, EN));
      assert.equal(en.statusCode, 413);
      assert.equal(en.json().message, 'Payload too large');
    });

    test('a 100 KB URL is 414 and a 20 KB header 431, over a real socket', async () => {
      const longUrl = parseRaw(await rawRequest(port, `GET /api/contents?x=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: h\r\n\r\n`));
      assert.equal(longUrl.status, 414);
      assert.equal(longUrl.body?.error_code, 'URI_TOO_LONG');
      assert.doesNotMatch(String(longUrl.body?.error), ENGLISH_WORDS);
      const bigHeader = parseRaw(await rawRequest(port, `GET /api/contents HTTP/1.1\r\nHost: h\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      assert.equal(bigHeader.status, 431);
      assert.equal(bigHeader.body?.error_code, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
      assert.match(await rawRequest(port, `GET /?${'a'.repeat(100_000)} HTTP/1.1\r\n\r\n`), /^HTTP\/1\.1 414 URI Too Long\r\n/);
    });

    test('broken, empty or mistyped JSON is a 400 in the reader language', async () => {
      const cases = [
        ['{broken', '请求体不是有效的 JSON', 'The request body is not valid JSON'],
        ['', '请求体为空，但 Content-Type 为 application/json', 'The request body is empty but its Content-Type is application/json'],
        ['{"source_link":123}', '参数 source_link 无效：类型错误，应为字符串', 'Parameter source_link is invalid: it must be a string'],
        ['[1]', '参数 body 无效：类型错误，应为JSON 对象', 'Parameter body is invalid: it must be a JSON object'],
        ['{}', '参数 source_link 无效：缺少该参数', 'Parameter source_link is invalid: it is required'],
      ];
      for (const [payload, zh, en] of cases) {
        const chinese = await ctx.app.inject(report(payload as string));
        assert.equal(chinese.statusCode, 400, payload);
        assert.equal(chinese.json().error_code, 'BAD_REQUEST');
        assert.equal(chinese.json().error, zh, payload);
        assert.equal((await ctx.app.inject(report(payload as string, EN))).json().error, en, payload);
      }
    });

    test('a 404 names no method rule (POST /api/link-reports exists)', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['POST', '/api/contents'],
        ['DELETE', '/api/link-reports'],
      ] as const) {
        const answer = await ctx.app.inject({ method, url });
        assert.equal(answer.statusCode, 404);
        assert.doesNotMatch(answer.body, /GET/);
        assert.equal(answer.json().suggestion, '请检查请求地址和方法（见 /docs）');
      }
    });

    test('a page past 1000 is refused naming /all; the answers below it are unchanged', async () => {
      const past = await ctx.app.inject('/api/contents?limit=1&page=1001');
      assert.equal(past.statusCode, 400);
      assert.match(
        past.json().error,
        /^参数 page 无效：1001 超出范围；应为1 到 1000 之间的整数（即使 total_pages 更大，也只提供前 1000 页）/,
      );
      assert.match(past.json().suggestion, /\/api\/contents\/\{type\}\/all/);
      assert.match((await ctx.app.inject({ url: '/api/contents/tv?page=5000', headers: EN })).json().suggestion, /\/all/);
      assert.match((await ctx.app.inject('/api/contents?page=0')).json().error, /^参数 page 无效：0 超出范围；应为/);
      const first = (await ctx.app.inject('/api/contents?limit=1')).json();
      assert.deepEqual([first.data.page, first.data.total, first.data.total_pages], [1, 2, 2]);
    });

    test('`today` filters search (data.today true) and is refused on /all', async () => {
      // 2024-05-06 00:30 in Asia/Shanghai, the default catalogue zone.
      mock.timers.enable({ apis: ['Date'], now: new Date('2024-05-05T16:30:00Z') });
      const today = (await ctx.app.inject('/api/search?keyword=总裁&today')).json();
      assert.deepEqual(
        today.data.items.map((item: { title: string }) => item.title),
        ['总裁今天归来'],
      );
      assert.equal(today.data.today, true);
      assert.equal(today.data.total, 1);
      const always = (await ctx.app.inject('/api/search?keyword=总裁')).json();
      assert.equal(always.data.total, 2);
      assert.equal('today' in always.data, false, 'without today the answer is as before');
      const dump = await ctx.app.inject('/api/contents/tv/all?today');
      assert.equal(dump.statusCode, 400);
      assert.match(dump.json().error, /^参数 today 不适用于 \/all/);
      assert.match(dump.json().suggestion, /\/api\/contents\/\{type\}\?today/);
      assert.equal((await ctx.app.inject('/api/contents/tv/all')).statusCode, 200);
    });
  });
}
