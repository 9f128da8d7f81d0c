/**
 * Redis stopped mid-traffic, paused (hung), and started again, with two instances sharing it: no request
 * hangs, limits fall back to each instance's memory and say so in the log, and they are shared again by
 * themselves once Redis answers. The test waits on events (answers, the link's `up`/`down`, Redis's own
 * "ready" line and its exit), never on the clock: "no request hangs" means every request is answered while
 * Redis is stopped or paused for far longer than the requests' own hang guard. The suite runs a
 * redis-server of its own on a Unix socket (so the Redis other suites use is never pulled from under
 * them), reached through a TCP port the OS gave and that stays open (test/store/tcp-proxy.ts). Runs when
 * TEST_REDIS_URL is set.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import { buildRankingApp } from '../../src/boards-app.js';
import { createLogger } from '../../src/observability/logger.js';
import { createServices, type Services } from '../../src/services.js';
import { TcpProxy } from '../store/tcp-proxy.js';
import { createTestContext, entry, type TestContext } from '../support/harness.js';
import { LIMITS_ON } from '../support/limits.js';
import { get, listen } from '../support/net.js';
import { linkState, uniquePrefix } from '../support/redis.js';

let dir = '';
let socket = '';
let redis: ChildProcess | undefined;

/** Starts redis-server in the foreground on the socket; resolves once it says it accepts connections. */
async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  redis = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready to accept connections/i.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
  });
}

/** Stops it and resolves once the process has exited (its socket is gone with it). */
async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** A hang guard far above any answer time: a request still unanswered after it failed to answer at all. */
const HANG_GUARD_MS = 15_000;

