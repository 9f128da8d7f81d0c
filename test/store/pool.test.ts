import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../src/config/config.js';
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
    try {
      // Six queries asked at once: the pool opens connections up to its size and queues the rest, so
      // exactly two server sessions answer all six, whatever the timing.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)),
      );
      const sessions = new Set(answers.map((answer) => answer.rows[0]?.pid));
      assert.equal(sessions.size, 2, `2 connections answered, saw ${sessions.size}`);
      const count = await database.db
        .selectFrom('entries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(typeof count.n, 'number', 'COUNT(*) (bigint) comes back as a number');
    } finally {
      await database.close();
      await drop();
    }
  });
});
