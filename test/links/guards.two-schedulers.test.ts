/**
 * The guards are the deployment's, not an instance's (docs/link-health.md, "Guards"): two background
 * schedulers (two instances) on one PostgreSQL store and one Redis, with the real checkers against the
 * fixture providers, share one breaker, one pause and one adaptive rate. When every quark share turns
 * `dead`, the breaker one instance opens (logged once for both) stops the other too, the hourly hide cap
 * holds for both together, and after the pause neither hides while the breaker stays open; a throttle one
 * instance meets slows the rate the other paces by, and the pause it starts holds both. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, afterEach, before, describe, test } from 'node:test';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { type Config, loadConfig } from '../../src/config/config.js';
import { parseCheckOrigins } from '../../src/links/check-origins.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { LinkQueueStore } from '../../src/links/link-queue-store.js';
import { LinkScheduler } from '../../src/links/link-scheduler.js';
import { ProviderGuards, THROTTLE_SLOWDOWN } from '../../src/links/provider-guards.js';
import { createLinkChecker } from '../../src/links/providers/provider-link-checker.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisLink } from '../../src/redis/redis-link.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { createTestDatabase, entry } from '../support/harness.js';
import { uniquePrefix } from '../support/redis.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

const CAP = 2;
const RATE = 1000;
const shared = { skip: !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) };

describe('links: two schedulers on one PostgreSQL and Redis share the guards', shared, () => {
  let providers: FixtureProviders;
  let drop: () => Promise<void>;
  let databases: [Database, Database];
  let redis: RedisLink;
  let config: Config;
  let running: LinkScheduler[] = [];
  /** Every error line either instance logged. */
  const errors: string[] = [];
  const log = createLogger(
    'error',
    new Writable({
      write(chunk, _encoding, done) {
        errors.push(String(chunk));
        done();
      },
    }),
  );

  before(async () => {
    providers = await startFixtureProviders();
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    databases = [await openDatabase(created.url), await openDatabase(created.url)];
    redis = await RedisLink.open(process.env.TEST_REDIS_URL as string, { commandTimeoutMs: 1000 }, createLogger('silent'));
    config = loadConfig({
      DATABASE_URL: created.url,
      LINK_CHECK_ORIGINS: providers.origins,
      LINK_CHECK_CONFIRM_MINUTES: '0',
      LINK_CHECK_RATE: String(RATE),
      LINK_CHECK_MAX_HIDES_PER_HOUR: String(CAP),
    });
  });
  afterEach(async () => {
    await Promise.all(running.map((scheduler) => scheduler.stop()));
    running = [];
  });
  after(async () => {
    for (const database of databases) await database.close();
    await redis.close();
    await drop();
    await providers.close();
  });

  /**
   * Both instances' schedulers over quark, one Redis counter prefix for the deployment, started. New
   * entries are enrolled first: a loop that looks while the other instance enrols finds nothing and idles.
   */
  const startBoth = async (prefix: string) => {
    await new LinkQueueStore(databases[0]).enrolNew();
    const checker = createLinkChecker({ origins: parseCheckOrigins(config.links.origins) });
    running = databases.map(
      (database) =>
        new LinkScheduler({
          queue: new LinkQueueStore(database),
          health: new LinkHealthStore(database, 0),
          checker,
          guards: new ProviderGuards(database, config.links),
          concurrency: 2,
          log,
          providers: ['quark'],
          redis,
          redisKeyPrefix: prefix,
        }),
    );
    for (const scheduler of running) scheduler.start();
    return running;
  };
  /** Resolves once `count` links were checked by both together. */
  const checkedByBoth = (schedulers: LinkScheduler[], count: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      for (const scheduler of schedulers) scheduler.on('checked', () => ++seen === count && resolve());
    });
  /** Resolves once each scheduler stands still for quark's pause. */
  const bothPaused = (schedulers: LinkScheduler[]) =>
    Promise.all(
      schedulers.map(
        (scheduler) =>
          new Promise<void>((resolve) =>
            scheduler.on('waiting', (provider, reason) => provider === 'quark' && reason === 'pause' && resolve()),
          ),
      ),
    );
  const hiddenCount = async () =>
    Number(
      (
        await databases[0].db
          .selectFrom('entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('hidden', '=', 1)
          .executeTakeFirst()
      )?.n,
    );
  const guardsOf = (database: Database) => new ProviderGuards(database, config.links).state('quark', Date.now());

  test('every share turns dead: one breaker for both, logged once; both stand still; after the pause nothing hides', async () => {
    const ids = Array.from({ length: 30 }, (_, index) => `twobad${String(index).padStart(2, '0')}`);
    await new CatalogueStore(databases[0]).importEntries(ids.map((id) => entry({ source_link: fixtureLink('quark', id) })));
    // A normal day: every share alive.
    for (const id of ids) providers.set('quark', id, 'alive1');
    const prefix = uniquePrefix('two-schedulers');
    let schedulers = await startBoth(prefix);
    await checkedByBoth(schedulers, ids.length);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));

    // The bad day, a restart later: every share answers dead, and everything is due again.
    for (const id of ids) providers.set('quark', id, 'dead1');
    const dueAgain = () => databases[0].db.updateTable('link_states').set({ due_at: 0 }).execute();
    await dueAgain();
    schedulers = await startBoth(prefix);
    await bothPaused(schedulers);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    const [first, second] = [await guardsOf(databases[0]), await guardsOf(databases[1])];
    assert.equal(first.breakerOpen, true, 'the breaker opened');
    assert.equal(second.breakerOpen, true, 'the other instance reads the same breaker');
    assert.ok(first.pausedUntil > Date.now() && second.pausedUntil === first.pausedUntil, 'one pause for both');
    assert.match(first.pauseReason ?? '', /breaker open/);
    assert.equal(errors.filter((line) => line.includes('its breaker opens')).length, 1, 'the opening is logged once for the deployment');
    const hiddenThen = await hiddenCount();
    assert.ok(hiddenThen <= CAP, `the hide cap holds for both instances together: ${hiddenThen} hidden`);

    // The pause is over (half an hour later), the breaker still open: both check again, every dead suspect.
    await databases[1].db.updateTable('link_guards').set({ paused_until: 0 }).execute();
    await dueAgain();
    schedulers = await startBoth(prefix);
    await checkedByBoth(schedulers, 10);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    assert.equal(await hiddenCount(), hiddenThen, 'nothing hides while the breaker is open');
    assert.equal((await guardsOf(databases[0])).breakerOpen, true);
    await new ProviderGuards(databases[1], config.links).reset('quark');
  });

  test('a throttle one instance meets slows the rate the other paces by, and its pause holds both', async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `twothrottle${String(index).padStart(2, '0')}`);
    await new CatalogueStore(databases[0]).importEntries(ids.map((id) => entry({ source_link: fixtureLink('quark', id) })));
    for (const id of ids) providers.set('quark', id, 'captcha1');
    const schedulers = await startBoth(uniquePrefix('two-schedulers'));
    await bothPaused(schedulers);
    const [first, second] = [await guardsOf(databases[0]), await guardsOf(databases[1])];
    assert.ok(second.rate <= RATE / THROTTLE_SLOWDOWN, `the rate both read is slowed: ${second.rate}`);
    assert.equal(first.rate, second.rate);
    assert.ok(first.pausedUntil > Date.now() && second.pausedUntil === first.pausedUntil, 'one pause for both');
  });
});
