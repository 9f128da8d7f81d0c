import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../src/config/config.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, from, LIMITS_ON } from '../support/limits.js';

for (const store of STORES) {
  describe(`who a client is, for the limits [${store}]`, () => {
    let ctx: TestContext;
    let proxied: TestContext;
    let clock: ReturnType<typeof fakeClock>;
    before(async () => {
      ctx = await createTestContext(store, { ...LIMITS_ON, EXEMPT_ADDRESSES: '10.9.0.0/16, 192.0.2.7, 2001:db8:e::/48' });
      proxied = await createTestContext(store, { ...LIMITS_ON, TRUST_PROXY: '10.8.0.1' });
    });
    after(async () => {
      await ctx.close();
      await proxied.close();
    });
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    test('an IPv4-mapped IPv6 peer is the IPv4 address', async () => {
      assert.equal((await from(ctx.app, '::ffff:10.2.0.1', '/api/types')).statusCode, 200);
      assert.equal((await from(ctx.app, '10.2.0.1', '/api/types')).statusCode, 429);
    });

    test('IPv6 clients are grouped by /64', async () => {
      assert.equal((await from(ctx.app, '2001:db8:1:2::1', '/api/types')).statusCode, 200);
      assert.equal((await from(ctx.app, '2001:db8:1:2:ffff:eeee:dddd:9', '/api/types')).statusCode, 429);
      assert.equal((await from(ctx.app, '2001:db8:1:3::1', '/api/types')).statusCode, 200);
    });

    test('X-Forwarded-For is ignored unless the peer is a trusted proxy', async () => {
      assert.equal((await from(ctx.app, '10.2.1.1', '/api/types', { 'x-forwarded-for': '198.51.100.1' })).statusCode, 200);
      assert.equal((await from(ctx.app, '10.2.1.1', '/api/types', { 'x-forwarded-for': '198.51.100.2' })).statusCode, 429);
    });

    test('behind a trusted proxy each forwarded client has its own window', async () => {
      const via = (client: string) => from(proxied.app, '10.8.0.1', '/api/types', { 'x-forwarded-for': client });
      assert.equal((await via('198.51.100.1')).statusCode, 200);
      assert.equal((await via('198.51.100.2')).statusCode, 200);
      assert.equal((await via('198.51.100.1')).statusCode, 429);
      // A forged header from an untrusted peer does not help it.
      assert.equal((await from(proxied.app, '10.8.0.2', '/api/types', { 'x-forwarded-for': '198.51.100.3' })).statusCode, 200);
      assert.equal((await from(proxied.app, '10.8.0.2', '/api/types', { 'x-forwarded-for': '198.51.100.4' })).statusCode, 429);
    });

    test('a "trust everything" TRUST_PROXY is refused at start-up', () => {
      for (const value of ['*', 'true', '0.0.0.0/0', '::/0']) {
        assert.throws(() => loadConfig({ TRUST_PROXY: value }), /would trust every address/);
      }
    });

    test('TRUST_PROXY entries wider than an IPv4 /8 or IPv6 /32 (mapped ranges as IPv4), or covering everything together, are refused', () => {
      const wide = ['::ffff:0:0/96', '::ffff:0.0.0.0/100', '0.0.0.0/1,128.0.0.0/1', '10.0.0.0/7', '2001:db8::/31', '::/64', '::/80'];
      for (const value of wide) {
        assert.throws(() => loadConfig({ TRUST_PROXY: value }), /TRUST_PROXY must list proxies|would trust every address/, value);
      }
      const everyEight = Array.from({ length: 256 }, (_, i) => `${i}.0.0.0/8`).join(',');
      assert.throws(() => loadConfig({ TRUST_PROXY: everyEight }), /cover every IPv4 address/);
      for (const value of ['10.0.0.0/8', '::ffff:10.0.0.0/104', '2001:db8::/32', '10.8.0.1, 2001:db8::7']) {
        assert.deepEqual(loadConfig({ TRUST_PROXY: value }).trustProxy.length > 0, true, value);
      }
      assert.throws(() => loadConfig({ TRUST_PROXY: '::ffff:0:0/97' }), /wider than an IPv4 \/8/);
    });

    test('behind a trusted proxy a forwarded value that is not an address is 400 naming the header and never counted', async () => {
      const via = (client: string) => from(proxied.app, '10.8.0.1', '/api/types', { 'x-forwarded-for': client });
      for (const value of ['garbage1', 'garbage2', '1.1.1.1:1234', '[::1]:80', '']) {
        const refused = await via(value);
        assert.equal(refused.statusCode, value === '' ? 200 : 400, value);
        if (value !== '') assert.match(refused.json().error, /X-Forwarded-For/);
      }
      // The refusals spent nobody's window: the proxy itself (the empty header above) was the one counted.
      assert.equal((await via('198.51.100.9')).statusCode, 200);
      const ranking = await proxied.rankingApp.inject({
        url: '/api/drama-actors',
        remoteAddress: '10.8.0.1',
        headers: { 'x-forwarded-for': 'garbage3', 'accept-language': 'en' },
      });
      assert.equal(ranking.statusCode, 400);
      assert.match(ranking.json().error, /X-Forwarded-For/);
    });

    test('exempt addresses and networks are never limited; their RateLimit headers say so', async () => {
      for (const address of ['10.9.1.1', '192.0.2.7', '::ffff:10.9.200.3', '2001:db8:e:5::1']) {
        for (let i = 0; i < 8; i++) {
          const response = await from(ctx.app, address, i % 2 ? '/api/contents/post/all' : '/nope');
          assert.ok([200, 404].includes(response.statusCode), `${address} request ${i}: ${response.statusCode}`);
          // On the API the quota is out of reach, so a client pacing by these headers (mirror) need not
          // wait (issue 34); a page (/nope) is under the web budget, which sends none.
          assert.equal(response.headers.ratelimit, i % 2 ? '"exempt";r=1000000;t=1' : undefined);
        }
      }
      assert.equal((await from(ctx.app, '192.0.2.8', '/api/types')).statusCode, 200);
      assert.equal((await from(ctx.app, '192.0.2.8', '/api/types')).statusCode, 429);
    });

    test('/api/status lists the limits among the features; RATE_LIMITS must be on or off', async () => {
      const status = (await from(ctx.app, '10.2.2.1', '/api/status')).json();
      assert.ok(status.data.features.includes('rate-limit'));
      assert.ok(status.data.features.includes('api-keys'));
      assert.ok(!status.data.features.includes('redis-shared-limits'));
      assert.throws(() => loadConfig({ RATE_LIMITS: 'sometimes' }), /RATE_LIMITS must be on or off/);
    });
  });
}

describe('RATE_LIMITS=off (the test harness default)', () => {
  test('no limit, no RateLimit headers, no limits feature', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      for (let i = 0; i < 10; i++) {
        const response = await from(ctx.app, '10.3.0.1', '/api/contents/post/all');
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers.ratelimit, undefined);
      }
      const unknownKey = await from(ctx.app, '10.3.0.1', '/api/types', { 'x-api-key': 'not-a-key' });
      assert.equal(unknownKey.statusCode, 200);
      const status = (await from(ctx.app, '10.3.0.1', '/api/status')).json();
      assert.ok(!status.data.features.includes('rate-limit'));
      assert.equal(ctx.services.limits, undefined);
    } finally {
      await ctx.close();
    }
  });
});
