/**
 * The sign-in throttle (docs/console.md, "Signing in"): after 5 failures for one address, or for one name,
 * within 15 minutes, attempts are refused with 429 for 15 minutes, even with the right password; other
 * addresses and names are not affected. In memory (fake clock, so the 15 minutes pass without waiting)
 * and in Redis, where two instances count together.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { uniquePrefix } from '../support/redis.js';
import { addAccount, form, PASSWORD } from './support.js';

const attempt = (app: FastifyInstance, name: string, password: string, address: string) =>
  app.inject({ method: 'POST', url: '/admin/login', remoteAddress: address, ...form({ name, password }) });

for (const store of STORES) {
  describe(`sign-in throttle in memory [${store}]`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store);
      for (const name of ['victim', 'other', 'roamer']) await addAccount(context.services.database, name, 'moderator');
    });
    after(() => context.close());
    afterEach(() => mock.timers.reset());

    test('per address: the sixth attempt from one address is 429 for 15 minutes, with Retry-After', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-01-01T00:00:00Z') });
      for (let n = 0; n < 5; n++)
        assert.equal((await attempt(context.app, `guess${n}`, 'wrong password!', '198.51.100.1')).statusCode, 401);
      const refused = await attempt(context.app, 'victim', PASSWORD, '198.51.100.1');
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '900');
      assert.match(String(refused.headers['content-type']), /text\/html/, 'a page in the console look');
      assert.equal((await attempt(context.app, 'other', PASSWORD, '198.51.100.2')).statusCode, 303, 'another address signs in');
      mock.timers.tick(14 * 60_000);
      assert.equal((await attempt(context.app, 'victim', PASSWORD, '198.51.100.1')).statusCode, 429, 'still refused at 14 minutes');
      mock.timers.tick(60_000 + 1000);
      assert.equal((await attempt(context.app, 'victim', PASSWORD, '198.51.100.1')).statusCode, 303, 'taken again after 15 minutes');
    });

    test('per account: five failures for one name from five addresses refuse that name anywhere', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-02-01T00:00:00Z') });
      for (let n = 0; n < 5; n++)
        assert.equal((await attempt(context.app, 'roamer', 'wrong password!', `203.0.113.${n + 1}`)).statusCode, 401);
      assert.equal((await attempt(context.app, 'roamer', PASSWORD, '203.0.113.99')).statusCode, 429);
      assert.equal((await attempt(context.app, 'ROAMER', PASSWORD, '203.0.113.98')).statusCode, 429, 'names are counted case-folded');
      assert.equal((await attempt(context.app, 'other', PASSWORD, '203.0.113.97')).statusCode, 303, 'another name signs in');
    });
  });
}

describe('sign-in throttle shared through Redis by two instances', { skip: !process.env.TEST_REDIS_URL }, () => {
  let first: TestContext;
  let second: TestContext;
  before(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL as string, REDIS_KEY_PREFIX: uniquePrefix('console-throttle') };
    [first, second] = [await createTestContext('sqlite', env), await createTestContext('sqlite', env)];
    await addAccount(second.services.database, 'shared', 'owner');
    await addAccount(second.services.database, 'named', 'owner');
  });
  after(async () => {
    await first.close();
    await second.close();
  });

  test('failures on one instance count on the other (address)', async () => {
    for (let n = 0; n < 3; n++) assert.equal((await attempt(first.app, 'x', 'wrong password!', '192.0.2.50')).statusCode, 401);
    for (let n = 0; n < 2; n++) assert.equal((await attempt(second.app, 'y', 'wrong password!', '192.0.2.50')).statusCode, 401);
    const refused = await attempt(second.app, 'shared', PASSWORD, '192.0.2.50');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 890);
    assert.equal((await attempt(second.app, 'shared', PASSWORD, '192.0.2.51')).statusCode, 303);
  });

  test('failures on one instance count on the other (account)', async () => {
    for (let n = 0; n < 5; n++) await attempt(n % 2 ? first.app : second.app, 'named', 'wrong password!', `192.0.2.${60 + n}`);
    assert.equal((await attempt(second.app, 'named', PASSWORD, '192.0.2.70')).statusCode, 429);
  });
});
