/**
 * Durable catalogue entries behind the dialect seam. Imports are atomic (one transaction) and bump a
 * revision number, so every running instance can load just the entries that changed since it looked.
 */
import { sql } from 'kysely';
import type { Database } from '../store/database.js';
import type { ContentType } from './content-types.js';

export interface EntryInput {
  title: string;
  source_link: string;
  type: ContentType;
  update_time: string;
}

export interface StoredEntry extends EntryInput {
  id: number;
}

export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

const BATCH = 400; // 4 columns × 400 rows stays far below every driver's bound-parameter limit
const LOAD_BATCH = 50_000;
const NOTHING_CHANGED = Symbol('nothing changed');

export class CatalogueStore {
  constructor(private readonly database: Database) {}

  /** Bumps whenever an import adds or changes an entry. */
  async revision(): Promise<number> {
    const row = await this.database.db.selectFrom('meta').select('value').where('key', '=', 'revision').executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  /** Entries changed after `sinceRevision` (all of them for 0), handed over in id order and batches. */
  async loadSince(sinceRevision: number, onBatch: (batch: StoredEntry[]) => void): Promise<void> {
    let lastId = 0;
    for (;;) {
      const rows = await this.database.db
        .selectFrom('entries')
        .select(['id', 'title', 'source_link', 'type', 'update_time'])
        .where('revision', '>', sinceRevision)
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(LOAD_BATCH)
        .execute();
      if (rows.length === 0) return;
      onBatch(rows.map((row) => ({ ...row, id: Number(row.id), type: row.type as ContentType })));
      lastId = Number(rows[rows.length - 1]?.id);
    }
  }

  /** Adds or updates entries by `source_link` in one transaction: all of them are stored, or none. */
  async importEntries(entries: EntryInput[], onProgress?: (done: number) => void): Promise<ImportCounts> {
    const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0 };
    await this.database.db
      .transaction()
      .execute(async (trx) => {
        // Bumping first takes the row lock, so concurrent imports get distinct, commit-ordered revisions.
        const bumped = await sql<{ value: string }>`update meta set value = cast(cast(value as integer) + 1 as text)
        where key = 'revision' returning value`.execute(trx);
        const revision = Number(bumped.rows[0]?.value);
        for (let start = 0; start < entries.length; start += BATCH) {
          const batch = entries.slice(start, start + BATCH);
          const existing = await trx
            .selectFrom('entries')
            .select(['title', 'source_link', 'type', 'update_time'])
            .where(
              'source_link',
              'in',
              batch.map((entry) => entry.source_link),
            )
            .execute();
          const byLink = new Map(existing.map((row) => [row.source_link, row]));
          const changed = batch.filter((entry) => {
            const old = byLink.get(entry.source_link);
            if (!old) return ++counts.added > 0;
            const same = old.title === entry.title && old.type === entry.type && old.update_time === entry.update_time;
            if (same) counts.unchanged++;
            else counts.updated++;
            return !same;
          });
          if (changed.length > 0) {
            await trx
              .insertInto('entries')
              .values(changed.map((entry) => ({ ...entry, revision })))
              .onConflict((conflict) =>
                conflict.column('source_link').doUpdateSet((eb) => ({
                  title: eb.ref('excluded.title'),
                  type: eb.ref('excluded.type'),
                  update_time: eb.ref('excluded.update_time'),
                  revision: eb.ref('excluded.revision'),
                })),
              )
              .execute();
          }
          onProgress?.(Math.min(start + BATCH, entries.length));
        }
        // Nothing changed: undo the bump so instances do not reload for nothing.
        if (counts.added + counts.updated === 0) throw NOTHING_CHANGED;
      })
      .catch((error: unknown) => {
        if (error !== NOTHING_CHANGED) throw error;
      });
    return counts;
  }

  async count(): Promise<number> {
    const row = await this.database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A real round trip to the store, for the health check. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.database.db);
  }
}
