import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
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
    }
  });
}
