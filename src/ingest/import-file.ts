/**
 * Importing a file: read rows, validate each, drop earlier duplicates of a `source_link` (the last line
 * wins), then commit every valid row in one transaction. Rejects carry their line number and reason.
 */
import { readFile } from 'node:fs/promises';
import type { CatalogueStore, EntryInput, ImportCounts } from '../catalogue/catalogue-store.js';
import { type ImportFormat, readRows } from './read-rows.js';
import { validateEntry } from './validate-entry.js';

export interface Rejection {
  line: number;
  reason: string;
}

export interface ImportReport extends ImportCounts {
  format: ImportFormat;
  rejected: Rejection[];
}

export interface ImportProgress {
  start(total: number): void;
  update(done: number): void;
  stop(): void;
}

export async function importFile(store: CatalogueStore, path: string, progress?: ImportProgress): Promise<ImportReport> {
  const text = await readFile(path, 'utf8');
  return importText(store, text, progress);
}

export async function importText(store: CatalogueStore, text: string, progress?: ImportProgress): Promise<ImportReport> {
  const { format, rows } = readRows(text);
  const rejected: Rejection[] = [];
  const lineByLink = new Map<string, number>();
  const entries = new Map<string, EntryInput>();
  for (const row of rows) {
    const result = row.parseError ?? validateEntry(row.value);
    if (typeof result === 'string') {
      rejected.push({ line: row.line, reason: result });
      continue;
    }
    const earlier = lineByLink.get(result.source_link);
    if (earlier !== undefined) {
      rejected.push({ line: earlier, reason: `duplicate source_link, superseded by line ${row.line}` });
      entries.delete(result.source_link); // re-insert so the kept row takes its file position
    }
    lineByLink.set(result.source_link, row.line);
    entries.set(result.source_link, result);
  }
  rejected.sort((a, b) => a.line - b.line);
  const valid = [...entries.values()];
  progress?.start(valid.length);
  try {
    const counts = await store.importEntries(valid, (done) => progress?.update(done));
    return { format, ...counts, rejected };
  } finally {
    progress?.stop();
  }
}