/** The process's logger, writing to memory: the lines the instance logged, with their level's name. */
function recordingLogger() {
  const lines: Array<{ level: string; msg: string }> = [];
  const names: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error' };
  const log = createLogger('info', {
    write(line: string) {
      const parsed = JSON.parse(line) as { level: number; msg: string };
      lines.push({ level: names[parsed.level] ?? String(parsed.level), msg: parsed.msg });
    },
  });
  return { log, lines };
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
  let second: { services: Services; app: FastifyInstance; rankingApp: FastifyInstance };
  let ports: [number, number];
  let proxy: TcpProxy | undefined;
  const logs = [recordingLogger(), recordingLogger()];
  const bothLinks = (up: boolean) => Promise.all([linkState(ctx.services.redis, up), linkState(second.services.redis, up)]);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-redis-'));
    socket = join(dir, 'redis.sock');
    await startRedis();
    proxy = new TcpProxy(socket);
    await proxy.start();
    const env = {
      ...LIMITS_ON,
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_KEY_PREFIX: uniquePrefix('outage'),
      REDIS_COMMAND_TIMEOUT_MS: '200',
      RANKING_RATE_LIMIT: '2',
    };
    ctx = await createTestContext('sqlite', env, { log: logs[0]?.log });
    await ctx.importEntries([entry({ type: 'post' })]);
    const services = await createServices(ctx.config, { pollMs: 0, log: logs[1]?.log });
    second = { services, app: await buildCatalogueApp(services), rankingApp: await buildRankingApp(services) };
    ports = [await listen(ctx.app), await listen(second.app)];
  });
  after(async () => {
    await second?.app.close();
    await second?.rankingApp.close();
    await second?.services.close();
    await ctx?.close();
    await proxy?.kill();
    await stopRedis();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('Redis stopped mid-traffic: every request answered, per-instance limits, logged; recovery by itself', async () => {
    const [a, b] = ports;
    // Shared while Redis is up.
    assert.equal((await get(a, '127.0.2.1', '/api/types')).status, 200);
    assert.equal((await get(b, '127.0.2.1', '/api/types')).status, 429);

    // Traffic running while Redis goes away: Redis is stopped once the first answers are in.
    let answeredSoFar = 0;
    let firstAnswers: () => void = () => undefined;
    const someAnswered = new Promise<void>((resolve) => {
      firstAnswers = resolve;
    });
    const traffic = Array.from({ length: 30 }, (_, i) =>
      get(i % 2 ? a : b, `127.0.2.${10 + (i % 5)}`, '/api/contents', {}, HANG_GUARD_MS).then((answer) => {
        if (++answeredSoFar === 5) firstAnswers();
        return answer;
      }),
    );
    await someAnswered;
    await stopRedis();
    for (const answer of await Promise.all(traffic)) assert.ok([200, 429].includes(answer.status), `status ${answer.status}`);

    // While Redis is down: each instance decides on its own memory.
    await bothLinks(false);
    const onA = await get(a, '127.0.2.50', '/api/types', {}, HANG_GUARD_MS);
    const againOnA = await get(a, '127.0.2.50', '/api/types', {}, HANG_GUARD_MS);
    const onB = await get(b, '127.0.2.50', '/api/types', {}, HANG_GUARD_MS);
    assert.equal(onA.status, 200);
    assert.equal(againOnA.status, 429);
    assert.match(String(againOnA.json().detail), /1 request per 3 seconds/);
    assert.equal(onB.status, 200, 'the other instance counts on its own while Redis is down');
    const health = await get(a, '127.0.2.51', '/api/health', {}, HANG_GUARD_MS);
    // Degraded, not down: the catalogue still answers, so a load balancer must keep the instance.
    assert.equal(health.status, 200);
    const healthData = (health.json() as { data: { status: string; database: string; checks: Record<string, string> } }).data;
    assert.equal(healthData.status, 'degraded');
    assert.equal(healthData.database, 'connected');
    assert.equal(healthData.checks.redis, 'disconnected');
    // The ranking token limit rides on the same link: counted per instance too, without waiting on Redis.
    const token = (await ctx.services.rankings.tokens.issue()).token;
    const ranking = (app: FastifyInstance) =>
      app.inject({ url: '/api/extrank/drama/hot', headers: { authorization: `Bearer ${token}` } }).then((answer) => answer.statusCode);
    assert.deepEqual([await ranking(ctx.rankingApp), await ranking(ctx.rankingApp), await ranking(ctx.rankingApp)], [200, 200, 429]);
    assert.equal(await ranking(second.rankingApp), 200, 'the other instance counts the token on its own while Redis is down');
    // The failed-attempt throttle reads and counts on the same link: a bad token is still a plain 401.
    const guessed = await ctx.rankingApp.inject({ url: '/api/extrank/drama/hot', headers: { authorization: 'Bearer not-a-token' } });
    assert.equal(guessed.statusCode, 401);
    for (const { lines } of logs) {
      const outages = lines.filter((line) => line.level === 'error' && /Redis unreachable/.test(line.msg));
      assert.equal(outages.length, 1, `one link, one outage line: ${JSON.stringify(lines)}`);
    }
    for (const log of logs)
      assert.ok(
        log.lines.some((line) => line.level === 'error' && /Redis unreachable/.test(line.msg)),
        JSON.stringify(log.lines),
      );

    // Redis back: shared again without a restart of the instances.
    await startRedis();
    await bothLinks(true);
    assert.equal((await get(a, '127.0.2.60', '/api/types')).status, 200);
    assert.equal((await get(b, '127.0.2.60', '/api/types')).status, 429);
    for (const log of logs)
      assert.ok(
        log.lines.some((line) => line.level === 'warn' && /reachable again/.test(line.msg)),
        JSON.stringify(log.lines),
      );
  });

  test('Redis hung (process stopped): requests are decided on memory while it hangs, and shared again after', async () => {
    const [a, b] = ports;
    await bothLinks(true);
    // SIGSTOP: the server keeps its connections but answers nothing until SIGCONT, however long that is,
    // so answers that arrive meanwhile were not waiting for Redis.
    const pid = redis?.pid ?? 0;
    assert.ok(pid > 0, 'redis-server pid');
    process.kill(pid, 'SIGSTOP');
    try {
      const answers = await Promise.all([
        get(a, '127.0.3.1', '/api/types', {}, HANG_GUARD_MS),
        get(b, '127.0.3.2', '/api/types', {}, HANG_GUARD_MS),
        get(a, '127.0.3.3', '/api/types', {}, HANG_GUARD_MS),
      ]);
      for (const answer of answers) assert.equal(answer.status, 200);
      await bothLinks(false);
      // Marked down, an instance does not ask Redis at all: the memory rule answers at once.
      assert.equal((await get(a, '127.0.3.4', '/api/types', {}, HANG_GUARD_MS)).status, 200);
      assert.equal((await get(a, '127.0.3.4', '/api/types', {}, HANG_GUARD_MS)).status, 429);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await bothLinks(true);
    assert.equal((await get(a, '127.0.3.5', '/api/types')).status, 200);
    assert.equal((await get(b, '127.0.3.5', '/api/types')).status, 429);
  });
});
