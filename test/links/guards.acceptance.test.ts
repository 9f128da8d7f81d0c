/**
 * The guards against a provider's bad day (docs/link-health.md, "Guards"), end to end through `links
 * check` with the real checkers against the fixture providers, on both stores and, on PostgreSQL, with
 * two runs of `links check` at once (two store connections; two background schedulers sharing the guards
 * are guards.two-schedulers.test.ts): when every quark share turns `dead`, the hourly
 * cap bounds the hides, the breaker opens and nothing hides after it; a canary that is not alive voids its
 * cycle's dead verdicts; and a pause is still there after a restart (a new connection).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { loadConfig } from '../../src/config/config.js';
import { ProviderGuards } from '../../src/links/provider-guards.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { createTestDatabase, entry, STORES } from '../support/harness.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';
import { checkOnEach } from './guards-support.js';

const CAP = 2;

for (const store of STORES) {
  const instances = store === 'postgres' ? 2 : 1;
  describe(`links: guards against a provider's bad day [${store}, ${instances} instance(s)]`, () => {
    let providers: FixtureProviders;
    let url: string;
    let drop: () => Promise<void>;
    let databases: Database[] = [];
    const env = (extra: Record<string, string> = {}) => ({
      DATABASE_URL: url,
      LINK_CHECK_ORIGINS: providers.origins,
      LINK_CHECK_CONFIRM_MINUTES: '0',
      LINK_CHECK_RATE: '1000',
      LINK_CHECK_MAX_HIDES_PER_HOUR: String(CAP),
      // This suite proves the relative breaker and the hide cap alone; the ceiling has its own (dead-ceiling.test.ts).
      LINK_CHECK_DEAD_CEILING: '1',
      ...extra,
    });
    before(async () => {
      providers = await startFixtureProviders();
      ({ url, drop } = await createTestDatabase(store));
      databases = await Promise.all(Array.from({ length: instances }, () => openDatabase(url)));
    });
    after(async () => {
      for (const database of databases) await database.close();
      await drop();
      await providers.close();
    });

    /** One `links check` run on each instance at once, the given links split between them; every printed line. */
    const check = async (links: string[], extra: Record<string, string> = {}) => checkOnEach(databases, loadConfig(env(extra)), links);
    const hiddenCount = async () =>
      Number(
        (
          await (databases[0] as Database).db
            .selectFrom('entries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('hidden', '=', 1)
            .executeTakeFirst()
        )?.n,
      );
    const guards = (database: Database, extra: Record<string, string> = {}) => new ProviderGuards(database, loadConfig(env(extra)).links);
    /** Every quark share of `ids` answers as `as` from now on (the fixture turning a provider's answers). */
    const answerAs = (ids: string[], as: string) => {
      for (const id of ids) providers.set('quark', id, as);
    };

    test('every share turns dead: at most the hourly cap hides, the breaker opens, nothing hides after it', async () => {
      const ids = Array.from({ length: 30 }, (_, index) => `bad${String(index).padStart(2, '0')}`);
      const first = ids.slice(0, 4);
      const links = ids.map((id) => fixtureLink('quark', id));
      await new CatalogueStore(databases[0] as Database).importEntries(links.map((link) => entry({ source_link: link })));
      // A normal day: most shares alive, four found dead once (a first dead, waiting for its confirmation).
      answerAs(ids, 'alive1');
      answerAs(first, 'dead1');
      await check(links);
      assert.equal(await hiddenCount(), 0);

      // The bad day: every share answers dead. The four confirm, but only CAP of them hide this hour. They
      // are checked first and alone: split over two instances, one may otherwise run far enough ahead to
      // open the breaker before the other has confirmed its two, which then count as suspect, not waiting.
      answerAs(ids, 'dead1');
      const confirming = await check(first.map((id) => fixtureLink('quark', id)));
      assert.equal(await hiddenCount(), CAP, confirming.join('\n'));
      const bad = await check(links.slice(4));
      const hiddenThen = await hiddenCount();
      assert.equal(hiddenThen, CAP, bad.join('\n'));
      const state = await guards(databases[0] as Database).state('quark', Date.now());
      assert.equal(state.breakerOpen, true, 'the breaker opened');
      assert.ok(state.pausedUntil > Date.now(), 'the provider is paused');
      assert.ok(
        bad.some((line) => /^skipped \d+ quark links?: its breaker opened/.test(line)),
        bad.join('\n'),
      );
      assert.ok(
        bad.some((line) => line.includes('[suspect: hides nothing]')),
        'deads after the breaker opened are kept as suspect',
      );

      // While paused, a run skips quark with one line.
      const paused = await check(links);
      assert.ok(
        paused.some((line) => /^skipped \d+ quark links?: paused until .*breaker open/.test(line)),
        paused.join('\n'),
      );
      // The pause is over (half an hour later), the breaker still open: every dead is suspect, nothing hides.
      for (const database of databases) await database.db.updateTable('link_guards').set({ paused_until: 0 }).execute();
      const later = await check(links);
      assert.equal(await hiddenCount(), hiddenThen, later.join('\n'));
      assert.ok(later.filter((line) => line.startsWith('dead ')).every((line) => line.includes('[suspect')));
      const metrics = await guards(databases[0] as Database).state('quark', Date.now());
      assert.equal(metrics.hidesThisHour, CAP);
      assert.ok(metrics.hidesWaiting >= 2, 'the confirmed deads over the cap were counted as waiting');

      // An operator resets it: the breaker closes and the pause lifts.
      await guards(databases[0] as Database).reset('quark');
      const reset = await guards(databases[0] as Database).state('quark', Date.now());
      assert.equal(reset.breakerOpen, false);
      assert.equal(reset.pausedUntil, 0);
    });

    test('a canary that is not alive voids its cycle: nothing confirmed, nothing hidden, the provider paused; a restart keeps the pause', async () => {
      const ids = ['can01', 'can02', 'can03'];
      const links = ids.map((id) => fixtureLink('quark', id));
      const canary = fixtureLink('quark', 'canary01');
      const withCanary = { LINK_CHECK_CANARIES: `quark=${canary}` };
      await new CatalogueStore(databases[0] as Database).importEntries(links.map((link) => entry({ source_link: link })));
      for (const database of databases) await guards(database).reset('quark');
      // A first dead for each, while the canary works.
      providers.set('quark', 'canary01', 'alive1');
      answerAs(ids, 'dead1');
      const good = await check(links, withCanary);
      assert.ok(
        good.some((line) => line.startsWith(`canary alive ${canary}`)),
        good.join('\n'),
      );
      const hiddenBefore = await hiddenCount();
      // The provider breaks: the canary reads dead too. The cycle's deads are void: no confirmation hides.
      providers.set('quark', 'canary01', 'dead1');
      const voided = await check(links, withCanary);
      assert.ok(
        voided.some((line) => line.startsWith(`canary dead ${canary}`)),
        voided.join('\n'),
      );
      assert.ok(
        voided.some((line) => /^skipped \d quark links?: its canary is dead/.test(line)),
        voided.join('\n'),
      );
      assert.ok(!voided.some((line) => line.startsWith('dead ')), 'no dead verdict of the cycle is taken');
      assert.equal(await hiddenCount(), hiddenBefore);

      // A restart: new connections read the same pause from the store.
      const restarted = await openDatabase(url);
      try {
        const state = await guards(restarted, withCanary).state('quark', Date.now());
        assert.ok(state.pausedUntil > Date.now(), 'the pause survives a restart');
        assert.match(state.pauseReason ?? '', /^canary dead/);
        assert.equal(state.canaryVerdict, 'dead');
      } finally {
        await restarted.close();
      }
      const afterRestart = await check(links, withCanary);
      assert.ok(
        afterRestart.some((line) => /^skipped \d quark links?: paused until/.test(line)),
        afterRestart.join('\n'),
      );
    });
  });
}
