import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, from, LIMITS_ON } from '../support/limits.js';

for (const store of STORES) {
  describe(`the per-address rule and the blacklist [${store}]`, () => {
    let ctx: TestContext;
    let clock: ReturnType<typeof fakeClock>;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      await ctx.importEntries([entry({ type: 'post' }), entry({ type: 'movie' })]);
    });
    after(() => ctx.close());
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    test('one request per 3 s: refused at 2.999 s with the real wait rounded up, served at 3.000 s', async () => {
      const first = await from(ctx.app, '10.0.0.1', '/api/types');
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['ratelimit-policy'], '"per-address";q=1;w=3');
      assert.equal(first.headers.ratelimit, '"per-address";r=0;t=3');

      const expected = [
        [1000, 2],
        [2001, 1],
        [2999, 1],
      ];
      for (const [at, retryAfter] of expected as Array<[number, number]>) {
        clock.at(at);
        const refused = await from(ctx.app, '10.0.0.1', '/api/contents');
        assert.equal(refused.statusCode, 429, `at ${at} ms`);
        const body = refused.json();
        assert.equal(body.success, false);
        assert.equal(body.error_code, 'RATE_LIMIT_EXCEEDED');
        assert.equal(body.retry_after, retryAfter, `retry_after at ${at} ms`);
        assert.equal(refused.headers['retry-after'], String(retryAfter));
        assert.match(body.detail, /1 request per 3 seconds/);
        assert.doesNotMatch(body.detail, /^Blacklist/);
        assert.equal(typeof body.message, 'string');
        assert.equal(typeof body.error, 'string');
        assert.equal(typeof body.suggestion, 'string');
        assert.equal(refused.headers['ratelimit-policy'], '"per-address";q=1;w=3');
      }
      // Three refusals did not push the window: it still ends 3 s after the allowed request.
      clock.at(3000);
      assert.equal((await from(ctx.app, '10.0.0.1', '/api/contents')).statusCode, 200);
    });

    test('addresses are counted apart', async () => {
      assert.equal((await from(ctx.app, '10.0.1.1', '/api/types')).statusCode, 200);
      assert.equal((await from(ctx.app, '10.0.1.2', '/api/types')).statusCode, 200);
      assert.equal((await from(ctx.app, '10.0.1.1', '/api/types')).statusCode, 429);
      assert.equal((await from(ctx.app, '10.0.1.3', '/api/types')).statusCode, 200);
    });

    test('every catalogue path shares the window, the 404 path and other methods included', async () => {
      const missing = await from(ctx.app, '10.0.2.1', '/api/no/such/path');
      assert.equal(missing.statusCode, 404);
      assert.ok(missing.headers.ratelimit);
      // Four refusals (a fifth would blacklist the address).
      for (const url of ['/api/contents/post', '/api/search?keyword=a', '/api/health']) {
        const refused = await from(ctx.app, '10.0.2.1', url);
        assert.equal(refused.statusCode, 429, url);
      }
      const post = await ctx.app.inject({ method: 'POST', url: '/api/contents', remoteAddress: '10.0.2.1' });
      assert.equal(post.statusCode, 429);
      clock.at(3000);
      const posted = await ctx.app.inject({ method: 'POST', url: '/api/contents', remoteAddress: '10.0.2.1' });
      assert.equal(posted.statusCode, 404);
      assert.equal(posted.json().error_code, 'RESOURCE_NOT_FOUND');
    });

    test('the fifth refused request in a row starts a 30-minute blacklist, not the fourth', async () => {
      const address = '10.0.3.1';
      assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
      for (let violation = 1; violation <= 4; violation++) {
        clock.at(violation * 100);
        const refused = (await from(ctx.app, address, '/api/types')).json();
        assert.doesNotMatch(refused.detail, /^Blacklist/, `violation ${violation}`);
        assert.match(refused.detail, new RegExp(`violation ${violation} in a row; ${5 - violation} more`));
        assert.ok(refused.retry_after <= 3);
      }
      clock.at(500);
      const fifth = await from(ctx.app, address, '/api/types');
      assert.equal(fifth.statusCode, 429);
      const body = fifth.json();
      assert.equal(body.retry_after, 1800);
      assert.equal(fifth.headers['retry-after'], '1800');
      assert.match(body.detail, /^Blacklist/);
      assert.match(body.message, /blacklisted/i);

      // After the 3 s window the address stays refused, and told the blacklist's remaining time.
      clock.at(3500);
      const still = (await from(ctx.app, address, '/api/types')).json();
      assert.equal(still.retry_after, 1797);
      assert.match(still.detail, /^Blacklist/);
      assert.equal((await from(ctx.app, address, '/api/no/such/path')).statusCode, 429);
      clock.at(500 + 1_800_000 - 1);
      const last = (await from(ctx.app, address, '/api/types')).json();
      assert.equal(last.retry_after, 1);
      assert.match(last.detail, /^Blacklist/);
      clock.at(500 + 1_800_000);
      assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
    });

    test('the blacklist is written to the record that `dramadex blacklist list` reads', async () => {
      const address = '10.0.3.2';
      await from(ctx.app, address, '/api/types');
      for (let i = 1; i <= 5; i++) await from(ctx.app, address, '/api/types');
      const limits = ctx.services.limits;
      assert.ok(limits);
      // The record is written in a batch after the answers; settle() resolves once that batch is written.
      await limits.blacklist.settle();
      const mine = (await limits.blacklist.active(new Date(clock.now()))).find((item) => item.address === address);
      assert.ok(mine, 'blacklisted address is in the record');
      assert.equal(Date.parse(mine.until) - Date.parse(mine.since), 1_800_000);
    });

    test('an allowed request resets the count of violations in a row', async () => {
      const address = '10.0.4.1';
      assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
      for (let i = 1; i <= 4; i++) assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 429);
      clock.at(3000);
      assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
      for (let i = 1; i <= 4; i++) {
        const refused = (await from(ctx.app, address, '/api/types')).json();
        assert.match(refused.detail, new RegExp(`violation ${i} in a row`));
      }
      clock.at(6000);
      assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
      // And the fifth in a row after that is a blacklist again.
      for (let i = 1; i <= 4; i++) await from(ctx.app, address, '/api/types');
      assert.match((await from(ctx.app, address, '/api/types')).json().detail, /^Blacklist/);
    });

    test('a flood of 20,000 new addresses evicts neither a blacklist nor a live window', async () => {
      const blacklisted = '10.0.6.1';
      const windowed = '10.0.6.2';
      for (let i = 0; i < 6; i++) await from(ctx.app, blacklisted, '/api/types');
      assert.equal((await from(ctx.app, windowed, '/api/types')).statusCode, 200);
      for (let start = 0; start < 20_000; start += 500) {
        const batch = Array.from({ length: 500 }, (_, i) =>
          from(ctx.app, `10.${100 + ((start + i) >> 16)}.${((start + i) >> 8) & 255}.${(start + i) & 255}`, '/api/types'),
        );
        for (const response of await Promise.all(batch)) assert.equal(response.statusCode, 200);
      }
      clock.at(2999);
      assert.equal((await from(ctx.app, windowed, '/api/types')).statusCode, 429);
      assert.match((await from(ctx.app, blacklisted, '/api/types')).json().detail, /^Blacklist/);
    });

    test('answers in Chinese by default, with the same numbers', async () => {
      const address = '10.0.5.1';
      await ctx.app.inject({ url: '/api/types', remoteAddress: address });
      clock.at(1500);
      const refused = await ctx.app.inject({ url: '/api/types', remoteAddress: address });
      const body = refused.json();
      assert.equal(body.message, '请求过于频繁');
      assert.equal(body.retry_after, 2);
      assert.match(body.detail, /2 秒后重试/);
    });
  });
}
