/**
 * The bulk read of catalogue entries, in id order and batches: what instances load at start and after each
 * change, and what `dramadex export` streams. Ids order entries the way imports created them, so an
 * export imported again into an empty database breaks ties between equal times the same way
 * (docs/lifecycle.md). `onBatch` may return a promise (an export waiting for its output to drain); the
 * next batch is read meanwhile on PostgreSQL, and no batch is ever held beyond its callback.
 */
import type { Database } from './database.js';

export type RawEntry = [id: number, title: string, source_link: string, type: string, update_time: string];

export interface EntryFilter {
  /** Only entries changed after this revision (0: all). */
  sinceRevision?: number;
  /** Only entries of this type. */
  type?: string | undefined;
  /** Hidden entries too (`export --include-hidden`); every reader that serves leaves them out. */
  includeHidden?: boolean;
}

/**
 * Rows per batch. A batch's rows and strings live until the catalogue has applied it; at 50,000 they
 * outgrew V8's young generation, were copied into the old one and collected there, which at a million
 * entries kept about 80 MB more resident after start-up and cost the main thread CPU (docs/deployment.md).
 */
const READ_BATCH = 8192;
type SqliteConnection = NonNullable<Database['sqlite']>;
type PgPool = NonNullable<Database['pg']>;
type OnBatch = (rows: RawEntry[]) => void | Promise<void>;

export async function readEntries(database: Database, filter: EntryFilter, onBatch: OnBatch): Promise<void> {
  const { sqlite, pg } = database;
  if (sqlite) return readFromSqlite(sqlite, filter, onBatch);
  if (pg) return readThroughCursor(pg, filter, onBatch);
  throw new Error('the database handle has neither a SQLite connection nor a PostgreSQL pool');
}

/** The WHERE conditions and their values, in placeholder order after any the caller puts first. */
function conditions(filter: EntryFilter, placeholder: (index: number) => string, first: number): { where: string[]; values: unknown[] } {
  // Hidden entries (docs/link-health.md) are stored but never served: the catalogue never loads them.
  const where: string[] = filter.includeHidden ? [] : ['hidden = 0'];
  const values: unknown[] = [];
  if ((filter.sinceRevision ?? 0) > 0) {
    values.push(filter.sinceRevision);
    where.push(`revision > ${placeholder(first + values.length)}`);
  }
  if (filter.type !== undefined) {
    values.push(filter.type);
    where.push(`type = ${placeholder(first + values.length)}`);
  }
  return { where, values };
}

/**
 * SQLite: keyset batches read straight from better-sqlite3 in raw (array) mode, because this read is most
 * of start-up and the query builder would add about a third to it (2.5–3.7 s of CPU instead of 1.9–2.1 s
 * for a million entries on a busy 2-core machine). The event loop gets a turn between batches.
 */
async function readFromSqlite(connection: SqliteConnection, filter: EntryFilter, onBatch: OnBatch): Promise<void> {
  const { where, values } = conditions(filter, () => '?', 1);
  const statement = connection
    .prepare(`select id, title, source_link, type, update_time from entries
      where ${['id > ?', ...where].join(' and ')} order by id limit ${READ_BATCH}`)
    .raw(true);
  let lastId = 0;
  for (;;) {
    const rows = statement.all(lastId, ...values) as RawEntry[];
    if (rows.length === 0) return;
    lastId = (rows[rows.length - 1] as RawEntry)[0];
    await onBatch(rows);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * PostgreSQL: one query read through a cursor in one read-only snapshot, in array row mode (node-postgres
 * then builds no object per row), asking for the next batch before handing over the current one so the
 * server reads while this process works. Keyset pages would be planned one by one, and right after a large
 * import (no statistics yet) PostgreSQL may then sort every matching row again for each page, which
 * turns a read of a million entries from a few seconds into 18.
 */
async function readThroughCursor(pool: PgPool, filter: EntryFilter, onBatch: OnBatch): Promise<void> {
  const client = await pool.connect();
  const fetchBatch = () => client.query<RawEntry>({ text: `fetch ${READ_BATCH} from entries_read`, rowMode: 'array' });
  let next: Promise<{ rows: RawEntry[] }> | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    const { where, values } = conditions(filter, (index) => `$${index}`, 0);
    await client.query(
      `declare entries_read no scroll cursor for select id, title, source_link, type, update_time from entries
        ${where.length > 0 ? `where ${where.join(' and ')}` : ''} order by id`,
      values,
    );
    for (next = fetchBatch(); next; ) {
      const rows: RawEntry[] = (await next).rows;
      // A full batch may have a successor: ask for it now, so PostgreSQL reads while this one is handled.
      next = rows.length === READ_BATCH ? fetchBatch() : undefined;
      if (rows.length > 0) await onBatch(rows);
    }
    await client.query('commit');
    client.release();
  } catch (error) {
    next?.catch(() => undefined); // swallow-ok: its outcome no longer matters; the connection is dropped
    client.release(error as Error);
    throw error;
  }
}
