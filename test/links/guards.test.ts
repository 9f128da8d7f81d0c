/**
 * The guards' parts on both stores (docs/link-health.md, "Guards", "Scheduling"): three reports of one
 * link no longer pause its provider, and a report moves a link up at most once every few minutes; a link
 * that keeps answering `unknown` is asked later each time (1 h doubling to 3 days); a throttle slows the
 * provider's shared rate ×1.5 and it recovers slowly; a confirmed dead of a provider outside
 * LINK_CHECK_HIDE waits instead of hiding; an open breaker keeps a `dead` as suspect, deciding nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RECHECK_AFTER, unknownBackoff } from '../../src/links/check-queue.js';
import { GuardedRecorder } from '../../src/links/guarded-recorder.js';
import { type CheckOutcome, outcomeOf, type Verdict } from '../../src/links/link-checker.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { LinkQueueStore, REPORT_COOLDOWN_MS } from '../../src/links/link-queue-store.js';
import { RECOVERY_STEP_MS, THROTTLE_SLOWDOWN } from '../../src/links/provider-guards.js';
import { createLogger } from '../../src/observability/logger.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { testGuards } from './guards-support.js';

const T0 = Date.parse('2026-05-01T00:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const outcome = (verdict: Verdict, throttled = false): CheckOutcome => outcomeOf(verdict, 'quark', { row: 'test' }, throttled);
let serial = 0;
const quark = () => `https://pan.quark.cn/s/guard${String(++serial).padStart(4, '0')}`;

for (const store of STORES) {
  describe(`links: the guards' parts [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
    });
    after(() => ctx.close());
    const parts = (settings: Parameters<typeof testGuards>[2] = {}) => {
      const { database } = ctx.services;
      const health = new LinkHealthStore(database, 0);
      const guards = testGuards(database, 1, settings);
      return { health, guards, queue: new LinkQueueStore(database), recorder: new GuardedRecorder(health, guards, createLogger('silent')) };
    };
    const stateOf = (link: string) =>
      ctx.services.database.db.selectFrom('link_states').selectAll().where('source_link', '=', link).executeTakeFirstOrThrow();

    test('three reports of one unknown link do not pause the provider; a report moves a link up once every few minutes', async () => {
      await ctx.services.database.db.deleteFrom('link_guards').execute();
      const { queue, recorder, guards } = parts();
      const link = quark();
      await ctx.importEntries([entry({ source_link: link })]);
      for (let report = 0; report < 3; report++) {
        const at = T0 + report * (REPORT_COOLDOWN_MS + MINUTE);
        assert.equal(await queue.report(link, at), true);
        assert.equal((await stateOf(link)).priority, 0, `report ${report + 1} moved the link up`);
        const { pausedMs } = await recorder.record(link, outcome('unknown'), new Date(at + 1000), true);
        assert.equal(pausedMs, 0);
      }
      assert.equal((await guards.state('quark', T0 + HOUR)).pausedUntil, 0, 'reports never pause a provider');
      // Within the cooldown a report is taken but moves nothing.
      const last = T0 + 2 * (REPORT_COOLDOWN_MS + MINUTE);
      assert.equal(await queue.report(link, last + MINUTE), true);
      assert.notEqual((await stateOf(link)).priority, 0);
      // Three different links failing in a row (not reported) do pause it.
      const others = [quark(), quark(), quark()];
      await ctx.importEntries(others.map((other) => entry({ source_link: other })));
      const paused = [];
      for (const other of others) paused.push((await recorder.record(other, outcome('unknown'), new Date(T0 + HOUR))).pausedMs);
      assert.deepEqual(paused, [0, 0, MINUTE]);
    });

    test("a throttle answer to a report's check pauses the provider, and the pause is in the store", async () => {
      await ctx.services.database.db.deleteFrom('link_guards').execute();
      const { queue, recorder } = parts();
      const link = quark();
      await ctx.importEntries([entry({ source_link: link })]);
      assert.equal(await queue.report(link, T0), true);
      const { pausedMs } = await recorder.record(link, outcome('unknown', true), new Date(T0 + 1000), true);
      assert.ok(pausedMs > 0, 'the reported check met a throttle: the provider pauses');
      // Another instance (or this one after a restart) reads the same pause from the store.
      const restarted = testGuards(ctx.services.database, 1);
      assert.equal((await restarted.state('quark', T0 + 1000)).pausedUntil, T0 + 1000 + pausedMs);
    });

    test('a link that keeps answering unknown is asked later each time: 1 h doubling to 3 days', async () => {
      assert.deepEqual([1, 2, 3, 4].map(unknownBackoff), [HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR]);
      assert.equal(unknownBackoff(40), RECHECK_AFTER.unknownLongest);
      const { health } = parts();
      const link = quark();
      await ctx.importEntries([entry({ source_link: link })]);
      const waits: number[] = [];
      for (let check = 0; check < 3; check++) {
        const at = T0 + check * HOUR;
        await health.record(link, outcome('unknown'), new Date(at));
        waits.push(Number((await stateOf(link)).due_at) - at);
      }
      assert.deepEqual(waits, [HOUR, 2 * HOUR, 4 * HOUR]);
      await health.record(link, outcome('alive'), new Date(T0 + 5 * HOUR));
      await health.record(link, outcome('unknown'), new Date(T0 + 6 * HOUR));
      assert.equal(Number((await stateOf(link)).due_at) - (T0 + 6 * HOUR), HOUR, 'a decisive verdict starts the doubling again');
    });

    test('a throttle slows the shared rate ×1.5; it recovers slowly; every instance reads the same', async () => {
      await ctx.services.database.db.deleteFrom('link_guards').execute();
      const { recorder, guards } = parts();
      const link = quark();
      await ctx.importEntries([entry({ source_link: link })]);
      await recorder.record(link, outcome('unknown', true), new Date(T0));
      const other = testGuards(ctx.services.database, 1); // another instance's view
      assert.equal((await other.state('quark', T0)).rate, 1 / THROTTLE_SLOWDOWN);
      assert.ok((await other.state('quark', T0)).pausedUntil > T0, 'a throttle pauses for every instance');
      const later = await guards.state('quark', T0 + 2 * RECOVERY_STEP_MS);
      assert.ok(later.rate > 1 / THROTTLE_SLOWDOWN && later.rate < 1, `recovering slowly: ${later.rate}`);
      assert.equal((await guards.state('quark', T0 + 100 * RECOVERY_STEP_MS)).rate, 1);
    });

    test('LINK_CHECK_HIDE leaves a provider recording only; an open breaker keeps a dead as suspect', async () => {
      await ctx.services.database.db.deleteFrom('link_guards').execute();
      const notHiding = parts({ hide: ['baidu'] });
      const link = quark();
      await ctx.importEntries([entry({ source_link: link })]);
      await notHiding.recorder.record(link, outcome('dead'), new Date(T0));
      const second = await notHiding.recorder.record(link, outcome('dead'), new Date(T0 + HOUR));
      assert.equal(second.health.hidden, false);
      assert.ok(second.health.confirmedAt, 'confirmed, waiting');
      // Once the provider hides, the next dead hides it at once (it is confirmed already).
      const hiding = parts();
      assert.equal((await hiding.recorder.record(link, outcome('dead'), new Date(T0 + 2 * HOUR))).health.hidden, true);

      await hiding.guards.reset('quark');
      await ctx.services.database.db.updateTable('link_guards').set({ breaker_open: 1, recent_dead: 0.9, trailing_dead: 0.1 }).execute();
      const fresh = quark();
      await ctx.importEntries([entry({ source_link: fresh })]);
      await hiding.recorder.record(fresh, outcome('alive'), new Date(T0));
      const suspect = await hiding.recorder.record(fresh, outcome('dead'), new Date(T0 + HOUR));
      assert.equal(suspect.health.suspect, true);
      assert.equal(suspect.health.decidedVerdict, 'alive', 'a suspect dead decides nothing');
      assert.equal(Number((await stateOf(fresh)).suspect), 1);
    });
  });
}
