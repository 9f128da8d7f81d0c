/**
 * Changes to the catalogue's entries, the same for the console and the command line (docs/console.md,
 * "One path for every change"): import (with a dry run), removal, takedowns (with a dry run, and a reason
 * that is kept unless a new one is given). Each goes through the store's one write path, so every
 * instance, the search index, the caches and the ETags follow it as they follow any import; each writes
 * its audit rows in the change's own transaction (AuditLog.change), and once that has committed calls
 * `afterChange`, so the process that made the change serves it at once.
 */
import { readFile } from 'node:fs/promises';
import { CatalogueStore, type RemovalReport } from '../catalogue/catalogue-store.js';
import { type Takedown, type TakedownMatch, TakedownStore, takedownPatternProblem } from '../catalogue/takedowns.js';
import { type ImportFileOptions, type ImportReport, importRows } from '../ingest/import-file.js';
import { formatOfPath, type ImportFormat, readRows } from '../ingest/read-rows.js';
import { type Rejection, validateRows } from '../ingest/validate-rows.js';
import { type AuditLog, removalRecords } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

export interface ImportPreview {
  format: ImportFormat;
  /** Rows that would be imported (after the last row of a repeated link won). */
  valid: number;
  rejected: Rejection[];
}

export interface TakedownRequest {
  pattern: string;
  match: TakedownMatch;
  /** Undefined keeps the reason already recorded for this pattern. */
  reason?: string | undefined;
}

export class CatalogueOperations {
  private readonly takedowns: TakedownStore;

  constructor(
    store: CatalogueStore,
    private readonly audit: AuditLog,
    private readonly afterChange: () => Promise<void>,
  ) {
    this.takedowns = new TakedownStore(store.database);
  }

  /** What importing `text` would do, writing nothing: the console's dry run. */
  async previewImport(text: string): Promise<ImportPreview> {
    const { format, rows } = readable(text);
    const { entries, rejected } = validateRows(rows, { takedowns: await this.takedowns.matcher() });
    return { format, valid: entries.length, rejected };
  }

  /** Imports `text` (a file's contents); `name` is what the audit record says was imported. */
  async importText(actor: string, name: string, text: string, options: ImportFileOptions = {}): Promise<ImportReport> {
    const { format, rows } = readable(text, options.format);
    const report = await this.audit.change(
      actor,
      async (database) => ({ format, ...(await importRows(new CatalogueStore(database), rows, options)) }),
      (done) => [
        { action: 'import', target: name, detail: importDetail(done, options) },
        ...removalRecords(done.removedEntries, `import --replace ${name}`),
      ],
    );
    await this.afterChange();
    return report;
  }

  async importFile(actor: string, path: string, options: ImportFileOptions = {}): Promise<ImportReport> {
    return this.importText(actor, path, await readFile(path, 'utf8'), { ...options, format: options.format ?? formatOfPath(path) });
  }

  /** Removes entries by link; one audit row per entry removed, naming its title. */
  async remove(actor: string, links: string[]): Promise<RemovalReport> {
    const report = await this.audit.change(
      actor,
      (database) => new CatalogueStore(database).removeEntries(links),
      (done) => removalRecords(done.removedEntries),
    );
    if (report.removed.length > 0) await this.afterChange();
    return report;
  }

  /** How many entries a takedown would remove now, removing nothing (`--dry-run`, the console's first step). */
  async previewTakedown(pattern: string, match: TakedownMatch): Promise<number> {
    return this.takedowns.wouldRemove(checkedPattern(pattern), match);
  }

  /** Records a takedown and removes what it matches; returns how many entries it removed. */
  async takeDown(actor: string, request: TakedownRequest): Promise<number> {
    const pattern = checkedPattern(request.pattern);
    const reason = request.reason?.trim() || undefined;
    const { removed } = await this.audit.change(
      actor,
      async (database) => {
        const takedowns = new TakedownStore(database);
        const removed = await takedowns.add(pattern, reason, request.match, actor);
        return { removed, kept: (await takedowns.list()).find((row) => row.pattern === pattern)?.reason ?? '' };
      },
      ({ removed, kept }) => [
        { action: 'takedown add', target: pattern, detail: `${request.match}, removed ${removed}${kept ? `, reason: ${kept}` : ''}` },
      ],
    );
    await this.afterChange();
    return removed;
  }

  /** Lifts a takedown; refused when there is none with this pattern. */
  async liftTakedown(actor: string, pattern: string): Promise<void> {
    const clean = pattern.trim();
    await this.audit.change(
      actor,
      async (database) => {
        if (!(await new TakedownStore(database).remove(clean))) throw new OperationRefused(`no takedown "${clean}"`);
      },
      () => [{ action: 'takedown lift', target: clean }],
    );
  }

  listTakedowns(): Promise<Takedown[]> {
    return this.takedowns.list();
  }
}

/** An import's counts in one line, with how it was asked for (a replace, of a type). */
function importDetail(report: ImportReport, options: ImportFileOptions): string {
  const how = options.replace ? ` replace${options.type ? ` ${options.type}` : ''}` : '';
  const removed = options.replace ? `, removed ${report.removed}` : '';
  return `${report.format}${how}: added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}${removed}, rejected ${report.rejected.length}`;
}

/** The file's rows, or a refusal saying why it cannot be read at all (a broken JSON array). */
function readable(text: string, format?: ImportFormat): ReturnType<typeof readRows> {
  try {
    return readRows(text, undefined, format);
  } catch (error) {
    throw new OperationRefused((error as Error).message);
  }
}

function checkedPattern(pattern: string): string {
  const clean = pattern.trim();
  const problem = takedownPatternProblem(clean);
  if (problem) throw new OperationRefused(problem);
  return clean;
}
