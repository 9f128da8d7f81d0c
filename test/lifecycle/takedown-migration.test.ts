/**
 * Migration 005 on a store that already holds takedowns, on both stores: a takedown stored when a link was
 * always read as a prefix keeps that meaning (`takedown list` says `prefix`, import still rejects longer
 * links), while takedowns added afterwards match exactly.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrationsFor } from '../../src/store/migrations/index.js';
import { runCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';

/** Brings a fresh store up to `last` only, as an operator's database was before upgrading. */
async function migrateUpTo(url: string, last: string): Promise<Kysely<unknown>> {
  const sqlite = url.startsWith('sqlite:');
  const db = new Kysely<unknown>({
    dialect: sqlite
      ? new SqliteDialect({ database: new Sqlite(url.slice('sqlite:'.length)) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
  });
  const earlier = Object.entries(migrationsFor(sqlite ? 'sqlite' : 'postgres')).filter(([name]) => name <= last);
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(earlier) } }).migrateToLatest();
  if (error) throw error;
  return db;
}

for (const store of STORES) {
  describe(`migration 005: takedowns stored before it stay prefixes [${store}]`, () => {
    let dir: string;
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-migration-'));
      const database = await createTestDatabase(store);
      drop = database.drop;
      env = { DATABASE_URL: database.url };
      const old = await migrateUpTo(database.url, '004-lifecycle');
      const takedowns = old as unknown as Kysely<{ takedowns: { pattern: string; reason: string; created_at: string } }>;
      await takedowns
        .insertInto('takedowns')
        .values({ pattern: 'https://pan.example.com/s/old-', reason: 'before 005', created_at: '2026-01-01T00:00:00.000Z' })
        .execute();
      await old.destroy();
    });
    after(async () => {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    });

    test('the old takedown is listed as prefix and still rejects longer links; a new one is exact', async () => {
      const listed = await runCli(['takedown', 'list'], env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(listed.stdout, /^https:\/\/pan\.example\.com\/s\/old-\tprefix\t2026-01-01T00:00:00\.000Z\tbefore 005$/m);
      const row = (link: string) =>
        JSON.stringify({ title: '迁移测试', source_link: link, type: 'post', update_time: '2024-05-01 10:00:00' });
      const file = join(dir, 'rows.ndjson');
      writeFileSync(file, `${row('https://pan.example.com/s/old-1')}\n${row('https://pan.example.com/s/new')}\n`);
      const imported = await runCli(['import', file], env);
      assert.match(imported.stdout, /added 1, updated 0, unchanged 0, rejected 1/);
      assert.match(imported.stderr, /line 1: taken down/);
      await runCli(['takedown', 'add', 'https://pan.example.com/s/ne'], env);
      assert.match((await runCli(['takedown', 'list'], env)).stdout, /^https:\/\/pan\.example\.com\/s\/ne\texact\t/m);
      assert.match((await runCli(['export'], env)).stdout, /s\/new"/, 'an exact takedown leaves a longer link alone');
    });
  });
}
