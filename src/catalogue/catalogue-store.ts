/**
 * Durable catalogue entries behind the dialect seam. Every write (import, replace, removal) is atomic (one
 * transaction) and bumps a revision number, so every running instance can load just the entries that
 * changed, and drop just those removed, since it looked (docs/lifecycle.md).
 */

import type { Transaction } from 'kysely';
import type { ContentType } from '../shared/content-types.js';
import { changeCatalogue } from '../store/catalogue-change.js';
import type { ChangeFeed } from '../store/change-feed.js';
import { watchCatalogueChanges } from '../store/change-feed.js';
import type { Database } from '../store/database.js';
import { type EntryFilter, type RawEntry, readEntries } from '../store/entry-reader.js';
import { type RemovedEntry, removeLinks } from '../store/entry-removal.js';
import { type EntryRow, UPSERT_BATCH, type UpsertCounts, upsertEntries } from '../store/entry-upsert.js';
import type { Schema } from '../store/schema.js';
import { stagedAfter, unstagedLinks } from '../store/staged-entries.js';

export type { RemovedEntry } from '../store/entry-removal.js';

export type EntryInput = EntryRow<ContentType>;

export interface StoredEntry extends EntryInput {
  id: number;
}

export interface ImportCounts extends UpsertCounts {
  /** Entries a replace deleted (0 for a plain import). */
  removed: number;
  /** Which ones, for the audit record (operations/catalogue-operations.ts). */
  removedEntries: RemovedEntry[];
}

export interface ImportOptions {
  /** Afterwards the catalogue (or `type`) holds exactly these entries. */
  replace?: boolean;
  type?: ContentType | undefined;
  onProgress?: (done: number) => void;
}

export interface RemovalReport {
  removed: string[];
  /** The removed entries with their titles, for the audit record. */
  removedEntries: RemovedEntry[];
  notFound: string[];
}

const REMOVE_BATCH = 5_000;

function toEntries(rows: RawEntry[]): StoredEntry[] {
  const batch = new Array<StoredEntry>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const [id, title, source_link, type, update_time] = rows[i] as RawEntry;
    batch[i] = { id, title, source_link, type: type as ContentType, update_time };
  }
  return batch;
}

/**
 * The links stored now (of `type`) that `entries` lacks: what a replace removes. Compared in memory (one
 * read of the links, a Set of the file's) rather than through a temporary table of kept links, which
 * wrote and indexed every link of the file a second time; a replace into an empty type now costs what an
 * import costs.
 */
async function linksNotIn(trx: Transaction<Schema>, type: ContentType | undefined, entries: EntryInput[]): Promise<string[]> {
  let query = trx.selectFrom('entries').select('source_link');
  if (type) query = query.where('type', '=', type);
  const stored = await query.execute();
  if (stored.length === 0) return [];
  const kept = new Set(entries.map((entry) => entry.source_link));
  return stored.map((row) => row.source_link).filter((link) => !kept.has(link));
}

export class CatalogueStore {
  constructor(readonly database: Database) {}

  /** Bumps whenever a write adds, changes or removes an entry. */
  async revision(): Promise<number> {
    const row = await this.database.db.selectFrom('meta').select('value').where('key', '=', 'revision').executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  /** Entries changed after `sinceRevision` (all of them for 0), handed over in id order and batches. */
  loadSince(sinceRevision: number, onBatch: (batch: StoredEntry[]) => void): Promise<void> {
    return readEntries(this.database, { sinceRevision }, (rows) => onBatch(toEntries(rows)));
  }

  /** Every entry (of a type), in id order and batches; waits for `onBatch` before handing over the next. */
  iterate(filter: Pick<EntryFilter, 'type' | 'includeHidden'>, onBatch: (batch: StoredEntry[]) => void | Promise<void>): Promise<void> {
    return readEntries(this.database, filter, (rows) => onBatch(toEntries(rows)));
  }

  /** Ids of the entries removed after `sinceRevision`. */
  async removedSince(sinceRevision: number): Promise<number[]> {
    const rows = await this.database.db.selectFrom('removed_entries').select('entry_id').where('revision', '>', sinceRevision).execute();
    return rows.map((row) => row.entry_id);
  }

  /**
   * Adds or updates entries by `source_link` in one transaction: all of them are stored, or none; with
   * `replace`, entries (of `type`) not among them are removed in the same transaction. A link given twice
   * is applied in order, so its last occurrence wins (counts are exact for unique links, which the ingest
   * guarantees). On PostgreSQL the commit also notifies every listening instance (store/change-feed.ts).
   */
  async importEntries(entries: EntryInput[], options: ImportOptions = {}): Promise<ImportCounts> {
    const { dialect } = this.database;
    const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0, removed: 0, removedEntries: [] };
    await changeCatalogue(this.database, async (trx, revision) => {
      Object.assign(counts, { added: 0, updated: 0, unchanged: 0, removed: 0, removedEntries: [] });
      if (options.replace) {
        // Read inside the transaction, after the revision lock: no other write can slip in between.
        const unkept = await linksNotIn(trx, options.type, entries);
        for (let start = 0; start < unkept.length; start += REMOVE_BATCH) {
          counts.removedEntries.push(...(await removeLinks(dialect, trx, unkept.slice(start, start + REMOVE_BATCH), revision)));
        }
      }
      const batchSize = UPSERT_BATCH[dialect];
      for (let start = 0; start < entries.length; start += batchSize) {
        const batch = await upsertEntries(dialect, trx, entries.slice(start, start + batchSize), revision);
        counts.added += batch.added;
        counts.updated += batch.updated;
        counts.unchanged += batch.unchanged;
        options.onProgress?.(Math.min(start + batchSize, entries.length));
      }
      counts.removed = counts.removedEntries.length;
      return counts.added + counts.updated + counts.removed > 0;
    });
    return counts;
  }

