/**
 * The daily hide share (docs/link-health.md, "Daily hide share"), end to end through `links check` with
 * the real checkers against the fixture providers, on both stores (on PostgreSQL, two runs of `links check`
 * at once on two connections, as guards.acceptance.test.ts does): a provider hides at most its day's share
 * of its links, whatever the hourly cap allows; the rest wait, confirmed, until the next UTC day (a fake
 * clock), when they hide; `links breaker` shows the day's count and budget; and `links breaker allow`
 * lifts the share while it lasts. The relative breaker and the ceiling stay out of the way: every run checks
 * the whole catalogue, one dead share in four for each instance, and the ceiling is set to 1.
 */
import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { loadConfig } from '../../src/config/config.js';
import { DAY, nextDay } from '../../src/links/guards/daily-hide-share.js';
import { ProviderGuards } from '../../src/links/provider-guards.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { createTestDatabase, entry, STORES } from '../support/harness.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';
import { checkOnEach, cliOutput, fixtureCheckEnv, hiddenCount as hiddenInStore } from './guards-support.js';

/** 64 quark links, 16 of them dead: a share of 0.2 is a budget of 12 a day (above the floor of 10), so 4 wait. */
const LINKS = 64;
const SHARE = 0.2;
const BUDGET = 12;
/** The last two of every eight are dead: split between two instances (even and odd places), each sees one in four. */
const isDead = (index: number) => index % 8 >= 6;

for (const store of STORES) {
  const instances = store === 'postgres' ? 2 : 1;
  describe(`links: the daily hide share [${store}, ${instances} instance(s)]`, () => {
    let providers: FixtureProviders;
    let url: string;
    let drop: () => Promise<void>;
    let databases: Database[] = [];
    const env = () => ({
      ...fixtureCheckEnv(url, providers.origins),
      LINK_CHECK_MAX_HIDES_PER_HOUR: '200',
      LINK_CHECK_DEAD_CEILING: '1',
      LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY: String(SHARE),
    });
    before(async () => {
      providers = await startFixtureProviders();
      databases = [];
    });
    after(async () => {
      await providers.close();
    });

    const first = () => databases[0] as Database;
    const check = async (links: string[]) => checkOnEach(databases, loadConfig(env()), links);
    const cli = (...args: string[]) => cliOutput(env(), ...args);
    const hiddenCount = () => hiddenInStore(first());
    const state = () => new ProviderGuards(first(), loadConfig(env()).links).state('quark', Date.now());
    /** A fresh store with LINKS quark entries, a quarter of them dead; the links, and the dead ones. */
    const catalogue = async (prefix: string) => {
      ({ url, drop } = await createTestDatabase(store));
      databases = await Promise.all(Array.from({ length: instances }, () => openDatabase(url)));
      const ids = Array.from({ length: LINKS }, (_, index) => `${prefix}${String(index).padStart(2, '0')}`);
      for (const [index, id] of ids.entries()) providers.set('quark', id, isDead(index) ? 'dead1' : 'alive1');
      const links = ids.map((id) => fixtureLink('quark', id));
      await new CatalogueStore(first()).importEntries(links.map((link) => entry({ source_link: link })));
      return { links, dead: links.filter((_, index) => isDead(index)) };
    };
    const close = async () => {
      mock.timers.reset();
      for (const database of databases) await database.close();
      await drop();
    };

    test('the day’s share hides, the rest wait confirmed for the next UTC day, and hide then', async () => {
      const { links, dead } = await catalogue('day');
      try {
        // First deads, then their confirmations: 16 confirm, the day's 12 hide, whatever the hourly cap allows.
        const firstPass = await check(links);
        assert.equal(await hiddenCount(), 0, firstPass.join('\n'));
        const confirming = await check(links);
        assert.equal(await hiddenCount(), BUDGET, confirming.join('\n'));
        const today = await state();
        assert.equal(today.hidesToday, BUDGET);
        assert.equal(today.dayHideBudget, BUDGET);
        assert.ok(today.hidesWaiting >= dead.length - BUDGET, 'the confirmed deads past the share were counted as waiting');
        assert.match(confirming.join('\n'), /confirmed, waiting \(hourly cap, daily share or LINK_CHECK_HIDE\)/);
        // The waiting ones are due when the next UTC day opens, as confirmations.
        const waiting = await first()
          .db.selectFrom('link_states')
          .select(['due_at', 'priority'])
          .where('confirmed_at', 'is not', null)
          .where('hidden', '=', 0)
          .execute();
        assert.equal(waiting.length, dead.length - BUDGET);
        for (const row of waiting) assert.equal(Number(row.due_at), nextDay(Date.now()));

        const breaker = (await cli('links', 'breaker')).split('\n');
        assert.match(breaker.join('\n'), /^daily hide share \(0\.2 of each provider's links a UTC day, at least 10\):$/m);
        assert.match(
          breaker.join('\n'),
          /^ {2}quark {5}12\/12 hidden today, spent: its other confirmed deads wait until \d{4}-\d\d-\d\dT00:00:00\.000Z$/m,
        );

        // Still the same day: checked again, nothing more hides.
        await check(links);
        assert.equal(await hiddenCount(), BUDGET);

        // The next UTC day: the budget is counted again and the rest hide.
        mock.timers.enable({ apis: ['Date'], now: Date.now() + DAY });
        const nextDayChecks = await check(links);
        assert.equal(await hiddenCount(), dead.length, nextDayChecks.join('\n'));
        const tomorrow = await state();
        assert.equal(tomorrow.hidesToday, dead.length - BUDGET);
        assert.equal(tomorrow.dayHideBudget, BUDGET);
      } finally {
        await close();
      }
    });

    test('`links breaker allow` lifts the day’s share while it lasts (the hides still counted)', async () => {
      const { links, dead } = await catalogue('allow');
      try {
        await check(links);
        await check(links);
        assert.equal(await hiddenCount(), BUDGET);
        assert.match(
          await cli('links', 'breaker', 'allow', 'quark', '--hours', '1'),
          /quark: its dead verdicts may hide past the dead-rate ceiling and the daily hide share until /,
        );
        const allowed = await check(links);
        assert.equal(await hiddenCount(), dead.length, allowed.join('\n'));
        const after = await state();
        assert.equal(after.hidesToday, dead.length);
        assert.equal(after.dayShareEnforced, false);
        assert.match(await cli('links', 'breaker'), /^ {2}quark {5}16\/12 hidden today, allowed until /m);
      } finally {
        await close();
      }
    });
  });
}
