/**
 * Redis stopped mid-traffic, paused (hung), and started again, with two instances sharing it: no request
 * hangs, limits fall back to each instance's memory and say so in the log, and they are shared again by
 * themselves once Redis answers. The suite stops and starts a real redis-server: by default one of its
 * own on a free port (so the Redis other suites use is never pulled from under them), or the one at
 * TEST_REDIS_OUTAGE_PORT (e.g. 6379, restarted with the CI command line). Runs when TEST_REDIS_URL is set.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import type { LimitsLog } from '../../src/limits/redis-link.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestContext, entry, type TestContext } from '../support/harness.js';
import { LIMITS_ON } from './helpers.js';
import { get, listen, sleep, uniquePrefix } from './net.js';

const CHOSEN_PORT = process.env.TEST_REDIS_OUTAGE_PORT ? Number(process.env.TEST_REDIS_OUTAGE_PORT) : undefined;
const SHARED = CHOSEN_PORT === 6379;
let PORT = 0;
let dir = '/var/lib/redis';
let logfile = '/var/log/redis/ci.log';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function startRedis(): void {
  execFileSync('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '-::1',
    '--port',
    String(PORT),
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--logfile',
    logfile,
  ]);
}
const redisCli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(PORT), ...args], { encoding: 'utf8' }).trim();
const stopRedis = () => {
  try {
    redisCli('shutdown', 'nosave');
  } catch {
    // redis-cli reports the dropped connection of a shutdown as an error on some versions
  }
};
async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await sleep(50);
  }
}
const redisAnswers = () => {
  try {
    return redisCli('ping') === 'PONG';
  } catch {
    return false;
  }
};

class RecordingLog implements LimitsLog {
  readonly lines: Array<{ level: string; msg: string }> = [];
  error = (_: unknown, msg?: string) => void this.lines.push({ level: 'error', msg: String(msg) });
  warn = (_: unknown, msg?: string) => void this.lines.push({ level: 'warn', msg: String(msg) });
  info = (_: unknown, msg?: string) => void this.lines.push({ level: 'info', msg: String(msg) });
}

const hasRedis = (() => {
  try {
    execFileSync('redis-server', ['--version']);
    return Boolean(process.env.TEST_REDIS_URL);
  } catch {
    return false;
  }
})();

describe('limits when Redis fails', { skip: hasRedis ? false : 'TEST_REDIS_URL is not set or redis-server is missing' }, () => {
  let ctx: TestContext;
  let second: { services: Services; app: FastifyInstance };
  let ports: [number, number];
  const logs = [new RecordingLog(), new RecordingLog()];

  before(async () => {
    PORT = CHOSEN_PORT ?? (await freePort());
    if (!SHARED) {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-redis-'));
      logfile = join(dir, 'redis.log');
    }
    if (!redisAnswers()) startRedis();
    await waitFor('redis start', redisAnswers);
    const env = {
      ...LIMITS_ON,
      REDIS_URL: `redis://127.0.0.1:${PORT}`,
      REDIS_KEY_PREFIX: uniquePrefix('outage'),
      REDIS_COMMAND_TIMEOUT_MS: '200',
    };
    ctx = await createTestContext('sqlite', env);
    await ctx.importEntries([entry({ type: 'post' })]);
    const services = await createServices(ctx.config, { pollMs: 0 });
    second = { services, app: await buildCatalogueApp(services) };
    ports = [await listen(ctx.app), await listen(second.app)];
    ctx.services.limits?.limits.attachLog(logs[0] as RecordingLog);
    second.services.limits?.limits.attachLog(logs[1] as RecordingLog);
  });
  after(async () => {
    if (PORT !== 0 && !redisAnswers()) startRedis(); // whatever happened, leave the Redis running
    await second?.app.close();
    await second?.services.close();
    await ctx?.close();
    if (!SHARED && PORT !== 0) {
      stopRedis();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('Redis stopped mid-traffic: every request answered quickly, per-instance limits, logged; recovery by itself', async () => {
    const [a, b] = ports;
    // Shared while Redis is up.
    assert.equal((await get(a, '127.0.2.1', '/api/types')).status, 200);
    assert.equal((await get(b, '127.0.2.1', '/api/types')).status, 429);

    // Traffic running while Redis goes away.
    const traffic = Array.from({ length: 30 }, (_, i) =>
      sleep(i * 10).then(() => get(i % 2 ? a : b, `127.0.2.${10 + (i % 5)}`, '/api/contents', {}, 3000)),
    );
    await sleep(100);
    stopRedis();
    const answered = await Promise.all(traffic);
    for (const answer of answered) {
      assert.ok([200, 429].includes(answer.status), `status ${answer.status}`);
      assert.ok(answer.ms < 1500, `answered in ${answer.ms.toFixed(0)} ms`);
    }

    // While Redis is down: each instance decides on its own memory, quickly.
    await waitFor('instances notice the outage', () => !ctx.services.limits?.link?.up && !second.services.limits?.link?.up);
    const onA = await get(a, '127.0.2.50', '/api/types');
    const againOnA = await get(a, '127.0.2.50', '/api/types');
    const onB = await get(b, '127.0.2.50', '/api/types');
    assert.equal(onA.status, 200);
    assert.equal(againOnA.status, 429);
    assert.match(String(againOnA.json().detail), /1 request per 3 seconds/);
    assert.equal(onB.status, 200, 'the other instance counts on its own while Redis is down');
    for (const answer of [onA, againOnA, onB]) assert.ok(answer.ms < 500, `answered in ${answer.ms.toFixed(0)} ms`);
    const health = await get(a, '127.0.2.51', '/api/health');
    // Degraded, not down: the catalogue still answers, so a load balancer must keep the instance.
    assert.equal(health.status, 200);
    const healthData = (health.json() as { data: { status: string; database: string; checks: Record<string, string> } }).data;
    assert.equal(healthData.status, 'degraded');
    assert.equal(healthData.database, 'connected');
    assert.equal(healthData.checks.redis, 'disconnected');
    assert.ok(health.ms < 2000);
    for (const log of logs)
      assert.ok(
        log.lines.some((line) => line.level === 'error' && /Redis unreachable/.test(line.msg)),
        JSON.stringify(log.lines),
      );

    // Redis back: shared again without a restart of the instances.
    startRedis();
    await waitFor('instances notice the recovery', () => Boolean(ctx.services.limits?.link?.up && second.services.limits?.link?.up));
    assert.equal((await get(a, '127.0.2.60', '/api/types')).status, 200);
    assert.equal((await get(b, '127.0.2.60', '/api/types')).status, 429);
    for (const log of logs)
      assert.ok(
        log.lines.some((line) => line.level === 'warn' && /reachable again/.test(line.msg)),
        JSON.stringify(log.lines),
      );
  });

  test('Redis hung (clients paused): requests wait at most the command timeout, then memory decides', async () => {
    const [a, b] = ports;
    await waitFor('instances up', () => Boolean(ctx.services.limits?.link?.up && second.services.limits?.link?.up));
    redisCli('client', 'pause', '2500', 'ALL');
    const answers = await Promise.all([
      get(a, '127.0.3.1', '/api/types'),
      get(b, '127.0.3.2', '/api/types'),
      get(a, '127.0.3.3', '/api/types'),
    ]);
    for (const answer of answers) {
      assert.equal(answer.status, 200);
      assert.ok(answer.ms < 1000, `answered in ${answer.ms.toFixed(0)} ms`);
    }
    // Once marked down, an instance does not wait on Redis at all.
    const next = await get(a, '127.0.3.4', '/api/types');
    assert.ok(next.ms < 150, `answered in ${next.ms.toFixed(0)} ms`);
    await waitFor('recovery after the pause', () => Boolean(ctx.services.limits?.link?.up && second.services.limits?.link?.up));
    assert.equal((await get(a, '127.0.3.5', '/api/types')).status, 200);
    assert.equal((await get(b, '127.0.3.5', '/api/types')).status, 429);
  });
});
