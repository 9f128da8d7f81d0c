/**
 * Two instances over one PostgreSQL store and one Redis, over real sockets (docs/console.md, "Sessions"):
 * a session made on one works on the other, a sign-out on either ends it on both, a session outlives a
 * restart of the instance that made it, and a failed sign-in on one counts on the other.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase } from '../support/harness.js';
import { uniquePrefix } from '../support/redis.js';
import { addAccount, csrfOf, PASSWORD } from './support.js';

interface Instance {
  services: Services;
  app: FastifyInstance;
  origin: string;
}

async function start(config: Config): Promise<Instance> {
  const services = await createServices(config, { pollMs: 0 });
  const app = await buildCatalogueApp(services);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { services, app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function stop(instance: Instance): Promise<void> {
  await instance.app.close();
  await instance.services.close();
}

const get = (instance: Instance, path: string, cookie: string) =>
  fetch(`${instance.origin}${path}`, { headers: { cookie: `dramadex_admin=${cookie}` }, redirect: 'manual' });

const post = (instance: Instance, path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${instance.origin}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie: `dramadex_admin=${cookie}` } : {},
    redirect: 'manual',
  });

describe('console sessions on two instances sharing PostgreSQL and Redis', {
  skip: !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL,
}, () => {
  let config: Config;
  let drop: () => Promise<void>;
  let first: Instance;
  let second: Instance;
  before(async () => {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: created.url,
      RATE_LIMITS: 'off',
      METRICS_PORT: 'off',
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_KEY_PREFIX: uniquePrefix('console-two'),
    });
    [first, second] = [await start(config), await start(config)];
    await addAccount(first.services.database, 'traveller', 'owner');
  });
  after(async () => {
    await stop(first);
    await stop(second);
    await drop();
  });

  const signInOn = async (instance: Instance) => {
    const response = await post(instance, '/admin/login', { name: 'traveller', password: PASSWORD });
    assert.equal(response.status, 303);
    const cookie = /dramadex_admin=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    assert.ok(cookie);
    return cookie;
  };

  test('a session made on one instance works on the other; a sign-out on the other ends it on both', async () => {
    const cookie = await signInOn(first);
    const page = await get(second, '/admin', cookie);
    assert.equal(page.status, 200);
    const csrf = csrfOf(await page.text());
    assert.equal((await post(second, '/admin/logout', { _csrf: csrf }, cookie)).status, 303);
    assert.equal((await get(first, '/admin', cookie)).status, 303, 'ended on the first');
    assert.equal((await get(second, '/admin', cookie)).status, 303, 'ended on the second');
  });

  test('a session outlives a restart of the instance that made it', async () => {
    const cookie = await signInOn(first);
    await stop(first);
    first = await start(config);
    assert.equal((await get(first, '/admin', cookie)).status, 200);
  });

  test('failed sign-ins on one instance count on the other', async () => {
    for (let n = 0; n < 5; n++) {
      const instance = n % 2 ? first : second;
      assert.equal((await post(instance, '/admin/login', { name: 'traveller', password: 'not the password' })).status, 401);
    }
    assert.equal((await post(first, '/admin/login', { name: 'traveller', password: PASSWORD })).status, 429);
  });
});
