/**
 * The scheduler against a scripted provider stand-in, on both stores, with fake timers (the rate's
 * windows and the pauses are timers): queue order (reported, never checked newest first), the rate per
 * provider, the concurrency, a pause after a throttle that holds until its time has passed, a canary that
 * is not alive pausing its provider before any link is asked (LINK_CHECK_CANARIES), and leases.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { LinkQueueStore } from '../../src/links/link-queue-store.js';
import { LinkScheduler, type SchedulerOptions } from '../../src/links/link-scheduler.js';
import { GUARD_PAUSE_MS } from '../../src/links/provider-guards.js';
import { createLogger } from '../../src/observability/logger.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { testGuards } from './guards-support.js';
import { ScriptedChecker } from './scripted-checker.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
let serial = 0;
const quark = () => `https://pan.quark.cn/s/sched${String(++serial).padStart(5, '0')}`;

for (const store of STORES) {
  describe(`links: the scheduler [${store}]`, () => {
    let ctx: TestContext;
    let scheduler: LinkScheduler | undefined;
    before(async () => {
      ctx = await createTestContext(store);
    });
    after(() => ctx.close());
    afterEach(async () => {
      await scheduler?.stop();
      scheduler = undefined;
      mock.timers.reset();
      // Each test starts from an empty queue.
      await ctx.services.database.db.deleteFrom('link_states').execute();
      await ctx.services.database.db.deleteFrom('link_guards').execute();
      await ctx.services.catalogue.store.removeEntries(
        (await ctx.services.database.db.selectFrom('entries').select('source_link').execute()).map((row) => row.source_link),
      );
    });

    const schedule = (checker: ScriptedChecker, options: Partial<SchedulerOptions> & { rate?: number } = {}) => {
      const { database } = ctx.services;
      scheduler = new LinkScheduler({
        queue: new LinkQueueStore(database),
        health: new LinkHealthStore(database, 30 * 60_000),
        checker,
        guards: testGuards(database, options.rate ?? 1),
        concurrency: 2,
        log: createLogger('silent'),
        providers: ['quark'],
        ...options,
      });
      return scheduler;
    };
    const checkedCount = async (running: LinkScheduler, count: number) => {
      let seen = 0;
      while (seen < count) {
        await once(running, 'checked');
        seen++;
      }
    };

    test('reported first, then never-checked newest first; one check a second; never two windows squeezed', async () => {
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now: T0 });
      const links = [1, 2, 3, 4].map((day) => entry({ source_link: quark(), update_time: `2026-02-0${day} 10:00:00` }));
      const unsupported = entry();
      await ctx.importEntries([...links, unsupported]);
      const queue = new LinkQueueStore(ctx.services.database);
      await queue.enrolNew();
      const oldest = links[0]?.source_link as string;
      assert.equal(await queue.report(oldest, Date.now()), true);
      assert.equal(await queue.report('https://pan.quark.cn/s/notheld01', Date.now()), false);

      const checker = new ScriptedChecker();
      const running = schedule(checker);
      running.on('waiting', (_provider, reason, ms) => {
        if (reason === 'rate') mock.timers.tick(ms);
      });
      running.start();
      await checkedCount(running, 4);
      assert.deepEqual(checker.order, [
        oldest,
        ...links
          .slice(1)
          .reverse()
          .map((row) => row.source_link),
      ]);
      assert.ok(!checker.checks.has(unsupported.source_link), 'a link of no provider is never checked');
      const windows = checker.startedAt.map((at) => Math.floor((at - T0) / 1000));
      assert.equal(new Set(windows).size, windows.length, `more than one check in a second: ${windows}`);
    });

    test('at most LINK_CHECK_CONCURRENCY checks in flight', async () => {
      const links = Array.from({ length: 8 }, () => entry({ source_link: quark() }));
      await ctx.importEntries(links);
      const checker = new ScriptedChecker();
      checker.hold();
      const running = schedule(checker, { rate: 1000, concurrency: 3 });
      running.start();
      while (checker.inFlight < 3) await once(checker, 'started');
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(checker.mostInFlight, 3);
      checker.release();
      await checkedCount(running, 8);
      assert.equal(checker.mostInFlight, 3);
      assert.equal(checker.order.length, 8);
    });

    test('a throttle pauses the provider until the pause has passed, logged once', async () => {
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now: T0 });
      const links = Array.from({ length: 3 }, () => entry({ source_link: quark() }));
      await ctx.importEntries(links);
      const checker = new ScriptedChecker(() => ['unknown', 'alive'], true);
      const running = schedule(checker, { rate: 1000, concurrency: 1 });
      const pauses: number[] = [];
      running.on('paused', (_provider, ms) => pauses.push(ms));
      running.start();
      const [, pauseMs] = await once(running, 'paused');
      assert.equal(pauseMs, 60_000);
      // Nothing is checked during the pause; once it has passed, checks go on (and no second pause is logged).
      await new Promise<void>((resolve) =>
        running.on('waiting', (_provider, reason) => {
          if (reason === 'pause') resolve();
        }),
      );
      assert.equal(checker.order.length, 1);
      mock.timers.tick(60_000);
      await checkedCount(running, 1);
      assert.ok(checker.order.length >= 2);
    });

    test('a canary that is not alive pauses its provider before any link is asked; the first cycle after the pause asks it again', async () => {
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now: T0 });
      const canary = quark();
      const links = Array.from({ length: 3 }, () => entry({ source_link: quark() }));
      await ctx.importEntries(links);
      let canaryAnswer: 'dead' | 'alive' = 'dead';
      // Every link answers dead: the bad day a canary exists for.
      const checker = new ScriptedChecker((link) => [link === canary ? canaryAnswer : 'dead']);
      const guards = testGuards(ctx.services.database, 1000, { canaries: { quark: canary } });
      const running = schedule(checker, { rate: 1000, guards });
      const canaries: string[] = [];
      running.on('canary', (_provider, outcome) => canaries.push(outcome.verdict));
      const paused = once(running, 'paused');
      const standing = new Promise<number>((resolve) =>
        running.on('waiting', (provider, reason, ms) => {
          if (provider === 'quark' && reason === 'pause') resolve(ms);
        }),
      );
      running.start();
      const [provider, pausedMs] = await paused;
      assert.deepEqual([provider, pausedMs], ['quark', GUARD_PAUSE_MS]);
      assert.equal(await standing, GUARD_PAUSE_MS, 'the loop stands still for the whole pause');
      assert.deepEqual(checker.order, [canary], 'no link of the provider is asked while its canary is dead');
      assert.deepEqual(canaries, ['dead']);
      const state = await guards.state('quark', Date.now());
      assert.match(state.pauseReason ?? '', /^canary dead/);
      assert.equal(state.canaryVerdict, 'dead');
      const verdicts = await ctx.services.database.db
        .selectFrom('link_states')
        .select('verdict')
        .where('verdict', 'is not', null)
        .execute();
      assert.deepEqual(verdicts, [], 'no verdict of the cycle was recorded');

      // The provider is back: once the pause has passed, the next cycle asks the canary first, then the links.
      canaryAnswer = 'alive';
      mock.timers.tick(GUARD_PAUSE_MS);
      await checkedCount(running, links.length);
      assert.deepEqual(canaries, ['dead', 'alive']);
      assert.equal(checker.order[1], canary, 'the canary goes first in the new cycle');
    });

    test('a lease keeps a link from a second checker until it expires', async () => {
      const link = entry({ source_link: quark() });
      await ctx.importEntries([link]);
      const queue = new LinkQueueStore(ctx.services.database);
      await queue.enrolNew();
      const now = Date.now();
      assert.deepEqual(await queue.claim([link.source_link], 'one', now, 60_000), [link.source_link]);
      assert.deepEqual(await queue.claim([link.source_link], 'two', now + 1000, 60_000), []);
      assert.deepEqual(await queue.due('quark', 10, now + 1000), []);
      // A killed instance never releases: its lease expires and the link is due again.
      assert.deepEqual(await queue.due('quark', 10, now + 61_000), [link.source_link]);
      assert.deepEqual(await queue.claim([link.source_link], 'two', now + 61_000, 60_000), [link.source_link]);
    });
  });
}
