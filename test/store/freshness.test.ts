/**
 * Cross-instance freshness: two service instances on one database, an import through one (or through a
 * separate connection, as the command line makes it) is served by the other without an explicit refresh.
 * PostgreSQL proves the LISTEN/NOTIFY path alone (polling off); SQLite proves the poll fallback.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { buildCatalogueApp } from '../../src/app.js';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase, entry, importFromAnotherProcess, STORES } from '../support/harness.js';

/** The delay docs/deployment.md promises, with room for a loaded CI machine. */
const PROMISED_MS = { postgres: 1000, sqlite: 1000 + 1000 };

async function waitFor(what: string, check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`${what}: not within ${withinMs} ms`);
}

for (const store of STORES) {
  describe(`store: every instance serves every import [${store}]`, () => {
    let url: string;
    let drop: () => Promise<void>;
    const instances: Array<{ services: Services; app: Awaited<ReturnType<typeof buildCatalogueApp>> }> = [];

    before(async () => {
      ({ url, drop } = await createTestDatabase(store));
      const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, RATE_LIMITS: 'off' });
      // PostgreSQL: notifications only, so the test fails if they do not arrive. SQLite: the poll.
      const options = store === 'postgres' ? { pollMs: 0, listen: true } : { pollMs: 100 };
      for (let i = 0; i < 2; i++) {
        const services = await createServices(config, options);
        instances.push({ services, app: await buildCatalogueApp(services) });
      }
    });
    after(async () => {
      for (const { app, services } of instances) {
        await app.close();
        await services.close();
      }
      await drop();
    });

    const served = async (index: number, link: string) => {
      const instance = instances[index];
      assert.ok(instance);
      const body = (await instance.app.inject(`/api/search?keyword=${encodeURIComponent('新鲜')}&limit=100`)).json();
      return body.data.items.some((item: { source_link: string }) => item.source_link === link);
    };

    test('an import through one instance is served by the other', async () => {
      const fresh = entry({ title: '新鲜出炉一号' });
      await instances[0]?.services.catalogue.store.importEntries([fresh]);
      const took = await waitFor('instance 2 serves the import', () => served(1, fresh.source_link), PROMISED_MS[store]);
      assert.ok(took < PROMISED_MS[store]);
    });

    test('an import from another process (the command line) reaches both instances', async () => {
      const fresh = entry({ title: '新鲜出炉二号' });
      await importFromAnotherProcess(url, [fresh]);
      await waitFor('instance 1 serves it', () => served(0, fresh.source_link), PROMISED_MS[store]);
      await waitFor('instance 2 serves it', () => served(1, fresh.source_link), PROMISED_MS[store]);
    });

    test('an update through one instance replaces the entry on the other', async () => {
      const original = entry({ title: '新鲜旧名' });
      await instances[0]?.services.catalogue.store.importEntries([original]);
      await waitFor('instance 2 serves the original', () => served(1, original.source_link), PROMISED_MS[store]);
      await instances[0]?.services.catalogue.store.importEntries([{ ...original, title: '新鲜新名' }]);
      await waitFor(
        'instance 2 serves the new title',
        async () => {
          const body = (await instances[1]?.app.inject(`/api/search?keyword=${encodeURIComponent('新鲜新名')}`))?.json();
          return body.data.total === 1;
        },
        PROMISED_MS[store],
      );
      const old = (await instances[1]?.app.inject(`/api/search?keyword=${encodeURIComponent('新鲜旧名')}`))?.json();
      assert.equal(old.data.total, 0);
    });

    if (store === 'postgres') {
      test('a lost listening connection is re-opened and catches up on what it missed', async () => {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const killed = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and application_name = 'dramadex' and query ilike 'listen%'`,
          );
          assert.equal(killed.rowCount, 2, 'one listening connection per instance');
          const fresh = entry({ title: '新鲜出炉三号' });
          // Made while the listeners are (probably) still away: only the catch-up on reconnect can deliver it.
          await new CatalogueStore(instances[0]?.services.database as Services['database']).importEntries([fresh]);
          await waitFor('instance 1 serves it after reconnecting', () => served(0, fresh.source_link), 5000);
          await waitFor('instance 2 serves it after reconnecting', () => served(1, fresh.source_link), 5000);
          await waitFor(
            'both listen again',
            async () => {
              const listening = await admin.query(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and application_name = 'dramadex' and query ilike 'listen%'`,
              );
              return listening.rows[0].n === 2;
            },
            5000,
          );
        } finally {
          await admin.end();
        }
      });
    }
  });
}
