/**
 * Seeds an empty database with the demo catalogue and demo boards on `npm start`, and says so in the log
 * and in the audit record (operations/demo-operations.ts: a `demo load` row as `cli`, committed with the
 * catalogue's entries), so the record tells a seeded catalogue from an imported one.
 * The demo content is data, not code: src/demo/content/ holds it as JSON, copied by the build beside the
 * compiled module and read from there (shared/source-files.ts), as the web page's templates are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoLists } from '../boards/demo/demo-rankings.js';
import { loadDemoRankings } from '../boards/demo/load-demo-rankings.js';
import { createOperations } from '../operations/operations.js';
import type { Services } from '../services.js';
import { sourceFile } from '../shared/source-files.js';
import { type DemoCatalogueParts, demoCatalogue } from './demo-catalogue.js';

const CONTENT_DIRECTORY = sourceFile(import.meta.url, 'content');

function demoFile<T>(name: string): T {
  return JSON.parse(readFileSync(join(CONTENT_DIRECTORY, name), 'utf8')) as T;
}

export async function loadDemoData(
  services: Services,
  log: (message: string) => void = (message) => services.log.info(message),
): Promise<void> {
  const { demo } = createOperations({ config: services.config, database: services.database });
  if (await loadDemoRankings(services.rankings.boards, demoFile<DemoLists>('demo-boards.json'), log)) await demo.boardsLoaded();
  const { catalogue } = services;
  if ((await catalogue.store.count()) > 0) {
    log(`demo data not loaded: the database already holds ${catalogue.size} entries`);
    return;
  }
  const entries = demoCatalogue(demoFile<DemoCatalogueParts>('demo-catalogue.json'), catalogue.clock.localSeconds(new Date()));
  const counts = await demo.loadCatalogue(entries);
  await services.links.queue.skipExisting(); // demo links are never checked (docs/link-health.md)
  await catalogue.refresh();
  log(`demo data loaded into the empty database: ${counts.added} catalogue entries`);
}
