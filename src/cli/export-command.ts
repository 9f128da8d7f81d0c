/** `dramadex export`: streams the catalogue to a file or standard output; a progress bar on a terminal. */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { CatalogueStore } from '../catalogue/catalogue-store.js';
import type { Config } from '../config/config.js';
import { EXPORT_FORMATS, type ExportFormat, exportEntries } from '../ingest/export-entries.js';
import type { ContentType } from '../shared/content-types.js';
import { CliError } from './errors.js';
import { terminalProgress } from './import-command.js';
import { withDatabase } from './with-database.js';

export interface ExportCommandOptions {
  type?: ContentType | undefined;
  format: string;
  output?: string | undefined;
  includeHidden?: boolean;
}

export async function exportCommand(config: Config, options: ExportCommandOptions): Promise<void> {
  const format = options.format.trim().toLowerCase() as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new CliError(`unknown format "${options.format}": use ndjson, csv or json`);
  // A file is written beside its name and renamed when complete, so a failed export never leaves half a backup.
  const partial = options.output === undefined ? undefined : `${options.output}.partial`;
  const out: Writable = partial === undefined ? process.stdout : createWriteStream(partial);
  if (partial !== undefined)
    await once(out, 'open').catch((error: Error) => Promise.reject(new CliError(`cannot write ${options.output}: ${error.message}`)));
  // A reader that stops early (`export | head`) closes the pipe: the export ends there, quietly, as `cat` does.
  const readerGone = partial === undefined ? readerLeaves(out) : undefined;
  try {
    const written = await withDatabase(config, async (database) => {
      const progress = process.stderr.isTTY ? terminalProgress('exporting', 'entries') : undefined;
      const exported = exportEntries(new CatalogueStore(database), out, {
        type: options.type,
        format,
        progress,
        includeHidden: options.includeHidden === true,
      });
      return readerGone ? Promise.race([exported, readerGone.promise]) : exported;
    });
    readerGone?.stop();
    if (written === READER_GONE) return;
    if (partial !== undefined && options.output !== undefined) {
      out.end();
      await once(out, 'finish');
      await rename(partial, options.output);
    }
    process.stderr.write(`exported ${written} entries (${format}) to ${options.output ?? 'standard output'}\n`);
  } catch (error) {
    readerGone?.stop();
    if (partial !== undefined) {
      out.destroy();
      await rm(partial, { force: true });
    }
    if (error instanceof CliError) throw error;
    throw new CliError(`export failed: ${(error as Error).message}`);
  }
}

const READER_GONE = Symbol('the reader closed the pipe');

/** Resolves when standard output's reader closes the pipe (EPIPE); any other output error rejects. */
function readerLeaves(out: Writable): { promise: Promise<typeof READER_GONE>; stop: () => void } {
  let onError: (error: NodeJS.ErrnoException) => void = () => {};
  const promise = new Promise<typeof READER_GONE>((resolve, reject) => {
    onError = (error) => (error.code === 'EPIPE' ? resolve(READER_GONE) : reject(new CliError(`cannot write: ${error.message}`)));
    out.on('error', onError);
  });
  // Once the export is over, a late EPIPE (the final flush) must not become an unhandled 'error' event.
  return { promise, stop: () => out.off('error', onError).on('error', () => {}) };
}
