/**
 * What every PostgreSQL connection of this service shares, pooled or dedicated (the LISTEN client of
 * change-feed.ts): its client settings, the health round trip with a deadline of its own, and the check
 * that the database speaks UTF-8. Apart from database.ts, which only chooses and opens a dialect.
 */
import { type Kysely, sql } from 'kysely';
import pg from 'pg';

/** How long opening a PostgreSQL connection may take before the query that needed it fails. */
export const CONNECT_TIMEOUT_MS = 3000;
const PING_TIMEOUT_MS = 2000;

/**
 * Settings every PostgreSQL connection of this service uses, pooled or dedicated (the LISTEN client):
 * a bounded connect, TCP keep-alive so a vanished server is noticed, and `bigint` (COUNT(*), int8
 * columns) parsed as a number instead of node-postgres's default string; catalogue counts and ids stay far
 * below 2^53.
 */
export function postgresClientConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'dramadex',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 && format !== 'binary'
          ? Number
          : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
    },
  };
}

export async function pingPostgres(pool: pg.Pool, timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  const client = await pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from PostgreSQL within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([client.query('select 1'), timeout]);
    client.release();
  } catch (error) {
    client.release(error as Error); // destroys the connection instead of pooling it
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Catalogue text is Chinese: a database in another encoding refuses it (LATIN1 and the like) or stores
 * unchecked bytes whose length, case and order are not those of characters (SQL_ASCII). Refuse to start
 * rather than fail on the first import. docs/deployment.md says how to create the database.
 */
export async function requireUtf8<Tables>(db: Kysely<Tables>): Promise<void> {
  const { rows } = await sql<{ encoding: string }>`select current_setting('server_encoding') as encoding`.execute(db);
  const encoding = rows[0]?.encoding;
  if (encoding !== 'UTF8') {
    throw new Error(
      `the PostgreSQL database must use the UTF8 encoding, not ${encoding}: create it with ` +
        `CREATE DATABASE <name> TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
  }
}
