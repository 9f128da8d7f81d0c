/**
 * Every write to the catalogue (import, replace, removal, takedown) goes through one shape of transaction:
 * bump the revision first (which takes the row lock, so concurrent writers get distinct, commit-ordered
 * revisions), do the work stamped with that revision, and notify listening instances at commit
 * (store/change-feed.ts). A write that changed nothing puts the revision back and notifies no one, so
 * instances do not reload for nothing; it does so rather than roll back because it may be one part of a
 * larger transaction (store/one-transaction.ts: a change and its audit row) whose other writes must stand.
 */
import { sql, type Transaction } from 'kysely';
import { notifyCatalogueChanged } from './change-feed.js';
import type { Database } from './database.js';
import type { Schema } from './schema.js';

/** Runs `work` in one transaction under a new revision; `work` says whether it changed anything. */
export async function changeCatalogue(
  database: Database,
  work: (trx: Transaction<Schema>, revision: number) => Promise<boolean>,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const bumped = await sql<{ value: string }>`update meta set value = cast(cast(value as integer) + 1 as text)
      where key = 'revision' returning value`.execute(trx);
    const revision = Number(bumped.rows[0]?.value);
    if (await work(trx, revision)) return notifyCatalogueChanged(database, trx, revision);
    // The row lock is still held, so no other writer saw or took this revision: giving it back is safe.
    await trx
      .updateTable('meta')
      .set({ value: String(revision - 1) })
      .where('key', '=', 'revision')
      .execute();
  });
}
