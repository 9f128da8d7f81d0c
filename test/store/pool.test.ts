import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/store/database.js';
import { createTestDatabase, STORES } from '../support/harness.js';

describe('store: DATABASE_POOL_SIZE', () => {
  test('defaults to 10 and takes an integer from 1 to 1000', () => {
    assert.equal(loadConfig({}).databasePoolSize, 10);
    assert.equal(loadConfig({ DATABASE_POOL_SIZE: ' 25 ' }).databasePoolSize, 25);
    for (const bad of ['0', '1001', '-1', '2.5', 'ten', '1e2']) {
      assert.throws(
        () => loadConfig({ DATABASE_POOL_SIZE: bad }),
        (error: Error) => error instanceof ConfigError && /^DATABASE_POOL_SIZE must be an integer from 1 to 1000/.test(error.message),
      );
    }
  });

  test('no more PostgreSQL connections than the pool size, however many queries wait', {
    skip: !STORES.includes('postgres') && 'TEST_DATABASE_URL is not set',
  }, async () => {
    const { url, drop } = await createTestDatabase('postgres');
    const database = await openDatabase(url, { poolSize: 2 });
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    try {
      let most = 0;
      const watcher = setInterval(() => {
        observer
          .query(`select count(*)::int as n from pg_stat_activity where datname = current_database()
            and application_name = 'dramadex' and state = 'active'`)
          .then((result) => {
            most = Math.max(most, result.rows[0]?.n ?? 0);
          })
          .catch(() => undefined);
      }, 20);
      const started = Date.now();
      await Promise.all(Array.from({ length: 6 }, () => sql`select pg_sleep(0.15)`.execute(database.db)));
      clearInterval(watcher);
      assert.equal(most, 2, `2 connections busy at once, saw ${most}`);
      assert.ok(Date.now() - started >= 3 * 150 - 20, 'six sleeps on two connections take three rounds');
      const count = await database.db
        .selectFrom('entries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(typeof count.n, 'number', 'COUNT(*) (bigint) comes back as a number');
    } finally {
      await observer.end();
      await database.close();
      await drop();
    }
  });
});
