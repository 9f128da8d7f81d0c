/**
 * The audit record (docs/console.md, "The audit record"): who changed what, and when. Every operation in
 * this folder writes one row per thing it changed once the change has committed, whether a console
 * account or a `dramadex` command (actor `cli`) asked for it, so the record reads the same from either
 * side. Rows name what they touched in words (a link, a source's name, a key's id), never by a key into
 * another table, and nothing deletes them.
 */
import type { Database } from '../store/database.js';

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

/** Rows written in one statement at most (PostgreSQL allows 65,535 parameters a statement). */
const INSERT_BATCH = 1000;

export class AuditLog {
  constructor(
    private readonly database: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Writes one row per record, all stamped with the same time and actor. */
  async record(actor: string, records: AuditRecord[]): Promise<void> {
    const at = this.now().toISOString();
    const rows = records.map((record) => ({ at, actor, action: record.action, target: record.target, detail: record.detail ?? '' }));
    if (rows.length === 0) return;
    // One transaction for all the batches: a removal of thousands of links writes its rows in one commit.
    await this.database.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await trx
          .insertInto('audit_log')
          .values(rows.slice(start, start + INSERT_BATCH))
          .execute();
      }
    });
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
