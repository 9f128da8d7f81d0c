import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/store/database.js';
import { createTestDatabase, STORES } from '../support/harness.js';

for (const store of STORES) {
  describe(`store: migrations [${store}]`, () => {
    test('instances starting at once on an empty database migrate it exactly once', async () => {
      const { url, drop } = await createTestDatabase(store);
      try {
        const databases = await Promise.all([openDatabase(url), openDatabase(url), openDatabase(url)]);
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          databases[0]?.db ?? assert.fail(),
        );
        const names = applied.rows.map((row) => row.name);
        assert.equal(new Set(names).size, names.length, 'no migration recorded twice');
        assert.ok(names.includes('001-catalogue'));
        const revision = await sql<{ value: string }>`select value from meta where key = 'revision'`.execute(
          databases[1]?.db ?? assert.fail(),
        );
        assert.deepEqual(
          revision.rows.map((row) => row.value),
          ['0'],
        );
        for (const database of databases) await database.close();
      } finally {
        await drop();
      }
    });

    if (store === 'postgres') {
      test('the database is UTF-8, so Chinese titles are stored and compared as text, not bytes', async () => {
        const { url, drop } = await createTestDatabase(store);
        const database = await openDatabase(url);
        try {
          const { rows } = await sql<{ encoding: string; upper: string; length: number }>`
            select pg_encoding_to_char(encoding) as encoding, upper('ａｂｃ短剧') as upper, length('霸道总裁') as length
            from pg_database where datname = current_database()`.execute(database.db);
          assert.deepEqual(rows[0], { encoding: 'UTF8', upper: 'ＡＢＣ短剧', length: 4 });
        } finally {
          await database.close();
          await drop();
        }
      });

      test('a database that is not UTF-8 is refused at start-up with the statement that creates a right one', async () => {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const name = `dramadex_test_ascii_${process.pid}_${Date.now()}`;
        await admin.query(`create database ${name} template template0 encoding 'SQL_ASCII' lc_collate 'C' lc_ctype 'C'`);
        try {
          const url = new URL(process.env.TEST_DATABASE_URL as string);
          url.pathname = `/${name}`;
          await assert.rejects(openDatabase(url.toString()), /must use the UTF8 encoding, not SQL_ASCII: create it with CREATE DATABASE/);
        } finally {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
      });
    }
  });
}
