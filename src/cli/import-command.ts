/**
 * `dramadex import <file> [--replace [--type <type>]]`: validates, commits atomically, reports rejects by
 * line and the counts (removed too, for a replace).
 */
import { access } from 'node:fs/promises';
import { SingleBar } from 'cli-progress';
import type { Config } from '../config/config.js';
import { type ImportProgress, RejectedRowsError } from '../ingest/import-file.js';
import { IMPORT_FORMATS, type ImportFormat } from '../ingest/read-rows.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import type { ContentType } from '../shared/content-types.js';
import { CliError } from './errors.js';
import { withOperations } from './with-database.js';

export interface ImportCommandOptions {
  replace?: boolean;
  strict?: boolean;
  type?: ContentType | undefined;
  /** `--format` as given; checked here. */
  format?: string | undefined;
}

export async function importCommand(config: Config, file: string, options: ImportCommandOptions = {}): Promise<void> {
  const format = options.format?.trim().toLowerCase() as ImportFormat | undefined;
  if (format !== undefined && !IMPORT_FORMATS.includes(format))
    throw new CliError(`unknown format "${options.format}": use ndjson, csv or json`);
  await access(file).catch(() => {
    throw new CliError(`cannot read ${file}`);
  });
  await withOperations(
    config,
    async (operations) => {
      const progress = process.stderr.isTTY ? terminalProgress() : undefined;
      const report = await operations.catalogue.importFile(CLI_ACTOR, file, { ...options, format, progress }).catch((error: Error) => {
        if (error instanceof RejectedRowsError)
          for (const { line, reason } of error.rejected) process.stderr.write(`line ${line}: ${reason}\n`);
        throw new CliError(`import of ${file} failed: ${error.message}`);
      });
      for (const { line, reason } of report.rejected) process.stderr.write(`line ${line}: ${reason}\n`);
      const removed = options.replace ? `, removed ${report.removed}` : '';
      process.stdout.write(
        `imported ${file} (${report.format}): added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}${removed}, rejected ${report.rejected.length}\n`,
      );
    },
    { mayCreate: true },
  );
}

/** A bar on standard error, only on a terminal (scripts and logs get the summary line alone). */
export function terminalProgress(label = 'importing', unit = 'rows'): ImportProgress {
  const bar = new SingleBar({ format: `${label} [{bar}] {percentage}% {value}/{total} ${unit}`, stream: process.stderr });
  return { start: (total) => bar.start(total, 0), update: (done) => bar.update(done), stop: () => bar.stop() };
}
