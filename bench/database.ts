/**
 * Why this exists: every benchmark run gets its own throw-away database, so it never touches an
 * operator's data and leaves nothing behind. SQLite: a file in the run's temporary directory (removed
 * with it). PostgreSQL: a freshly created database with a UTF-8 collation (search over Chinese titles
 * depends on it), dropped on cleanup even if clients are still connected.
 */
import { join } from 'node:path';
import pg from 'pg';
import { onCleanup } from './cleanup.js';

export interface BenchDatabase {
  /** Value for DATABASE_URL. */
  url: string;
  description: string;
  /** Drops it now (it is dropped at cleanup anyway). */
  drop: () => Promise<void>;
}

export async function createBenchDatabase(store: 'sqlite' | 'postgres', tempDir: string, pgUrl: string): Promise<BenchDatabase> {
  if (store === 'sqlite') {
    const path = join(tempDir, 'bench.db');
    return { url: `sqlite:${path}`, description: `SQLite ${path}`, drop: async () => {} };
  }
  const name = `dramadex_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`),
  );
  const drop = onCleanup(`drop database ${name}`, async () => {
    await withClient(admin.toString(), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), description: `PostgreSQL database ${name} on ${url.host}`, drop };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, statement_timeout: 30_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
