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
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase, entry, importFromAnotherProcess, STORES } from '../support/harness.js';

/**
 * Guards against a hang only: how soon a change arrives (docs/deployment.md's "within a second") is the
 * bench's to measure, not a test's to time on a loaded machine.
 */
const HANG_GUARD_MS = 60_000;

/** Resolves when the instance has applied its next change (a NOTIFY on PostgreSQL, a poll on SQLite). */
function nextChange(services: Services | undefined): Promise<void> {
  assert.ok(services);
  return new Promise((resolve) => services.catalogue.onChange(() => resolve()));
}

/**
 * Resolves once `check` holds on the instance, looking again after each change it applies (a change
 * announced late for an earlier test may come first). The listener is set before each look, so no change
 * falls between the two.
 */
async function afterChanges(services: Services | undefined, check: () => Promise<boolean>): Promise<void> {
  for (;;) {
    const changed = nextChange(services);
    if (await check()) return;
    await changed;
  }
}

for (const store of STORES) {
  describe(`store: every instance serves every import [${store}]`, { timeout: HANG_GUARD_MS }, () => {
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

    const servedBy = (index: number, link: string) => afterChanges(instances[index]?.services, () => served(index, link));

    test('an import through one instance is served by the other', async () => {
      const fresh = entry({ title: '新鲜出炉一号' });
      await instances[0]?.services.catalogue.store.importEntries([fresh]);
      await servedBy(1, fresh.source_link);
    });

    test('an import from another process (the command line) reaches both instances', async () => {
      const fresh = entry({ title: '新鲜出炉二号' });
      await importFromAnotherProcess(url, [fresh]);
      await Promise.all([servedBy(0, fresh.source_link), servedBy(1, fresh.source_link)]);
    });

    test('an update through one instance replaces the entry on the other', async () => {
      const original = entry({ title: '新鲜旧名' });
      await instances[0]?.services.catalogue.store.importEntries([original]);
      await servedBy(1, original.source_link);
      await instances[0]?.services.catalogue.store.importEntries([{ ...original, title: '新鲜新名' }]);
      const titled = async (title: string) =>
        (await instances[1]?.app.inject(`/api/search?keyword=${encodeURIComponent(title)}`))?.json().data.total;
      await afterChanges(instances[1]?.services, async () => (await titled('新鲜新名')) === 1);
      assert.equal(await titled('新鲜旧名'), 0);
    });

    if (store === 'postgres') {
      test('a lost listening connection is re-opened and catches up on what it missed', async () => {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          // Waits (up to the guard) until both backends have exited: from then on nothing reaches an instance
          // through its old listening connection.
          const killed = await admin.query(
            `select pg_terminate_backend(pid, ${HANG_GUARD_MS}) as gone from pg_stat_activity
             where datname = current_database() and application_name = 'dramadex' and query ilike 'listen%'`,
          );
          assert.equal(killed.rowCount, 2, 'one listening connection per instance');
          assert.ok(
            killed.rows.every((row) => row.gone === true),
            'both listening connections ended',
          );
          const fresh = entry({ title: '新鲜出炉三号' });
          // Made while the listeners are (probably) still away: only the catch-up on reconnect can deliver it.
          await new CatalogueStore(instances[0]?.services.database as Services['database']).importEntries([fresh]);
          await Promise.all([servedBy(0, fresh.source_link), servedBy(1, fresh.source_link)]);
          // Either way it arrived (the catch-up on reconnecting, or a NOTIFY if an instance was back first), it came
          // over a new connection that had run LISTEN: both listen again now.
          const listening = await admin.query(
            `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and application_name = 'dramadex' and query ilike 'listen%'`,
          );
          assert.equal(listening.rows[0].n, 2);
        } finally {
          await admin.end();
        }
      });
    }
  });
}
