/**
 * The dead-rate ceiling (docs/link-health.md, "Dead-rate ceiling"), end to end: a fixture quark that
 * answers a measured dead code to every link from its very first check, on a fresh store (on PostgreSQL,
 * two runs of `links check` at once on two connections, as guards.acceptance.test.ts does). Its relative
 * breaker is reset by the operator whenever it trips, so what holds the deads back is the ceiling alone:
 * nothing hides before the ceiling opens beyond what the confirmation and the hourly cap allow, nothing
 * after it until `links breaker allow` (through the CLI, audited), hiding resumes while allowed, and the
 * ceiling holds again once the allowed hours have passed (a fake clock).
 */
import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { loadConfig } from '../../src/config/config.js';
import { ProviderGuards } from '../../src/links/provider-guards.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { runCli } from '../support/cli.js';
import { createTestDatabase, entry, STORES } from '../support/harness.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';
import { checkOnEach, cliOutput, hiddenCount as hiddenInStore } from './guards-support.js';

const CAP = 2;

for (const store of STORES) {
  const instances = store === 'postgres' ? 2 : 1;
  describe(`links: the dead-rate ceiling [${store}, ${instances} instance(s)]`, () => {
    let providers: FixtureProviders;
    let url: string;
    let drop: () => Promise<void>;
    let databases: Database[] = [];
    const env = () => ({
      DATABASE_URL: url,
      LINK_CHECK_ORIGINS: providers.origins,
      LINK_CHECK_CONFIRM_MINUTES: '0',
      LINK_CHECK_RATE: '1000',
      LINK_CHECK_MAX_HIDES_PER_HOUR: String(CAP),
    });
    before(async () => {
      providers = await startFixtureProviders();
      ({ url, drop } = await createTestDatabase(store));
      databases = await Promise.all(Array.from({ length: instances }, () => openDatabase(url)));
    });
    after(async () => {
      mock.timers.reset();
      for (const database of databases) await database.close();
      await drop();
      await providers.close();
    });

    const first = () => databases[0] as Database;
    const check = async (links: string[]) => checkOnEach(databases, loadConfig(env()), links);
    const cli = (...args: string[]) => cliOutput(env(), ...args);
    const hiddenCount = () => hiddenInStore(first());
    /** Links whose last decisive verdict is a dead that counted (not suspect) and that are not hidden yet. */
    const confirmable = async () =>
      (await first().db.selectFrom('link_states').select('source_link').where('decided_verdict', '=', 'dead').execute()).map(
        (row) => row.source_link,
      );
    const state = () => new ProviderGuards(first(), loadConfig(env()).links).state('quark', Date.now());
    /** The operator resets the relative breaker, so only the ceiling can hold the deads back. */
    const resetRelative = () => new ProviderGuards(first(), loadConfig(env()).links).reset('quark');

    test('dead from the first check: the ceiling stops hiding until `links breaker allow`, and again after its hours', async () => {
      const ids = Array.from({ length: 12 }, (_, index) => `ceil${String(index).padStart(2, '0')}`);
      const links = ids.map((id) => fixtureLink('quark', id));
      await new CatalogueStore(first()).importEntries(links.map((link) => entry({ source_link: link })));
      for (const id of ids) providers.set('quark', id, 'dead1');

      // The first checks: first deads wait for their confirmation; the ceiling opens at its fifth verdict.
      const opening = await check(links);
      assert.equal(await hiddenCount(), 0, opening.join('\n'));
      const opened = await state();
      assert.equal(opened.ceilingOpen, true, 'the ceiling opened');
      assert.ok(opened.ceilingDead > opened.deadCeiling * opened.ceilingDecisive);
      assert.match(await cli('links', 'status'), /quark\s+\d+\/\d+ dead \(1\), ceiling 0\.5, hiding stopped/);

      // The relative breaker reset: every dead is still suspect, nothing hides (the cap would allow CAP).
      await resetRelative();
      const held = await check(links);
      assert.equal(await hiddenCount(), 0, held.join('\n'));
      assert.ok(
        held.filter((line) => line.startsWith('dead ')).every((line) => line.includes('[suspect')),
        held.join('\n'),
      );

      // The operator allows it (the CLI, audited): the deads that counted confirm, up to the hourly cap.
      assert.match(
        await cli('links', 'breaker', 'allow', 'quark', '--hours', '1'),
        /quark: its dead verdicts may hide past the dead-rate ceiling and the daily hide share until /,
      );
      const audit = await first().db.selectFrom('audit_log').selectAll().where('action', '=', 'breaker allow').execute();
      assert.equal(audit.length, 1);
      assert.equal(audit[0]?.target, 'quark');
      assert.match(await cli('links', 'status'), /quark\s+\d+\/\d+ dead \(1\), ceiling 0\.5, allowed until /);
      await resetRelative();
      const allowed = await check(await confirmable());
      assert.equal(await hiddenCount(), CAP, allowed.join('\n'));

      // Two hours later (a new clock hour, so the cap would allow CAP more): the allowance is over.
      mock.timers.enable({ apis: ['Date'], now: Date.now() + 2 * 3_600_000 });
      await resetRelative();
      const again = await check(links);
      assert.equal(await hiddenCount(), CAP, again.join('\n'));
      assert.ok(
        again.filter((line) => line.startsWith('dead ')).every((line) => line.includes('[suspect')),
        again.join('\n'),
      );
      assert.equal((await state()).ceilingAllowedUntil < Date.now(), true);
      mock.timers.reset();
    });

    test('`links breaker allow` refuses a missing or bad --hours and an unknown provider', async () => {
      const missing = await runCli(['links', 'breaker', 'allow', 'quark'], env());
      assert.notEqual(missing.code, 0, missing.stderr);
      assert.match(missing.stderr, /needs --hours/);
      const tooLong = await runCli(['links', 'breaker', 'allow', 'quark', '--hours', '100000'], env());
      assert.notEqual(tooLong.code, 0);
      assert.match(tooLong.stderr, /--hours must be a whole number of hours from 1 to 720/);
      const unknown = await runCli(['links', 'breaker', 'allow', 'nosuch', '--hours', '1'], env());
      assert.notEqual(unknown.code, 0);
    });
  });
}
