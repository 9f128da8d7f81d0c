/**
 * Two schedulers on one PostgreSQL store (two instances of a deployment) and one Redis: every link is
 * checked exactly once (the lease in the store), never by both at once, and the rate per provider is the
 * deployment's, not each instance's (the counter shared through Redis). Runs when TEST_DATABASE_URL (and,
 * for the shared rate, TEST_REDIS_URL) are set.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { LinkQueueStore } from '../../src/links/link-queue-store.js';
import { LinkScheduler } from '../../src/links/link-scheduler.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisLink } from '../../src/redis/redis-link.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { createTestDatabase, entry } from '../support/harness.js';
import { uniquePrefix } from '../support/redis.js';
import { testGuards } from './guards-support.js';
import { ScriptedChecker } from './scripted-checker.js';

const LINKS = 40;
const log = createLogger('silent');

describe('links: two instances share one PostgreSQL store', { skip: !process.env.TEST_DATABASE_URL }, () => {
  let databases: Database[] = [];
  let drop: () => Promise<void>;
  before(async () => {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    databases = [await openDatabase(created.url), await openDatabase(created.url)];
  });
  after(async () => {
    for (const database of databases) await database.close();
    await drop();
  });

  const schedulerOn = (database: Database, checker: ScriptedChecker, options: { rate: number; redis?: RedisLink; prefix?: string }) =>
    new LinkScheduler({
      queue: new LinkQueueStore(database),
      health: new LinkHealthStore(database, 30 * 60_000),
      checker,
      guards: testGuards(database, options.rate),
      concurrency: 4,
      log,
      providers: ['quark', 'baidu'],
      redis: options.redis,
      redisKeyPrefix: options.prefix,
    });

  test('each link is checked once, by one instance at a time', async () => {
    const [first, second] = databases as [Database, Database];
    const links = Array.from({ length: LINKS }, (_, index) =>
      entry({ source_link: index % 2 ? `https://pan.quark.cn/s/twoinst${index}` : `https://pan.baidu.com/s/1twoinst${index}` }),
    );
    await new CatalogueStore(first).importEntries(links);
    // One checker shared by both instances sees every check of the deployment.
    const checker = new ScriptedChecker();
    const schedulers = [schedulerOn(first, checker, { rate: 1000 }), schedulerOn(second, checker, { rate: 1000 })];
    let checked = 0;
    const all = new Promise<void>((resolve) => {
      for (const scheduler of schedulers) {
        scheduler.on('checked', () => {
          if (++checked === LINKS) resolve();
        });
      }
    });
    for (const scheduler of schedulers) scheduler.start();
    await all;
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    assert.equal(checker.checks.size, LINKS);
    assert.deepEqual(
      [...checker.checks.values()].filter((count) => count !== 1),
      [],
      'a link was checked twice',
    );
    assert.deepEqual([...checker.overlapping], []);
  });

  test('the rate is the deployment’s: two instances together stay within it (Redis)', { skip: !process.env.TEST_REDIS_URL }, async () => {
    const [first, second] = databases as [Database, Database];
    const links = Array.from({ length: 6 }, (_, index) => entry({ source_link: `https://pan.quark.cn/s/ratetwo${index}` }));
    await new CatalogueStore(first).importEntries(links);
    const redis = await RedisLink.open(process.env.TEST_REDIS_URL as string, { commandTimeoutMs: 1000 }, log);
    const prefix = uniquePrefix('link-rate');
    const checker = new ScriptedChecker();
    const schedulers = [schedulerOn(first, checker, { rate: 2, redis, prefix }), schedulerOn(second, checker, { rate: 2, redis, prefix })];
    try {
      let checked = 0;
      const done = new Promise<void>((resolve) => {
        for (const scheduler of schedulers) {
          scheduler.on('checked', (link) => {
            if (link.includes('ratetwo') && ++checked === links.length) resolve();
          });
        }
      });
      for (const scheduler of schedulers) scheduler.start();
      await done;
      // At 2 a second for the deployment, 6 checks span at least three one-second windows (each instance
      // alone, at its own 2 a second, would have done them in two); a clock second holds at most two windows' worth.
      const started = checker.startedAt.filter((_, index) => checker.order[index]?.includes('ratetwo'));
      const span = Math.max(...started) - Math.min(...started);
      assert.ok(span >= 1900, `6 checks at 2 a second took only ${span} ms`);
      const perSecond = new Map<number, number>();
      for (const at of started) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
      assert.ok(Math.max(...perSecond.values()) <= 4, `checks per second: ${[...perSecond.values()]}`);
    } finally {
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
      await redis.close();
    }
  });
});
