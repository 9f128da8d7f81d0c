/**
 * The deployment of deploy/docker-compose.yml in one process: two instances on one PostgreSQL database and
 * one Redis, limits on, behind a proxy they trust (requests arrive from 127.0.0.1 with X-Forwarded-For, as
 * from nginx). Whichever instance a request lands on, it sees the same catalogue and the same budget.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildCatalogueApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase, entry, importFromAnotherProcess } from '../support/harness.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const skip = !DATABASE_URL || !REDIS_URL ? 'TEST_DATABASE_URL and TEST_REDIS_URL are both needed' : false;

describe('store: two instances on PostgreSQL and Redis behind a trusted proxy', { skip }, () => {
  const prefix = `dramadex-test:scale-out:${process.pid}:${Date.now()}:`;
  const instances: Array<{ services: Services; app: FastifyInstance }> = [];
  let url: string;
  let drop: () => Promise<void>;

  before(async () => {
    ({ url, drop } = await createTestDatabase('postgres'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      REDIS_URL: REDIS_URL as string,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMITS: 'on',
      TRUST_PROXY: '127.0.0.1',
    });
    for (let i = 0; i < 2; i++) {
      const services = await createServices(config, { pollMs: 0 });
      instances.push({ services, app: await buildCatalogueApp(services) });
    }
  });
  after(async () => {
    for (const { app, services } of instances) {
      await app.close();
      await services.close();
    }
    const redis = new Redis(REDIS_URL as string);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await drop();
  });

  /** A request as nginx forwards it: from the proxy's address, the client's in X-Forwarded-For. */
  const viaProxy = (instance: number, client: string, path: string) =>
    (instances[instance] as { app: FastifyInstance }).app.inject({
      url: path,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client, 'accept-language': 'en' },
    });

  test('health reports the database and Redis separately on both instances', async () => {
    for (const instance of [0, 1]) {
      const body = (await viaProxy(instance, `198.51.100.${instance + 1}`, '/api/health')).json();
      assert.equal(body.data.database, 'connected');
      assert.deepEqual(body.data.checks, { database: 'connected', search: 'connected', redis: 'connected' });
    }
  });

  test('an import from the command line is served by both, and one client has one budget over both', async () => {
    const fresh = entry({ title: '横向扩展的短剧' });
    // Each instance says when it has applied a change; polling is off, so only PostgreSQL's NOTIFY brings it.
    const applied = instances.map(({ services }) => new Promise<void>((resolve) => services.catalogue.onChange(() => resolve())));
    await importFromAnotherProcess(url, [fresh]);
    await Promise.all(applied);
    const search = `/api/search?keyword=${encodeURIComponent('横向扩展')}`;
    for (const instance of [0, 1]) {
      const body = (await viaProxy(instance, `203.0.113.${10 + instance}`, search)).json();
      assert.equal(body.data?.total, 1, `instance ${instance} serves the imported entry`);
    }

    assert.equal((await viaProxy(0, '192.0.2.50', '/api/types')).statusCode, 200);
    const second = await viaProxy(1, '192.0.2.50', '/api/types');
    assert.equal(second.statusCode, 429, 'the same client through the other instance is over its budget');
    assert.equal((await viaProxy(1, '192.0.2.51', '/api/types')).statusCode, 200, 'another client is not');
  });
});
