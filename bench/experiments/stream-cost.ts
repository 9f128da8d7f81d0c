/**
 * Why this exists: the HTTP row "distinct searches" asks each corpus keyword once at a page 1–20
 * (traffic-paths.ts), and its rate is bound by the search worker's CPU per request. This runs the same
 * requests against the engine in one process, warm (as a worker is between requests), and reports the
 * CPU per class and per page band, so a change to the engine can be judged by what that row pays,
 * without the HTTP noise. `slow=N` lists the N costliest requests.
 * Usage: node dist/bench/experiments/stream-cost.js <catalogue.ndjson> <corpus.json> [slow=N]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { seededRandom } from '../../src/demo/seeded-random.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { readCatalogueBatches } from '../catalogue-batches.js';
import type { Keyword } from '../keyword-corpus.js';

const PAGE_LIMIT = 20;
/** As distinctSearches in traffic-paths.ts draws them. */
const SEARCH_PAGES = 20;
const PAGE_BANDS = [1, 2, 6, 11, 21];

interface Request {
  keyword: string;
  kind: string;
  page: number;
}

async function main(catalogueFile: string, corpusFile: string, slowest: number): Promise<void> {
  const engine = new IndexedSearch({});
  const view = new CatalogueView();
  await readCatalogueBatches(catalogueFile, (batch) => engine.index(view, view.apply(batch)));
  view.reorder();
  engine.prepare(view);
  while (engine.buildAhead());
  const corpus = JSON.parse(readFileSync(corpusFile, 'utf8')) as Keyword[];
  const next = seededRandom(1201);
  const requests: Request[] = corpus.map(({ keyword, kind }) => ({ keyword, kind, page: 1 + Math.floor(next() * SEARCH_PAGES) }));
  // Warm the code on the stream's last hundred (the bench keeps them out of the stream as its sample).
  for (const { keyword, page } of requests.splice(-100)) run(engine, view, keyword, page);
  process.stdout.write(`load average at the start ${loadavg()[0]?.toFixed(1)}\n`);
  const costs = requests.map(({ keyword, page }) => run(engine, view, keyword, page));
  const rows = new Map<string, number[]>();
  const add = (key: string, cost: number) => {
    const list = rows.get(key) ?? [];
    if (list.length === 0) rows.set(key, list);
    list.push(cost);
  };
  requests.forEach(({ kind, page }, at) => {
    const cost = costs[at] ?? 0;
    add('all', cost);
    add(kind, cost);
    const band = PAGE_BANDS.findIndex((start, index) => page >= start && page < (PAGE_BANDS[index + 1] ?? Infinity));
    add(`pages ${PAGE_BANDS[band]}–${(PAGE_BANDS[band + 1] ?? 0) - 1}`, cost);
  });
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  process.stdout.write('| requests | n | mean | p50 | p99 | share of CPU |\n|---|--:|--:|--:|--:|--:|\n');
  for (const [key, list] of rows) {
    const sum = list.reduce((a, b) => a + b, 0);
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const cells = [sum / list.length, at(0.5), at(0.99)].map((ms) => ms.toFixed(3));
    process.stdout.write(`| ${key} | ${list.length} | ${cells.join(' | ')} | ${((100 * sum) / total).toFixed(1)} % |\n`);
  }
  if (slowest > 0) {
    const order = costs.map((_, at) => at).sort((a, b) => (costs[b] ?? 0) - (costs[a] ?? 0));
    for (const at of order.slice(0, slowest)) {
      const { keyword, kind, page } = requests[at] as Request;
      process.stdout.write(`${(costs[at] ?? 0).toFixed(2)} ms  ${kind}  page ${page}  ${keyword}\n`);
    }
  }
  process.stdout.write(`load average at the end ${loadavg()[0]?.toFixed(1)}\n`);
}

/** CPU ms of one request: thread CPU, so a collection on another thread is not counted. */
function run(engine: IndexedSearch, view: CatalogueView, keyword: string, page: number): number {
  const started = process.cpuUsage();
  engine.findPage(view, keyword.normalize('NFKC').trim(), undefined, (page - 1) * PAGE_LIMIT, PAGE_LIMIT);
  return process.cpuUsage(started).user / 1000;
}

const [catalogueFile, corpusFile, slow] = process.argv.slice(2);
if (!catalogueFile || !corpusFile) throw new Error('usage: stream-cost <catalogue.ndjson> <corpus.json> [slow=N]');
await main(catalogueFile, corpusFile, Number(slow?.replace('slow=', '') ?? 0));
