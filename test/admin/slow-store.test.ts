/**
 * A console page never hangs on a slow store (docs/console.md, "When the store is slow"): with the
 * console's tables locked by another PostgreSQL session, a page answers 503 with the console's error page
 * once its store deadline passes, and works again once the lock is gone; a store that fails (a table gone)
 * gives the console's 500 page. PostgreSQL only: SQLite's readers are not blocked by a writer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { buildCatalogueApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase } from '../support/harness.js';
import { addAccount, operatorWith, signIn } from './support.js';

describe('a console page on a hung store', { skip: !process.env.TEST_DATABASE_URL }, () => {
  let services: Services;
  let drop: () => Promise<void>;
  let url: string;
  before(async () => {
    const created = await createTestDatabase('postgres');
    ({ drop, url } = created);
    services = await createServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, RATE_LIMITS: 'off', METRICS_PORT: 'off' }), {
      pollMs: 0,
    });
  });
  after(async () => {
    await services.close();
    await drop();
  });

  test('answers 503 with an error page instead of waiting, then recovers', async () => {
    const app = await buildCatalogueApp(services, { consoleStoreDeadlineMs: 300 });
    try {
      await addAccount(services.database, 'patient', 'owner');
      const operator = await signIn(app, 'patient');
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table admin_sessions, sources in access exclusive mode');
        const page = await app.inject({ url: '/admin', headers: { cookie: `dramadex_admin=${operator.cookie}`, 'accept-language': 'en' } });
        assert.equal(page.statusCode, 503);
        assert.match(String(page.headers['content-type']), /text\/html/);
        assert.match(page.body, /database/i);
        await locker.query('rollback');
      } finally {
        await locker.end();
      }
      assert.equal((await (await operatorWith(app, operator.cookie)).get('/admin')).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});

describe('a console page on a failing store', { skip: !process.env.TEST_DATABASE_URL }, () => {
  let services: Services;
  let drop: () => Promise<void>;
  before(async () => {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    services = await createServices(
      loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: created.url, RATE_LIMITS: 'off', METRICS_PORT: 'off' }),
      { pollMs: 0 },
    );
  });
  after(async () => {
    await services.close();
    await drop();
  });

  test('a store error is a 500 page in the console, not a hang or a bare envelope', async () => {
    const app = await buildCatalogueApp(services);
    try {
      await addAccount(services.database, 'unlucky', 'owner');
      const operator = await signIn(app, 'unlucky');
      await sql`alter table sources rename to sources_away`.execute(services.database.db);
      const page = await operator.get('/admin');
      assert.equal(page.statusCode, 500);
      assert.match(String(page.headers['content-type']), /text\/html/);
      assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'none'/);
      await sql`alter table sources_away rename to sources`.execute(services.database.db);
      assert.equal((await operator.get('/admin')).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});
