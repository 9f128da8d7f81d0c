/** `dramadex import <file>`: validates, commits atomically, reports rejects by line and the counts. */
import { access } from 'node:fs/promises';
import { SingleBar } from 'cli-progress';
import { CatalogueStore } from '../catalogue/catalogue-store.js';
import type { Config } from '../config.js';
import { type ImportProgress, importFile } from '../ingest/import-file.js';
import { CliError } from './errors.js';
import { openCommandDatabase } from './with-database.js';

export async function importCommand(config: Config, file: string): Promise<void> {
  await access(file).catch(() => {
    throw new CliError(`cannot read ${file}`);
  });
  const database = await openCommandDatabase(config);
  try {
    const report = await importFile(new CatalogueStore(database), file, process.stderr.isTTY ? terminalProgress() : undefined).catch(
      (error: Error) => {
        throw new CliError(`import of ${file} failed: ${error.message}`);
      },
    );
    for (const { line, reason } of report.rejected) process.stderr.write(`line ${line}: ${reason}\n`);
    process.stdout.write(
      `imported ${file} (${report.format}): added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}, rejected ${report.rejected.length}\n`,
    );
  } finally {
    await database.close();
  }
}

function terminalProgress(): ImportProgress {
  const bar = new SingleBar({ format: 'importing [{bar}] {percentage}% {value}/{total} rows', stream: process.stderr });
  return { start: (total) => bar.start(total, 0), update: (done) => bar.update(done), stop: () => bar.stop() };
}
