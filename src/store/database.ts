/**
 * The dialect seam: SQLite (embedded default) and PostgreSQL (scale-out) are a constructor choice
 * behind one Kysely instance, so every store module is written once for both.
 */

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrationsFor } from './migrations/index.js';
import type { Schema } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Schema>;
  dialect: Dialect;
  url: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  const database = url.startsWith('sqlite:') ? openSqlite(url) : openPostgres(url, options);
  await migrate(database);
  return database;
}

function openSqlite(url: string): Database {
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const connection = new Sqlite(path);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  // A second process (the import command) may hold the write lock for a while: wait, do not fail.
  connection.pragma('busy_timeout = 10000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: connection }) });
  return { db, dialect: 'sqlite', url, close: () => db.destroy() };
}

function openPostgres(url: string, options: OpenOptions): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', url, close: () => db.destroy() };
}

async function migrate(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
