/**
 * Serialises transactions that share a name (imports of one ranking board) behind the store seam: on
 * PostgreSQL a transaction-scoped advisory lock, taken even before any row exists to lock; on SQLite
 * nothing, since its one writer already runs write transactions one after another.
 */
import { sql, type Transaction } from 'kysely';
import type { Dialect } from './dialect.js';

export async function lockNameInTransaction<Tables>(dialect: Dialect, trx: Transaction<Tables>, name: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
