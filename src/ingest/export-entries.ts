/**
 * `dramadex export`: the catalogue (or one type) written out as NDJSON, CSV (csv-stringify, the same
 * family as the csv-parse that reads it back) or a JSON array, in the same four fields an import reads.
 * Streamed batch by batch from the store (store/entry-reader.ts), waiting whenever the output is full, so
 * a million entries never sit in memory at once. Entries come in id order, which is what makes
 * `import --replace` of the file serve identical answers (docs/lifecycle.md). CSV cells that a spreadsheet
 * would run as formulas are written as text (csv-formulas.ts).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { CatalogueStore, StoredEntry } from '../catalogue/catalogue-store.js';
import type { ContentType } from '../shared/content-types.js';
import { neutraliseCell } from './csv-formulas.js';
import type { ImportProgress } from './import-file.js';

export const EXPORT_FORMATS = ['ndjson', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const COLUMNS = ['title', 'source_link', 'type', 'update_time'] as const;

export interface ExportOptions {
  type?: ContentType | undefined;
  format: ExportFormat;
  progress?: ImportProgress | undefined;
  /** Hidden entries too (their links confirmed dead: docs/link-health.md); left out by default. */
  includeHidden?: boolean;
}

/** Writes every entry to `out` (not ended); returns how many. */
export async function exportEntries(store: CatalogueStore, out: Writable, options: ExportOptions): Promise<number> {
  const { format, progress } = options;
  progress?.start(await store.countOfType(options.type, options.includeHidden === true));
  let written = 0;
  // events.once rejects when the stream emits 'error' while waiting, so a failed output ends the export.
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    if (format === 'csv') await write(`${COLUMNS.join(',')}\n`);
    if (format === 'json') await write('[');
    await store.iterate({ type: options.type, includeHidden: options.includeHidden === true }, async (batch) => {
      await write(formatBatch(batch, format, written === 0));
      written += batch.length;
      progress?.update(written);
    });
    if (format === 'json') await write(written === 0 ? ']\n' : '\n]\n');
  } finally {
    progress?.stop();
  }
  return written;
}

function formatBatch(batch: StoredEntry[], format: ExportFormat, first: boolean): string {
  if (format === 'csv') return stringify(batch, { columns: [...COLUMNS], cast: { string: neutraliseCell } });
  const lines = batch.map((entry) =>
    JSON.stringify({ title: entry.title, source_link: entry.source_link, type: entry.type, update_time: entry.update_time }),
  );
  if (format === 'ndjson') return `${lines.join('\n')}\n`;
  return `${first ? '\n' : ',\n'}${lines.join(',\n')}`;
}
