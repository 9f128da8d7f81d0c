/**
 * The audit record (docs/console.md, "The audit record"): who changed what, and when. Every operation in
 * this folder makes its change and writes its rows in one transaction (`change`), whether a console
 * account or a `dramadex` command (actor `cli`) asked for it, so a change never commits without its rows,
 * nor rows without their change, and the record reads the same from either side. Rows name what they
 * touched in words (a link, a source's name, a key's id), never by a key into another table, and nothing
 * deletes them.
 */
import type { Database } from '../store/database.js';
import type { RemovedEntry } from '../store/entry-removal.js';
import { inOneTransaction } from '../store/one-transaction.js';

/** The actor of every change made by a `dramadex` command. */
export const CLI_ACTOR = 'cli';

export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

export type AuditRecord = Pick<AuditEntry, 'action' | 'target'> & { detail?: string };

/**
 * One `remove` row per entry a write deleted, named by its link with its title as the detail, whatever
 * deleted it: `dramadex remove`, the console, or a replace (an import, a mirror, an upstream poll), whose
 * `cause` follows the title, so `about(link)` finds why any entry went.
 */
export function removalRecords(entries: readonly RemovedEntry[], cause?: string): AuditRecord[] {
  return entries.map((entry) => ({ action: 'remove', target: entry.link, detail: cause ? `${entry.title} (${cause})` : entry.title }));
}

/** Rows written in one statement at most (PostgreSQL allows 65,535 parameters a statement). */
const INSERT_BATCH = 1000;

export class AuditLog {
  constructor(
    private readonly database: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Makes a change and records it in one transaction: `work` writes through the database it is handed
   * (store/one-transaction.ts), and the rows `describe` gives for its result are written before the commit.
   * If either fails, neither is kept and the error is thrown; a removal of thousands of links writes its
   * rows in the same commit as the removal.
   */
  change<T>(actor: string, work: (database: Database) => Promise<T>, describe: (result: T) => AuditRecord[]): Promise<T> {
    return inOneTransaction(this.database, async (bound) => {
      const result = await work(bound);
      await this.writeIn(bound, actor, describe(result));
      return result;
    });
  }

  /**
   * Writes rows through `database`: inside a transaction a lower component opened around its own change
   * (store/one-transaction.ts), where it hands its caller the bound database to write alongside.
   */
  async writeIn(database: Database, actor: string, records: AuditRecord[]): Promise<void> {
    const at = this.now().toISOString();
    const rows = records.map((record) => ({ at, actor, action: record.action, target: record.target, detail: record.detail ?? '' }));
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await database.db
        .insertInto('audit_log')
        .values(rows.slice(start, start + INSERT_BATCH))
        .execute();
    }
  }

  /** Writes rows for what was done outside the store (nothing to commit with them), in their own commit. */
  record(actor: string, records: AuditRecord[]): Promise<void> {
    return this.change(
      actor,
      async () => undefined,
      () => records,
    );
  }

  /** The newest rows first, `limit` of them, older than the row `beforeId` when given (the next page). */
  async recent(limit: number, beforeId?: number): Promise<AuditEntry[]> {
    let query = this.database.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    return query.execute();
  }

  /** Rows about one target (a link, a source, a key), newest first. */
  about(target: string, limit = 50): Promise<AuditEntry[]> {
    return this.database.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id', 'desc').limit(limit).execute();
  }
}
