// The web page's own budget (WEB_RATE_LIMIT) beside the API's rules: bursts allowed, an HTML 429 with
// Retry-After past it, assets never counted, and browsing never spending the API's budget nor leading to
// its blacklist (nor the other way round). In memory, and in Redis when TEST_REDIS_URL is set.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { FEED_RATE_PER_MINUTE } from '../../src/limits/page-budget.js';
import { createTestContext, entry, type TestContext } from '../support/harness.js';
import { fakeClock, LIMITS_ON } from '../support/limits.js';
import { browse } from './support.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const counters = [
  ['memory', {}],
  ...(REDIS_URL ? [['redis', { REDIS_URL, REDIS_KEY_PREFIX: `dramadex-test-${randomUUID()}:` }]] : []),
] as Array<[string, Record<string, string>]>;

for (const [where, env] of counters) {
  describe(`the web page budget [${where}]`, () => {
    let ctx: TestContext;
    let clock: ReturnType<typeof fakeClock>;
    before(async () => {
      ctx = await createTestContext('sqlite', { ...LIMITS_ON, WEB_RATE_LIMIT: '5', ...env });
      await ctx.importEntries([entry()]);
    });
    after(() => ctx.close());
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    test('a burst up to the budget is served, the next page is an HTML 429 with Retry-After, the window reopens', async () => {
      const address = '10.40.0.1';
      const pages = ['/', '/types/post', '/search?keyword=a', '/today', '/no-such-page'];
      for (const url of pages) assert.notEqual((await browse(ctx.app, url, {}, address)).statusCode, 429, url);
      clock.at(20_000);
      const refused = await browse(ctx.app, '/types/tv', {}, address);
      assert.equal(refused.statusCode, 429);
      assert.match(refused.headers['content-type'] as string, /text\/html/);
      // Redis keeps its own time (the fake clock moves only this process's), so there the wait is up to 60 s.
      const wait = where === 'memory' ? '40' : (refused.headers['retry-after'] as string);
      assert.equal(refused.headers['retry-after'], wait);
      assert.ok(Number(wait) >= 1 && Number(wait) <= 60);
      assert.match(refused.body, /请求过于频繁/);
      assert.match(refused.body, /每个地址每分钟最多打开 5 个页面/);
      assert.match(refused.body, new RegExp(`请在 ${wait} 秒后重试`));
      assert.ok(refused.headers['content-security-policy']);
      const json = await ctx.app.inject({ url: '/types/tv', remoteAddress: address });
      assert.equal(json.statusCode, 429);
      assert.equal(json.json().retry_after, Number(wait));
      if (where === 'redis') return;
      clock.at(60_000);
      assert.equal((await browse(ctx.app, '/types/tv', {}, address)).statusCode, 200);
    });

    test('static assets are never counted', async () => {
      const address = '10.40.0.2';
      const home = (await browse(ctx.app, '/', {}, address)).body;
      const css = /href="(\/assets\/site\.[0-9a-f]{12}\.css)"/.exec(home)?.[1] as string;
      for (let i = 0; i < 20; i++) assert.equal((await browse(ctx.app, css, {}, address)).statusCode, 200);
      assert.equal((await browse(ctx.app, '/today', {}, address)).statusCode, 200);
    });

    test('browsing past the budget never spends the API budget nor blacklists; the API never spends the page budget', async () => {
      const address = '10.40.0.3';
      for (let i = 0; i < 30; i++) await browse(ctx.app, '/types/post', {}, address);
      const api = await ctx.app.inject({ url: '/api/contents', remoteAddress: address });
      assert.equal(api.statusCode, 200);
      assert.equal(api.headers['ratelimit-policy'], '"per-address";q=1;w=3');

      const other = '10.40.0.4';
      for (let i = 0; i < 10; i++) await ctx.app.inject({ url: '/api/types', remoteAddress: other });
      const blacklisted = await ctx.app.inject({ url: '/api/types', remoteAddress: other, headers: { 'accept-language': 'en' } });
      assert.match(blacklisted.json().detail, /^Blacklist/);
      assert.equal((await browse(ctx.app, '/', {}, other)).statusCode, 200);
    });

    test("feeds have their own budget: a reader polling every five minutes is never refused, and feeds spend neither the page's nor the API's", async () => {
      const address = '10.40.0.6';
      const feeds = [
        '/feeds/latest.xml',
        '/feeds/latest.atom',
        '/feeds/post.xml',
        `/feeds/search.atom?keyword=${encodeURIComponent('测试')}`,
      ];
      // An hour of polls, four feeds each time: 48 feeds, far past the page's budget of 5 a minute.
      for (let poll = 0; poll < 12; poll++) {
        clock.at(poll * 5 * 60_000);
        for (const url of feeds)
          assert.equal((await ctx.app.inject({ url, remoteAddress: address })).statusCode, 200, `${url} at poll ${poll}`);
      }
      for (let i = 0; i < 5; i++) assert.equal((await browse(ctx.app, '/types/post', {}, address)).statusCode, 200, `page ${i}`);
      assert.equal((await ctx.app.inject({ url: '/api/contents', remoteAddress: address })).statusCode, 200);

      // Past its own budget a feed is refused under its own policy, and pages and the API still answer.
      const burst = '10.40.0.7';
      for (let i = 0; i < FEED_RATE_PER_MINUTE; i++)
        assert.equal((await ctx.app.inject({ url: '/feeds/latest.xml', remoteAddress: burst })).statusCode, 200, `feed ${i}`);
      const refused = await ctx.app.inject({ url: '/feeds/latest.xml', remoteAddress: burst, headers: { 'accept-language': 'en' } });
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['ratelimit-policy'], `"feeds";q=${FEED_RATE_PER_MINUTE};w=60`);
      assert.match(refused.json().detail, /feeds' limit/);
      assert.equal((await browse(ctx.app, '/types/post', {}, burst)).statusCode, 200);
      assert.equal((await ctx.app.inject({ url: '/api/contents', remoteAddress: burst })).statusCode, 200);
    });

    test('an API path in disguise is counted as the API, not as a page', async () => {
      const address = '10.40.0.5';
      assert.equal((await ctx.app.inject({ url: '/api/types', remoteAddress: address })).statusCode, 200);
      for (const url of ['/%61pi/types', '/api%2Ftypes', '/%61pi']) {
        const response = await ctx.app.inject({ url, remoteAddress: address, headers: { 'accept-language': 'en' } });
        assert.equal(response.statusCode, 429, url);
        assert.match(response.json().error, /1 request every 3 seconds/, url);
      }
    });
  });
}
