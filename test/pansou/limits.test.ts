/**
 * The PanSou interface's limits (docs/pansou.md, "Limits") through HTTP on both stores: one request a
 * second with bursts of 5, 30 searches a minute, apart from the catalogue's budget; a bot that searches
 * and checks what it found is never refused; the catalogue's blacklist and EXEMPT_ADDRESSES apply; an
 * API key as Bearer or X-API-Key lifts the limits, a Bearer that is not a key is 401; PANSOU_REQUIRE_KEY;
 * every refusal in PanSou's envelope with Retry-After. With TEST_REDIS_URL the budget is shared by two
 * instances through Redis.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { ApiKeyStore } from '../../src/limits/api-keys.js';
import { BLACKLIST_MARK } from '../../src/limits/policy.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, LIMITS_ON } from '../support/limits.js';
import { uniquePrefix } from '../support/redis.js';
import { checkLinks, ENTRIES, get, search } from './support.js';

const KW = { kw: '逆袭' };

for (const store of STORES) {
  describe(`PanSou limits [${store}]`, () => {
    let ctx: TestContext;
    let clock: ReturnType<typeof fakeClock> | undefined;
    let address = 0;
    const fresh = () => `10.7.${store === 'sqlite' ? 1 : 2}.${++address}`;
    before(async () => {
      ctx = await createTestContext(store, { ...LIMITS_ON, EXEMPT_ADDRESSES: '10.8.0.1' });
      await ctx.importEntries(Object.values(ENTRIES));
    });
    after(() => ctx.close());
    afterEach(() => {
      clock?.restore();
      clock = undefined;
    });

    test('bursts of 5, then 429 in the envelope with Retry-After; a second later one more', async () => {
      clock = fakeClock();
      const from = fresh();
      for (let index = 0; index < 5; index++) assert.equal((await search(ctx.app, KW, {}, from)).statusCode, 200, `request ${index + 1}`);
      const refused = await search(ctx.app, KW, { 'accept-language': 'en' }, from);
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '1');
      assert.deepEqual(Object.keys(refused.json() as object), ['code', 'message']);
      assert.equal((refused.json() as { code: number }).code, 429);
      assert.match((refused.json() as { message: string }).message, /1 request a second/);
      const chinese = await search(ctx.app, KW, { 'accept-language': 'zh' }, from);
      assert.match((chinese.json() as { message: string }).message, /每个地址每秒 1 次/);
      clock.at(1000);
      assert.equal((await search(ctx.app, KW, {}, from)).statusCode, 200);
    });

    test('a bot that searches and then checks what it found, at one request a second, is never refused', async () => {
      clock = fakeClock();
      const from = fresh();
      for (let pair = 0; pair < 30; pair++) {
        clock.at(pair * 2000);
        const found = await search(ctx.app, { ...KW, res: 'results', limit: 3 }, {}, from);
        assert.equal(found.statusCode, 200, `search ${pair}`);
        const links = (found.json() as { data: { results: Array<{ links: Array<{ type: string; url: string; password: string }> }> } }).data
          .results;
        const items = links.flatMap((result) =>
          result.links.map((link) => ({ disk_type: link.type, url: link.url, password: link.password })),
        );
        assert.equal((await checkLinks(ctx.app, { items }, {}, from)).statusCode, 200, `check ${pair}`);
      }
    });

    test('at most 30 searches a minute; checks do not count as searches', async () => {
      clock = fakeClock();
      const from = fresh();
      for (let index = 0; index < 30; index++) {
        clock.at(index * 1000);
        assert.equal((await search(ctx.app, KW, {}, from)).statusCode, 200, `search ${index + 1}`);
      }
      clock.at(30_000);
      const refused = await search(ctx.app, KW, { 'accept-language': 'en' }, from);
      assert.equal(refused.statusCode, 429);
      assert.match((refused.json() as { message: string }).message, /search 30 times a minute/);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      clock.at(31_000);
      const items = [{ disk_type: 'quark', url: ENTRIES.quark?.source_link, password: '' }];
      assert.equal((await checkLinks(ctx.app, { items }, {}, from)).statusCode, 200);
    });

    test('a budget apart from the catalogue interface’s', async () => {
      clock = fakeClock();
      const from = fresh();
      const catalogue = () => ctx.app.inject({ method: 'GET', url: '/api/types', remoteAddress: from });
      assert.equal((await catalogue()).statusCode, 200);
      assert.equal((await catalogue()).statusCode, 429, 'the catalogue’s one request per 3 s');
      for (let index = 0; index < 5; index++) assert.equal((await search(ctx.app, KW, {}, from)).statusCode, 200);
    });

    test('a request is counted before its body is read: broken bodies spend the budget too', async () => {
      clock = fakeClock();
      const from = fresh();
      const broken = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/pansou/api/search',
          payload: '{"kw": ',
          headers: { 'content-type': 'application/json' },
          remoteAddress: from,
        });
      for (let index = 0; index < 5; index++) assert.equal((await broken()).statusCode, 400);
      assert.equal((await broken()).statusCode, 429);
    });

    test('health costs no budget', async () => {
      clock = fakeClock();
      const from = fresh();
      for (let index = 0; index < 5; index++) await search(ctx.app, KW, {}, from);
      assert.equal((await search(ctx.app, KW, {}, from)).statusCode, 429);
      for (let index = 0; index < 10; index++) assert.equal((await get(ctx.app, '/api/health', {}, from)).statusCode, 200);
    });

    test('the catalogue’s blacklist applies; exempt addresses are never limited', async () => {
      const from = fresh();
      await ctx.services.limits?.limits.address.set(from, BLACKLIST_MARK, 60);
      const refused = await search(ctx.app, KW, { 'accept-language': 'en' }, from);
      assert.equal(refused.statusCode, 429);
      assert.match((refused.json() as { message: string }).message, /blacklist/);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      for (let index = 0; index < 40; index++) assert.equal((await search(ctx.app, KW, {}, '10.8.0.1')).statusCode, 200);
    });

    test('an API key as Bearer or X-API-Key lifts the limits to its rate; a Bearer that is not a key is 401', async () => {
      clock = fakeClock();
      const { key } = await new ApiKeyStore(ctx.services.database).create(50, 'bot');
      await ctx.services.limits?.sync();
      const from = fresh();
      for (let index = 0; index < 20; index++) {
        const headers: Record<string, string> = index % 2 === 0 ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
        assert.equal((await search(ctx.app, KW, headers, from)).statusCode, 200, `keyed request ${index + 1}`);
      }
      const wrong = await search(ctx.app, KW, { authorization: 'Bearer not-a-key', 'accept-language': 'en' }, from);
      assert.equal(wrong.statusCode, 401);
      assert.equal((wrong.json() as { code: number }).code, 401);
      assert.deepEqual(Object.keys(wrong.json() as object), ['code', 'message']);
    });
  });
}

describe('PANSOU_REQUIRE_KEY=on', () => {
  test('refuses requests without a key; health says auth_enabled and still answers', async () => {
    const ctx = await createTestContext('sqlite', { ...LIMITS_ON, PANSOU_REQUIRE_KEY: 'on' });
    try {
      const keyless = await search(ctx.app, KW, { 'accept-language': 'en' }, '10.6.0.1');
      assert.equal(keyless.statusCode, 401);
      assert.match((keyless.json() as { message: string }).message, /requires an API key/);
      const health = await get(ctx.app, '/api/health', {}, '10.6.0.1');
      assert.equal(health.statusCode, 200);
      assert.equal((health.json() as { auth_enabled: boolean }).auth_enabled, true);
      const { key } = await new ApiKeyStore(ctx.services.database).create(5, 'bot');
      await ctx.services.limits?.sync();
      assert.equal((await search(ctx.app, KW, { authorization: `Bearer ${key}` }, '10.6.0.1')).statusCode, 200);
    } finally {
      await ctx.close();
    }
  });
});

describe('the PanSou budget is shared by two instances through Redis', { skip: !process.env.TEST_REDIS_URL }, () => {
  test('five requests across both instances spend one address’s burst', async () => {
    const env = { ...LIMITS_ON, REDIS_URL: process.env.TEST_REDIS_URL as string, REDIS_KEY_PREFIX: uniquePrefix('pansou') };
    const first = await createTestContext('sqlite', env);
    const second = await createTestContext('sqlite', env);
    try {
      const from = '10.5.0.1';
      const answers = [];
      for (let index = 0; index < 6; index++)
        answers.push((await search(index % 2 === 0 ? first.app : second.app, KW, {}, from)).statusCode);
      // Six requests inside one second would need the clock to stand still; Redis keeps real time, so
      // only the count matters: the burst allows five, and a sixth in the same second is refused.
      assert.deepEqual(answers.slice(0, 5), [200, 200, 200, 200, 200]);
      assert.ok(answers[5] === 429 || answers[5] === 200);
      let refused = answers[5] === 429;
      for (let index = 0; !refused && index < 10; index++) refused = (await search(second.app, KW, {}, from)).statusCode === 429;
      assert.ok(refused, 'the shared burst runs out');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