  /**
   * Makes `type` hold exactly the rows staged under `run` (store/staged-entries.ts), in one transaction:
   * what a replace does, for a dump too large to hold in memory. Read back and applied in batches.
   */
  async replaceFromStaged(run: string, type: ContentType, onProgress?: (done: number) => void): Promise<ImportCounts> {
    const { dialect } = this.database;
    const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0, removed: 0, removedEntries: [] };
    await changeCatalogue(this.database, async (trx, revision) => {
      Object.assign(counts, { added: 0, updated: 0, unchanged: 0, removed: 0, removedEntries: [] });
      for (let afterId = 0; ; ) {
        const unkept = await unstagedLinks(trx, run, type, afterId, REMOVE_BATCH);
        if (unkept.links.length > 0) counts.removedEntries.push(...(await removeLinks(dialect, trx, unkept.links, revision)));
        if (unkept.links.length < REMOVE_BATCH) break;
        afterId = unkept.lastId;
      }
      for (let afterSeq = -1, done = 0; ; ) {
        const batch = await stagedAfter(trx, run, afterSeq, UPSERT_BATCH[dialect]);
        if (batch.rows.length === 0) break;
        const written = await upsertEntries(dialect, trx, batch.rows, revision);
        counts.added += written.added;
        counts.updated += written.updated;
        counts.unchanged += written.unchanged;
        done += batch.rows.length;
        onProgress?.(done);
        afterSeq = batch.lastSeq;
      }
      counts.removed = counts.removedEntries.length;
      return counts.added + counts.updated + counts.removed > 0;
    });
    return counts;
  }

  /** Deletes entries by link in one transaction; says which were there and which were not. */
  async removeEntries(links: string[]): Promise<RemovalReport> {
    const unique = [...new Set(links)];
    const removedEntries: RemovedEntry[] = [];
    await changeCatalogue(this.database, async (trx, revision) => {
      removedEntries.length = 0;
      for (let start = 0; start < unique.length; start += REMOVE_BATCH) {
        removedEntries.push(...(await removeLinks(this.database.dialect, trx, unique.slice(start, start + REMOVE_BATCH), revision)));
      }
      return removedEntries.length > 0;
    });
    const removed = removedEntries.map((entry) => entry.link);
    const gone = new Set(removed);
    return { removed, removedEntries, notFound: unique.filter((link) => !gone.has(link)) };
  }

  /** Entries served (hidden ones are not: docs/link-health.md). */
  async count(): Promise<number> {
    const row = await this.database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hidden', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countOfType(type: ContentType | undefined, includeHidden = false): Promise<number> {
    let query = this.database.db.selectFrom('entries').select((eb) => eb.fn.countAll<number>().as('n'));
    if (!includeHidden) query = query.where('hidden', '=', 0);
    if (type) query = query.where('type', '=', type);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** A real round trip to the store, for the health check; never waits for a hung server for long. */
  ping(): Promise<void> {
    return this.database.ping();
  }

  /** Calls `onChange` soon after any process commits a write (PostgreSQL; on SQLite only polling tells). */
  watchChanges(onChange: () => void): Promise<ChangeFeed> {
    return watchCatalogueChanges(this.database, onChange);
  }
}
