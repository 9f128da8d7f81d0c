/**
 * A throttle pauses whatever asked for the check, a report's check too (docs/link-health.md, "Pauses"),
 * through the public interface on both stores: a link is checked alive, a person reports it through
 * `POST /api/link-reports`, the scheduler checks it first, the fixture provider answers HTTP 429, and
 * `/api/status` lists the provider as paused; after a restart of the app on the same store the pause is
 * still there (Date is frozen at the pause, so how long the restart takes cannot end it).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, mock, test } from 'node:test';
import { buildCatalogueApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { createServices } from '../../src/services.js';
import { createTestDatabase, entry, STORES } from '../support/harness.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

for (const store of STORES) {
  describe(`links: a throttle from a reported check pauses the provider, across a restart [${store}]`, () => {
    let providers: FixtureProviders;
    let database: { url: string; drop: () => Promise<void> };
    before(async () => {
      providers = await startFixtureProviders();
      database = await createTestDatabase(store);
    });
    after(async () => {
      mock.timers.reset();
      await providers.close();
      await database.drop();
    });

    const start = async () => {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        RATE_LIMITS: 'off',
        METRICS_PORT: '0',
        LINK_CHECK: 'on',
        LINK_CHECK_ORIGINS: providers.origins,
        LINK_CHECK_RATE: '1000',
      });
      const services = await createServices(config, { pollMs: 0 });
      const app = await buildCatalogueApp(services);
      const close = async () => {
        await app.close();
        await services.close();
      };
      return { services, app, close };
    };
    const paused = async (app: Awaited<ReturnType<typeof start>>['app']) =>
      ((await app.inject('/api/status')).json().data.link_guards?.paused ?? []) as string[];

    test('reported, throttled, paused; the pause survives a restart', async () => {
      const link = fixtureLink('quark', 'report429');
      providers.set('quark', 'report429', 'alive1');
      const first = await start();
      try {
        const scheduler = first.services.links.scheduler;
        assert.ok(scheduler, 'LINK_CHECK=on builds the scheduler');
        const checkedNext = async () => {
          for (;;) {
            const [checked, outcome] = await once(scheduler, 'checked');
            if (checked === link) return outcome as { verdict: string; throttled: boolean };
          }
        };
        const firstCheck = checkedNext();
        await first.services.catalogue.store.importEntries([entry({ source_link: link, title: '节流甲' })]);
        first.services.links.start();
        assert.equal((await firstCheck).verdict, 'alive');

        // Alive, it is not due for days: only the report brings it back now, and the provider pushes back.
        providers.set('quark', 'report429', 'throttled1');
        const reportedCheck = checkedNext();
        const pausedEvent = once(scheduler, 'paused');
        const report = await first.app.inject({ method: 'POST', url: '/api/link-reports', payload: { source_link: link } });
        assert.equal(report.statusCode, 202, report.body);
        const outcome = await reportedCheck;
        assert.deepEqual([outcome.verdict, outcome.throttled], ['unknown', true]);
        assert.equal((await pausedEvent)[0], 'quark');
        // The first read of /api/status's guards in this app (it reuses one for COUNTS_TTL_MS).
        assert.ok((await paused(first.app)).includes('quark'), 'the throttle of a reported check pauses the provider');
      } finally {
        // The clock stands still from here: the restart's length cannot run the pause out.
        mock.timers.enable({ apis: ['Date'], now: Date.now() });
        await first.close();
      }

      const second = await start();
      try {
        assert.ok((await paused(second.app)).includes('quark'), 'the pause is in the store: a restarted app still has it');
      } finally {
        await second.close();
        mock.timers.reset();
      }
    });
  });
}
