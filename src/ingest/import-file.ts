/**
 * Importing a file: read rows, validate each (validate-rows.ts: the row rules, takedowns, the last row of a
 * link wins), then commit every valid row in one transaction; with `replace`, the same transaction removes
 * what the file does not hold (docs/lifecycle.md). Rejects carry their line number and reason.
 */
import { readFile } from 'node:fs/promises';
import type { CatalogueStore, ImportCounts } from '../catalogue/catalogue-store.js';
import { TakedownStore } from '../catalogue/takedowns.js';
import type { ContentType } from '../shared/content-types.js';
import { formatOfPath, type ImportFormat, type RawRow, readRows } from './read-rows.js';
import { type Rejection, validateRows } from './validate-rows.js';

export type { Rejection } from './validate-rows.js';

export interface ImportReport extends ImportCounts {
  format: ImportFormat;
  rejected: Rejection[];
}

export interface ImportProgress {
  start(total: number): void;
  update(done: number): void;
  stop(): void;
}

export interface ImportFileOptions {
  progress?: ImportProgress | undefined;
  /** Afterwards the catalogue (or `type`) holds exactly the file's valid rows. */
  replace?: boolean;
  type?: ContentType | undefined;
  /** Any rejected row fails the whole import: nothing is written (`import --strict`). */
  strict?: boolean;
  /** The file's format; by default its extension's, else guessed from its first character (read-rows.ts). */
  format?: ImportFormat | undefined;
}

/** `strict` and some rows were rejected: nothing was imported. */
export class RejectedRowsError extends Error {
  constructor(readonly rejected: Rejection[]) {
    super(`${rejected.length} ${rejected.length === 1 ? 'row was' : 'rows were'} rejected, so nothing was imported (--strict)`);
  }
}

/**
 * A replace from a file without one valid row (a wrong file, a CSV without the header) would empty the
 * catalogue by mistake; it is refused (`dramadex remove` empties on purpose).
 */
export class NothingValidError extends Error {}

export async function importFile(store: CatalogueStore, path: string, options: ImportFileOptions = {}): Promise<ImportReport> {
  const text = await readFile(path, 'utf8');
  return importText(store, text, { ...options, format: options.format ?? formatOfPath(path) });
}

export async function importText(store: CatalogueStore, text: string, options: ImportFileOptions = {}): Promise<ImportReport> {
  const { format, rows } = readRows(text, undefined, options.format);
  return { format, ...(await importRows(store, rows, options)) };
}

/**
 * Rows from anywhere (a file, a channel's messages) through the import rules and takedowns, then into the
 * catalogue in one transaction: the one path every source of rows shares, so caches, search and link
 * health follow each the same way.
 */
export async function importRows(
  store: CatalogueStore,
  rows: Iterable<RawRow>,
  options: ImportFileOptions = {},
): Promise<ImportCounts & { rejected: Rejection[] }> {
  const takedowns = await new TakedownStore(store.database).matcher();
  const { entries, rejected } = validateRows(rows, { takedowns, type: options.replace ? options.type : undefined });
  if (options.strict && rejected.length > 0) throw new RejectedRowsError(rejected);
  if (options.replace && entries.length === 0) {
    throw new NothingValidError(`it has no valid row (${rejected.length} rejected), so nothing was replaced`);
  }
  const { progress } = options;
  progress?.start(entries.length);
  try {
    const counts = await store.importEntries(entries, {
      replace: options.replace,
      type: options.type,
      onProgress: (done) => progress?.update(done),
    });
    return { ...counts, rejected };
  } finally {
    progress?.stop();
  }
}
