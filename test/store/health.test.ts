/**
 * Health against a PostgreSQL server that dies, hangs and comes back (through a TCP proxy): a 503 naming
 * the database as `disconnected` or `timeout`, never a hung probe, and recovery without a restart. What
 * is asserted is what the answer says, not how fast it came: `disconnected` means the check failed on
 * its own, `timeout` that the route's own deadline answered for a server that never would; the test
 * runner's per-test timeout is the only guard against a hang.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { openDatabase } from '../../src/store/database.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { TcpProxy } from './tcp-proxy.js';

interface HealthBody {
  success: boolean;
  error_code?: string;
  data: { status: string; database: string; checks: Record<string, string> };
}

async function health(app: FastifyInstance): Promise<{ status: number; body: HealthBody }> {
  const response = await app.inject('/api/health');
  return { status: response.statusCode, body: response.json() };
}

/** Asks again after each answer until health is 200: every round is an answer, so nothing here waits on a clock. */
async function healthyAgain(app: FastifyInstance): Promise<void> {
  while ((await health(app)).status !== 200) await new Promise((resolve) => setImmediate(resolve));
}

describe('store: health when PostgreSQL fails [postgres]', {
  skip: !STORES.includes('postgres') && 'TEST_DATABASE_URL is not set',
  timeout: 120_000,
}, () => {
  let proxy: TcpProxy;
  let services: Services;
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  before(async () => {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    const target = new URL(created.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    target.host = `127.0.0.1:${proxy.port}`;
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: target.toString(), RATE_LIMITS: 'off', DATABASE_POOL_SIZE: '3' });
    services = await createServices(config, { pollMs: 0 });
    app = await buildCatalogueApp(services);
  });
  after(async () => {
    await app.close();
    await services.close();
    await proxy.kill();
    await drop();
  });

  test('a stopped server (connections reset, port closed) gives 503 disconnected (the check failed on its own), and health recovers', async () => {
    assert.equal((await health(app)).status, 200);
    await proxy.kill();
    for (let attempt = 0; attempt < 3; attempt++) {
      const { status, body } = await health(app);
      assert.equal(status, 503);
      assert.equal(body.success, false);
      assert.equal(body.error_code, 'SERVICE_UNAVAILABLE');
      assert.equal(body.data.status, 'unhealthy');
      assert.equal(body.data.database, 'disconnected');
      // Failed on its own, not by the route's deadline: a refused connection is reported at once.
      assert.equal(body.data.checks.database, 'disconnected');
    }
    // Reads are served from memory meanwhile.
    assert.equal((await app.inject('/api/contents')).statusCode, 200);
    await proxy.start();
    await healthyAgain(app); // without a restart
  });

  test('a hung server gives 503 from a deadline, without using up the pool, and health recovers', async () => {
    assert.equal((await health(app)).status, 200);
    proxy.hang();
    // More probes than the pool has connections: each stuck one is destroyed, none is kept. A hung server
    // never answers, so every answer here came from a deadline (the route's, or the pool's connect timeout).
    for (let attempt = 0; attempt < 5; attempt++) {
      const { status, body } = await health(app);
      assert.equal(status, 503);
      assert.ok(['timeout', 'disconnected'].includes(body.data.checks.database ?? ''), body.data.checks.database);
      assert.equal(body.data.database, body.data.checks.database);
    }
    proxy.resume();
    await healthyAgain(app);
  });

  test('a URL to a port where nothing listens fails start-up with the refusal instead of hanging', async () => {
    const closed = new TcpProxy('127.0.0.1', 1);
    await closed.start();
    const port = closed.port;
    await closed.kill();
    await assert.rejects(openDatabase(`postgres://postgres@127.0.0.1:${port}/nothing`), /cannot open the database .*ECONNREFUSED/);
  });
});
