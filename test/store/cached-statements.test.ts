/**
 * The SQLite statement cache (src/store/cached-statements.ts): each SQL text is prepared once however often
 * it runs, through Kysely as the store runs it; a statement still streaming is never handed out twice; the
 * cache stays bounded when texts vary.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Sqlite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { CachedStatements } from '../../src/store/cached-statements.js';
import { ImmediateSqliteDialect } from '../../src/store/immediate-sqlite.js';

function counted() {
  const connection = new Sqlite(':memory:');
  const texts: string[] = [];
  const cache = new CachedStatements({
    prepare: (text: string) => {
      texts.push(text);
      return connection.prepare(text);
    },
    close: () => connection.close(),
  });
  return { cache, texts };
}

test('a SQL text run a thousand times through Kysely is prepared once', async () => {
  const { cache, texts } = counted();
  const db = new Kysely<Record<string, never>>({ dialect: new ImmediateSqliteDialect({ database: cache }) });
  for (let index = 0; index < 1000; index++) {
    const { rows } = await sql<{ n: number }>`select ${index} as n`.execute(db);
    assert.equal(rows[0]?.n, index);
  }
  assert.deepEqual(texts, ['select ? as n']);
  await db.destroy();
});

test('a statement still streaming is not handed out again; the next caller gets its own', () => {
  const { cache, texts } = counted();
  const text = 'select 1 as n union all select 2';
  const streaming = cache.prepare(text).iterate([]);
  assert.deepEqual(streaming.next().value, { n: 1 });
  assert.deepEqual(cache.prepare(text).all([]), [{ n: 1 }, { n: 2 }], 'a second read while the first streams');
  assert.deepEqual(streaming.next().value, { n: 2 }, 'the stream goes on undisturbed');
  assert.equal(streaming.next().done, true);
  assert.equal(texts.length, 2);
  cache.close();
});

test('texts that vary keep the cache bounded: the oldest used goes first', () => {
  const { cache, texts } = counted();
  cache.prepare('select 0');
  for (let index = 1; index <= 600; index++) cache.prepare(`select ${index}`);
  cache.prepare('select 600');
  assert.equal(texts.length, 601, 'the newest is still kept');
  cache.prepare('select 0');
  assert.equal(texts.length, 602, 'the oldest was let go');
  cache.close();
});
