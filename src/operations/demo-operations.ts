/**
 * The audited half of `serve --demo` (src/demo/load-demo-data.ts): the demo catalogue goes into an empty
 * store through the catalogue's own import, with its `demo load` row in the same transaction, and the demo
 * boards, written by the boards' own loader, leave a row saying so. Both as `cli`, so the audit record
 * tells a seeded catalogue from an imported one (docs/console.md, "The audit record").
 */
import { CatalogueStore, type EntryInput, type ImportCounts } from '../catalogue/catalogue-store.js';
import { type AuditLog, CLI_ACTOR } from './audit-log.js';

export class DemoOperations {
  constructor(private readonly audit: AuditLog) {}

  /** Imports the demo entries; the row commits with them. */
  loadCatalogue(entries: EntryInput[]): Promise<ImportCounts> {
    return this.audit.change(
      CLI_ACTOR,
      (database) => new CatalogueStore(database).importEntries(entries),
      (done) => [{ action: 'demo load', target: 'catalogue', detail: `added ${done.added} entries` }],
    );
  }

  /** Records that the demo boards' snapshots were written. */
  async boardsLoaded(): Promise<void> {
    await this.audit.record(CLI_ACTOR, [{ action: 'demo load', target: 'ranking boards', detail: 'demo snapshots of every board' }]);
  }
}
