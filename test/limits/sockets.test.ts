/**
 * The per-address behaviour over real sockets from distinct loopback source addresses, on the memory
 * store (under a fake clock) and — when TEST_REDIS_URL is set — on Redis with two app instances sharing
 * it (where the windows run on Redis's clock, so the assertions hold for any speed of this machine).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildCatalogueApp } from '../../src/app.js';
import { createServices, type Services } from '../../src/services.js';
import { runCli } from '../support/cli.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, LIMITS_ON } from '../support/limits.js';
import { get, listen } from '../support/net.js';
import { uniquePrefix } from '../support/redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** N requests at once from one address, spread over the given ports; returns the statuses. */
async function burst(ports: number[], address: string, n: number, path = '/api/types'): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => get(ports[i % ports.length] as number, address, path)));
  return answers.map((answer) => answer.status);
}

const count = (statuses: number[], status: number) => statuses.filter((item) => item === status).length;

for (const store of STORES) {
  describe(`per-address limits over real sockets, memory store [${store}]`, () => {
    let ctx: TestContext;
    let port: number;
    before(async () => {
      // Room for the 40-connection burst: here the limits decide, not the per-address connection cap.
      ctx = await createTestContext(store, { ...LIMITS_ON, MAX_CONNECTIONS_PER_ADDRESS: '100' });
      await ctx.importEntries([entry({ type: 'post' })]);
      port = await listen(ctx.app);
    });
    after(() => ctx.close());
    let clock: ReturnType<typeof fakeClock>;
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    test('distinct source addresses each get their request', async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get(port, `127.0.0.${10 + i}`, '/api/contents')));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        Array(10).fill(200),
      );
    });

    test('40 concurrent requests from one address: exactly one 200', async () => {
      const statuses = await burst([port], '127.0.0.30', 40);
      assert.equal(count(statuses, 200), 1);
      assert.equal(count(statuses, 429), 39);
    });

    test('a refused request carries retry_after, detail and Retry-After; the 404 path is limited too', async () => {
      assert.equal((await get(port, '127.0.0.31', '/api/no/such/path')).status, 404);
      const refused = await get(port, '127.0.0.31', '/api/contents');
      assert.equal(refused.status, 429);
      const body = refused.json();
      assert.equal(body.error_code, 'RATE_LIMIT_EXCEEDED');
      assert.equal(body.retry_after, 3);
      assert.equal(refused.headers['retry-after'], '3');
      assert.match(String(body.detail), /1 request per 3 seconds/);
      clock.at(2001);
      assert.equal((await get(port, '127.0.0.31', '/api/contents')).json().retry_after, 1);
      clock.at(3000);
      assert.equal((await get(port, '127.0.0.31', '/api/contents')).status, 200);
    });
  });
}

describe('per-address limits shared through Redis by two instances', { skip: REDIS_URL ? false : 'TEST_REDIS_URL is not set' }, () => {
  let ctx: TestContext;
  let second: { services: Services; app: FastifyInstance };
  let ports: number[];
  let redis: Redis;
  const prefix = uniquePrefix('sockets');

  before(async () => {
    ctx = await createTestContext('sqlite', {
      ...LIMITS_ON,
      REDIS_URL: REDIS_URL as string,
      REDIS_KEY_PREFIX: prefix,
      MAX_CONNECTIONS_PER_ADDRESS: '100',
    });
    await ctx.importEntries([entry({ type: 'post' }), entry({ type: 'movie' })]);
    const services = await createServices(ctx.config, { pollMs: 0 });
    second = { services, app: await buildCatalogueApp(services) };
    ports = [await listen(ctx.app), await listen(second.app)];
    redis = new Redis(REDIS_URL as string);
  });
  after(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await second.app.close();
    await second.services.close();
    await ctx.close();
  });

  test('status lists redis-shared-limits and health checks Redis', async () => {
    const status = (await get(ports[0] as number, '127.0.1.1', '/api/status')).json() as { data: { features: string[] } };
    assert.ok(status.data.features.includes('redis-shared-limits'));
    const health = (await get(ports[1] as number, '127.0.1.7', '/api/health')).json() as { data: { checks: Record<string, string> } };
    assert.equal(health.data.checks.redis, 'connected');
  });

  test('one address, one 200 per window across both instances, also under 40 concurrent requests', async () => {
    assert.equal((await get(ports[0] as number, '127.0.1.2', '/api/types')).status, 200);
    const other = await get(ports[1] as number, '127.0.1.2', '/api/types');
    assert.equal(other.status, 429);
    // Whole seconds left of the window Redis keeps (at least 1, at most the window).
    assert.ok((other.json().retry_after ?? 0) >= 1 && (other.json().retry_after ?? 0) <= 3);

    const statuses = await burst(ports, '127.0.1.3', 40);
    assert.equal(count(statuses, 200), 1);
    assert.equal(count(statuses, 429), 39);
  });

  test('a blacklist started on one instance holds on the other', async () => {
    const statuses = await burst([ports[0] as number], '127.0.1.4', 6);
    assert.equal(count(statuses, 200), 1);
    const onSecond = await get(ports[1] as number, '127.0.1.4', '/api/types');
    assert.equal(onSecond.status, 429);
    assert.match(String(onSecond.json().detail), /^Blacklist/);
    assert.ok((onSecond.json().retry_after ?? 0) > 1790);
  });

  test('`dramadex blacklist clear` lifts a shared blacklist at once', async () => {
    await burst([ports[1] as number], '127.0.1.5', 6);
    await second.services.limits?.blacklist.settle(); // the record is written after the answer
    const cleared = await runCli(['blacklist', 'clear', '127.0.1.5'], {
      DATABASE_URL: ctx.config.databaseUrl,
      REDIS_URL: REDIS_URL as string,
      REDIS_KEY_PREFIX: prefix,
    });
    assert.equal(cleared.code, 0, cleared.stderr);
    assert.equal((await get(ports[0] as number, '127.0.1.5', '/api/types')).status, 200);
  });

  test('the /all minute is shared by the instances, across types', async () => {
    assert.equal((await get(ports[0] as number, '127.0.1.6', '/api/contents/post/all')).status, 200);
    // Instead of waiting out the 3 s window: the per-address counter goes, the shared /all minute stays.
    await redis.del(`${prefix}addr:127.0.1.6`);
    const refused = await get(ports[1] as number, '127.0.1.6', '/api/contents/movie/all');
    assert.equal(refused.status, 429);
    assert.match(String(refused.json().message), /frequency exceeded/i);
    assert.ok((refused.json().retry_after ?? 0) >= 1 && (refused.json().retry_after ?? 0) <= 60);
  });

  test('every key the limits wrote has an expiry', async () => {
    const keys = await redis.keys(`${prefix}*`);
    assert.ok(keys.length >= 3, `keys: ${keys.join(', ')}`);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      assert.ok(ttl > 0, `${key} has no expiry (pttl ${ttl})`);
    }
  });
});
