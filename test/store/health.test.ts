/**
 * Health against a PostgreSQL server that dies, hangs and comes back (through a TCP proxy): a quick 503
 * naming the database as `disconnected` or `timeout`, never a hung probe, and recovery without a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { CONNECT_TIMEOUT_MS, openDatabase } from '../../src/store/database.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { TcpProxy } from './tcp-proxy.js';

/** What the health route allows a probe (1.5 s), plus scheduling slack on a loaded machine. */
const ANSWER_WITHIN_MS = 2500;

interface HealthBody {
  success: boolean;
  error_code?: string;
  data: { status: string; database: string; checks: Record<string, string> };
}

async function timedHealth(app: FastifyInstance): Promise<{ status: number; body: HealthBody; ms: number }> {
  const started = Date.now();
  const response = await app.inject('/api/health');
  return { status: response.statusCode, body: response.json(), ms: Date.now() - started };
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('store: health when PostgreSQL fails [postgres]', { skip: !STORES.includes('postgres') && 'TEST_DATABASE_URL is not set' }, () => {
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

  test('a stopped server (connections reset, port closed) gives 503 disconnected at once, and health recovers', async () => {
    assert.equal((await timedHealth(app)).status, 200);
    await proxy.kill();
    for (let attempt = 0; attempt < 3; attempt++) {
      const { status, body, ms } = await timedHealth(app);
      assert.equal(status, 503);
      assert.equal(body.success, false);
      assert.equal(body.error_code, 'SERVICE_UNAVAILABLE');
      assert.equal(body.data.status, 'unhealthy');
      assert.equal(body.data.database, 'disconnected');
      assert.equal(body.data.checks.database, 'disconnected');
      assert.ok(ms < ANSWER_WITHIN_MS, `answered in ${ms} ms`);
    }
    // Reads are served from memory meanwhile.
    assert.equal((await app.inject('/api/contents')).statusCode, 200);
    await proxy.start();
    assert.ok(await eventually(async () => (await timedHealth(app)).status === 200, 5000), 'healthy again without a restart');
  });

  test('a hung server gives 503 timeout within the probe timeout, without using up the pool, and health recovers', async () => {
    assert.equal((await timedHealth(app)).status, 200);
    proxy.hang();
    // More probes than the pool has connections: each stuck one is destroyed, none is kept.
    for (let attempt = 0; attempt < 5; attempt++) {
      const { status, body, ms } = await timedHealth(app);
      assert.equal(status, 503);
      assert.ok(['timeout', 'disconnected'].includes(body.data.checks.database ?? ''), body.data.checks.database);
      assert.equal(body.data.database, body.data.checks.database);
      assert.ok(ms < ANSWER_WITHIN_MS, `answered in ${ms} ms`);
    }
    proxy.resume();
    assert.ok(await eventually(async () => (await timedHealth(app)).status === 200, 3 * CONNECT_TIMEOUT_MS), 'healthy again');
  });

  test('a URL to a port where nothing listens fails start-up quickly instead of hanging', async () => {
    const closed = new TcpProxy('127.0.0.1', 1);
    await closed.start();
    const port = closed.port;
    await closed.kill();
    const started = Date.now();
    await assert.rejects(openDatabase(`postgres://postgres@127.0.0.1:${port}/nothing`), /ECONNREFUSED|connect/);
    assert.ok(Date.now() - started < CONNECT_TIMEOUT_MS + 1000);
  });
});
