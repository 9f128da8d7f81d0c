/**
 * The dialect seam: SQLite (embedded default) and PostgreSQL (scale-out) are a constructor choice
 * behind one Kysely instance, so every store module is written once for both.
 */

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { oneLineReason, StartupError } from '../boot/startup-error.js';
import { CachedStatements } from './cached-statements.js';
import type { Dialect } from './dialect.js';
import { ImmediateSqliteDialect } from './immediate-sqlite.js';
import { migrationsFor } from './migrations/index.js';
import { pingPostgres, postgresClientConfig, requireUtf8 } from './postgres-connection.js';
import type { Schema } from './schema.js';

export type { Dialect };

export interface Database {
  db: Kysely<Schema>;
  dialect: Dialect;
  url: string;
  /**
   * One real round trip that gives up after `timeoutMs`. On PostgreSQL a connection that does not answer
   * in time is destroyed rather than returned to the pool, so a hung server cannot use up the pool.
   */
  ping(timeoutMs?: number): Promise<void>;
  /** The raw better-sqlite3 connection (SQLite only), for the bulk read that loads the catalogue. */
  sqlite?: Sqlite.Database;
  /** The node-postgres pool (PostgreSQL only), for the same bulk read in array row mode. */
  pg?: pg.Pool;
  /** Where failures of background connections (pool, change feed) are reported. */
  onConnectionError: (error: Error) => void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Most connections one process opens to PostgreSQL (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Called when an idle or checked-out PostgreSQL connection fails (the pool replaces it). */
  onConnectionError?: (error: Error) => void;
}

/** Opens and migrates the store; any failure is a StartupError whose message is one line naming the store. */
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  let database: Database | undefined;
  try {
    database = url.startsWith('sqlite:') ? openSqlite(url, options) : openPostgres(url, options);
    if (database.dialect === 'postgres') await requireUtf8(database.db);
    await migrate(database);
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined); // swallow-ok: the open's own error is thrown below
    throw new StartupError(`cannot open the database ${withoutPassword(url)}: ${oneLineReason(error)}`, { cause: error });
  }
}

function withoutPassword(url: string): string {
  if (!URL.canParse(url) || url.startsWith('sqlite:')) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** How long a SQLite writer waits for another's write lock (a 1M-entry swap holds it for tens of seconds). */
const SQLITE_BUSY_TIMEOUT_MS = 120_000;

function openSqlite(url: string, options: OpenOptions): Database {
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const connection = new Sqlite(path);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  // Another writer (a second process, or a long swap) may hold the write lock for a while: wait, do not
  // fail; transactions take the lock at BEGIN, where this wait applies (immediate-sqlite.ts).
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database: new CachedStatements(connection) }) });
  return {
    db,
    dialect: 'sqlite',
    url,
    sqlite: connection,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    onConnectionError: options.onConnectionError ?? (() => undefined),
    close: once(() => db.destroy()),
  };
}

function openPostgres(url: string, options: OpenOptions): Database {
  const pool = new pg.Pool({ ...postgresClientConfig(url), max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  // Without these listeners a connection dropped by the server (restart, failover, idle kill) is an
  // uncaught 'error' event that ends the process; with them the pool discards it and opens a new one.
  const onError = options.onConnectionError ?? (() => undefined);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    url,
    pg: pool,
    ping: (timeoutMs) => pingPostgres(pool, timeoutMs),
    onConnectionError: onError,
    close: once(() => db.destroy()),
  };
}

/**
 * Brings the schema up to date. On PostgreSQL, Kysely serialises instances that start together with an
 * advisory lock. On SQLite it has no lock, so two processes opening a fresh file at once (two instances, or
 * a server and the import command) both try the first migration and one fails; its transaction is rolled
 * back and the other's committed, so looking again finds nothing left to do.
 */
async function migrate(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
  });
  for (let attempt = 1; ; attempt++) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    if (database.dialect !== 'sqlite' || attempt === 3) throw error;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

/** Closing twice (a failed start-up, then shutdown) must neither throw nor wait forever. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
