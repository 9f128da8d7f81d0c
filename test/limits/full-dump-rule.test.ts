import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, from, LIMITS_ON } from '../support/limits.js';

for (const store of STORES) {
  describe(`the /all rule [${store}]`, () => {
    let ctx: TestContext;
    let clock: ReturnType<typeof fakeClock>;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      await ctx.importEntries([entry({ type: 'post' }), entry({ type: 'movie' }), entry({ type: 'tv' })]);
    });
    after(() => ctx.close());
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    test('one /all per minute per address, whatever the type, with the remaining seconds', async () => {
      const address = '10.1.0.1';
      const first = await from(ctx.app, address, '/api/contents/post/all');
      assert.equal(first.statusCode, 200);
      assert.equal(first.json().data.total, 1);
      assert.equal(first.headers['ratelimit-policy'], '"per-address";q=1;w=3, "full-dump";q=1;w=60');
      assert.equal(first.headers.ratelimit, '"per-address";r=0;t=3, "full-dump";r=0;t=60');

      clock.at(3000);
      const other = await from(ctx.app, address, '/api/contents/movie/all');
      assert.equal(other.statusCode, 429);
      const body = other.json();
      assert.equal(body.error_code, 'RATE_LIMIT_EXCEEDED');
      assert.match(body.message, /frequency exceeded/i);
      assert.match(body.error, /retry in 57 seconds/);
      assert.equal(body.retry_after, 57);
      assert.equal(other.headers['retry-after'], '57');
      assert.equal(typeof body.detail, 'string');

      const chinese = await ctx.app.inject({ url: '/api/contents/tv/all', remoteAddress: address });
      clock.at(6000);
      const zh = (await ctx.app.inject({ url: '/api/contents/tv/all', remoteAddress: address })).json();
      assert.equal(chinese.statusCode, 429); // inside the per-address window of the refused /all at 3 s
      assert.match(zh.message, /频率/);
      assert.match(zh.error, /54 秒/);
      assert.equal(zh.retry_after, 54);

      clock.at(56_999);
      assert.equal((await from(ctx.app, address, '/api/contents/tv/all')).json().retry_after, 4);
      // 60.000 s: the minute is over (and so is the 3 s window of the refused request at 56.999 s).
      clock.at(60_000);
      const again = await from(ctx.app, address, '/api/contents/tv/all');
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().data.content_type, 'tv');
    });

    test('an /all request counts against the per-address rule too', async () => {
      const address = '10.1.0.2';
      assert.equal((await from(ctx.app, address, '/api/contents/post/all')).statusCode, 200);
      clock.at(2000);
      const listed = await from(ctx.app, address, '/api/contents');
      assert.equal(listed.statusCode, 429);
      assert.equal(listed.json().retry_after, 1);
      assert.match(listed.json().detail, /1 request per 3 seconds/);
      clock.at(3000);
      assert.equal((await from(ctx.app, address, '/api/contents')).statusCode, 200);
    });

    test('an /all refused by the per-address rule does not use up the minute', async () => {
      const address = '10.1.0.3';
      assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
      clock.at(1000);
      const early = await from(ctx.app, address, '/api/contents/post/all');
      assert.equal(early.statusCode, 429);
      assert.match(early.json().detail, /1 request per 3 seconds/);
      clock.at(3000);
      assert.equal((await from(ctx.app, address, '/api/contents/post/all')).statusCode, 200);
    });

    test('an /all for an unknown type is still an /all request', async () => {
      const address = '10.1.0.4';
      assert.equal((await from(ctx.app, address, '/api/contents/nope/all')).statusCode, 400);
      clock.at(3000);
      assert.equal((await from(ctx.app, address, '/api/contents/post/all')).statusCode, 429);
    });

    test('other addresses have their own minute', async () => {
      assert.equal((await from(ctx.app, '10.1.1.1', '/api/contents/post/all')).statusCode, 200);
      assert.equal((await from(ctx.app, '10.1.1.2', '/api/contents/post/all')).statusCode, 200);
    });
  });
}
