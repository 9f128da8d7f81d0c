/** Seeds an empty database with the demo catalogue on `npm start`, and says so in the log. */
import { loadDemoRankings } from '../boards/demo/load-demo-rankings.js';
import type { Services } from '../services.js';
import { demoCatalogue } from './demo-catalogue.js';

export async function loadDemoData(
  services: Services,
  log: (message: string) => void = (message) => services.log.info(message),
): Promise<void> {
  await loadDemoRankings(services.rankings.boards, log);
  const { catalogue } = services;
  if ((await catalogue.store.count()) > 0) {
    log(`demo data not loaded: the database already holds ${catalogue.size} entries`);
    return;
  }
  const entries = demoCatalogue(catalogue.clock.localSeconds(new Date()));
  const counts = await catalogue.store.importEntries(entries);
  await services.links.queue.skipExisting(); // demo links are never checked (docs/link-health.md)
  await catalogue.refresh();
  log(`demo data loaded into the empty database: ${counts.added} catalogue entries`);
}
