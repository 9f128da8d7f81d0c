/**
 * The sign-in throttle (docs/console.md, "Signing in"): after 5 failures for one name within 15 minutes
 * that name is refused with 429 for 15 minutes, even with the right password, from anywhere; after 5
 * failures from one address the address is slowed to one attempt per 30 seconds, so an owner behind the
 * same address still signs in. Every attempt is counted before its password is verified, so parallel
 * bursts get no more checks than the limit. In memory (fake clock, so the minutes pass without waiting)
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

/** Sends the attempts together and counts the answers by status: 401 and 303 were checked, 429 were not. */
async function burst(app: FastifyInstance, attempts: Array<[name: string, password: string, address: string]>) {
  const answers = await Promise.all(attempts.map(([name, password, address]) => attempt(app, name, password, address)));
  const count = (status: number) => answers.filter((answer) => answer.statusCode === status).length;
  return { checked: count(401) + count(303), signedIn: count(303), refused: count(429), total: answers.length };
}

/** The parallel bursts of issue 41 (F1), run against whichever limit store the app counts in. */
function burstTests(app: () => FastifyInstance, names: { wrong: string; mixed: string }, subnet: string) {
  test('30 parallel wrong passwords for one name: at most 5 are checked', async () => {
    const result = await burst(
      app(),
      Array.from({ length: 30 }, (_, n) => [names.wrong, 'wrong password!', `${subnet}.${n + 1}`] as [string, string, string]),
    );
    assert.equal(result.checked, 5, JSON.stringify(result));
    assert.equal(result.refused, 25);
  });

  test('24 wrong guesses and the right password together sign in only within the limit', async () => {
    const attempts = Array.from(
      { length: 24 },
      (_, n) => [names.mixed, 'wrong password!', `${subnet}.${n + 100}`] as [string, string, string],
    );
    attempts.splice(12, 0, [names.mixed, PASSWORD, `${subnet}.200`]);
    const result = await burst(app(), attempts);
    assert.ok(result.checked <= 5 + result.signedIn, JSON.stringify(result)); // a success gives its attempt back
    assert.ok(result.checked <= 6, JSON.stringify(result));
    assert.ok(result.refused >= 19, JSON.stringify(result));
  });

  test('30 parallel guesses at different names from one address: 5 checked, then one for the pace', async () => {
    const result = await burst(
      app(),
      Array.from({ length: 30 }, (_, n) => [`nobody-${subnet}-${n}`, 'wrong password!', `${subnet}.250`] as [string, string, string]),
    );
    assert.equal(result.checked, 6, JSON.stringify(result));
  });
}

for (const store of STORES) {
  describe(`sign-in throttle in memory [${store}]`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store);
      for (const name of ['victim', 'other', 'roamer', 'roamer2', 'burstee'])
        await addAccount(context.services.database, name, 'moderator');
    });
    after(() => context.close());
    afterEach(() => mock.timers.reset());
    burstTests(() => context.app, { wrong: 'burstee', mixed: 'roamer2' }, '10.9.8');

    test('per address: after 5 failures an address is slowed, and the owner behind it still signs in', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-01-01T00:00:00Z') });
      for (let n = 0; n < 5; n++)
        assert.equal((await attempt(context.app, `guess${n}`, 'wrong password!', '198.51.100.1')).statusCode, 401);
      assert.equal((await attempt(context.app, 'guess5', 'wrong password!', '198.51.100.1')).statusCode, 401, 'one paced attempt');
      const slowed = await attempt(context.app, 'victim', PASSWORD, '198.51.100.1');
      assert.equal(slowed.statusCode, 429, 'the next within 30 seconds waits');
      assert.ok(Number(slowed.headers['retry-after']) <= 30, String(slowed.headers['retry-after']));
      assert.match(String(slowed.headers['content-type']), /text\/html/, 'a page in the console look');
      mock.timers.tick(30_000);
      assert.equal(
        (await attempt(context.app, 'victim', PASSWORD, '198.51.100.1')).statusCode,
        303,
        'the owner signs in from the same address',
      );
      assert.equal((await attempt(context.app, 'other', PASSWORD, '198.51.100.2')).statusCode, 303, 'another address is not slowed');
      mock.timers.tick(15 * 60_000);
      for (let n = 0; n < 5; n++)
        assert.equal((await attempt(context.app, `guess${n}`, 'wrong password!', '198.51.100.1')).statusCode, 401, 'a new window');
    });

    test('guesses at a name that does not exist never lock the account that does', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-03-01T00:00:00Z') });
      for (let n = 0; n < 8; n++) await attempt(context.app, 'victim2', 'wrong password!', `198.51.100.${10 + n}`);
      assert.equal((await attempt(context.app, 'victim', PASSWORD, '198.51.100.40')).statusCode, 303);
    });

    test('per account: five failures for one name from five addresses refuse that name anywhere', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-02-01T00:00:00Z') });
      for (let n = 0; n < 5; n++)
        assert.equal((await attempt(context.app, 'roamer', 'wrong password!', `203.0.113.${n + 1}`)).statusCode, 401);
      const refused = await attempt(context.app, 'roamer', PASSWORD, '203.0.113.99');
      assert.equal(refused.statusCode, 429, 'the sixth attempt at one account');
      assert.equal(refused.headers['retry-after'], '900');
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
    await addAccount(second.services.database, 'burst', 'owner');
    await addAccount(second.services.database, 'mixed', 'owner');
  });
  after(async () => {
    await first.close();
    await second.close();
  });

  test('failures on one instance count on the other (address)', async () => {
    for (let n = 0; n < 3; n++) assert.equal((await attempt(first.app, 'x', 'wrong password!', '192.0.2.50')).statusCode, 401);
    for (let n = 0; n < 2; n++) assert.equal((await attempt(second.app, 'y', 'wrong password!', '192.0.2.50')).statusCode, 401);
    assert.equal((await attempt(first.app, 'z', 'wrong password!', '192.0.2.50')).statusCode, 401, 'the paced attempt');
    const refused = await attempt(second.app, 'shared', PASSWORD, '192.0.2.50');
    assert.equal(refused.statusCode, 429, 'slowed on the other instance too');
    assert.ok(Number(refused.headers['retry-after']) <= 30);
    assert.equal((await attempt(second.app, 'shared', PASSWORD, '192.0.2.51')).statusCode, 303);
  });

  test('failures on one instance count on the other (account)', async () => {
    for (let n = 0; n < 5; n++) await attempt(n % 2 ? first.app : second.app, 'named', 'wrong password!', `192.0.2.${60 + n}`);
    assert.equal((await attempt(second.app, 'named', PASSWORD, '192.0.2.70')).statusCode, 429);
  });

  burstTests(() => first.app, { wrong: 'burst', mixed: 'mixed' }, '10.7.6');
});
