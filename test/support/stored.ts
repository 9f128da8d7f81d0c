/**
 * What a database holds, read as another process would (a connection of its own, closed after), for
 * tests that let `dramadex` processes write: how many entries of a type, and the audit record's rows.
 */
import { AuditLog } from '../../src/operations/audit-log.js';
import { type Database, openDatabase } from '../../src/store/database.js';

async function reading<T>(url: string, read: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(url);
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

/** How many entries of `type` are stored. */
export function countEntries(url: string, type: string): Promise<number> {
  return reading(url, async (database) => {
    const row = await database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/** The audit rows written after the row `sinceId` (0: all), oldest first, as `actor action target | detail`. */
export function auditRowsAfter(url: string, sinceId: number): Promise<string[]> {
  return reading(url, async (database) =>
    (await new AuditLog(database).recent(1000))
      .filter((row) => row.id > sinceId)
      .reverse()
      .map((row) => `${row.actor} ${row.action} ${row.target} | ${row.detail}`),
  );
}

/** The id of the newest audit row (0 when there is none). */
export function lastAuditId(url: string): Promise<number> {
  return reading(url, async (database) => (await new AuditLog(database).recent(1))[0]?.id ?? 0);
}
