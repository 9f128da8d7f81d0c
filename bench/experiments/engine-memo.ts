/**
 * Why this exists: issue 27 asks what each memo layer of a search is worth. The engine's two (the result
 * cache, search/result-cache.ts, and the term-holder cache, rank/term-cache.ts) are measured here in one
 * process over one view: three engines (both layers, no result cache, no term cache) answer the same
 * requests in rotating order, and each one's CPU time per request is summed per kind of traffic: distinct
 * first pages (every class of keyword-corpus.ts), the next pages of a keyword just asked (a client paging),
 * and a first page asked again (a replay the response cache did not answer). The HTTP layers sit above the
 * worker and are counted per request with bench/experiments/request-instructions.sh instead.
 * Usage: node dist/bench/experiments/engine-memo.js <catalogue.ndjson>
 */
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { readCatalogueBatches } from '../catalogue-batches.js';
import { keywordCorpus } from '../keyword-corpus.js';

const PAGE = 20;
const ENGINES = {
  'both layers': { cachedResults: 16 },
  'no result cache': { cachedResults: 0 },
  'no term cache': { cachedResults: 16, termCacheMin: 2 ** 31 },
} as const;
type Name = keyof typeof ENGINES;
const TRAFFIC = ['distinct first pages', 'distinct several-term first pages', 'next pages (2 and 3)', 'first page again'] as const;
type Traffic = (typeof TRAFFIC)[number];

async function main(catalogueFile: string): Promise<void> {
  const view = new CatalogueView();
  const names = Object.keys(ENGINES) as Name[];
  const engines = new Map(names.map((name) => [name, new IndexedSearch(ENGINES[name])]));
  await readCatalogueBatches(catalogueFile, (batch) => {
    const slots = view.apply(batch);
    for (const engine of engines.values()) engine.index(view, slots);
  });
  view.reorder();
  for (const engine of engines.values()) engine.prepare(view);
  const texts = Array.from(view.ordered({}).slice(0, 200_000), (slot) => view.title(slot));
  for (const { keyword } of keywordCorpus(texts.slice(0, 20_000), 30, 99))
    for (const engine of engines.values()) engine.findPage(view, keyword.normalize('NFKC').trim(), undefined, 0, PAGE);

  const spent = new Map(names.map((name) => [name, new Map<Traffic, [number, number]>(TRAFFIC.map((kind) => [kind, [0, 0]]))]));
  const cellOf = (name: Name, kind: Traffic) => spent.get(name)?.get(kind) ?? [0, 0];
  const time = (name: Name, kind: Traffic, ask: (engine: IndexedSearch) => void) => {
    const engine = engines.get(name) as IndexedSearch;
    const started = process.cpuUsage();
    ask(engine);
    const cell = cellOf(name, kind);
    cell[0] += process.cpuUsage(started).user;
    cell[1]++;
  };
  const corpus = keywordCorpus(texts, 300, 5);
  corpus.forEach(({ keyword, kind }, at) => {
    const parsed = keyword.normalize('NFKC').trim();
    const first: Traffic = kind === '2-6 terms' ? 'distinct several-term first pages' : 'distinct first pages';
    // Each keyword's requests rotate over the engines, so the machine's drift falls on all three alike.
    const order = names.map((_, index) => names[(index + at) % names.length] as Name);
    for (const name of order) {
      time(name, first, (engine) => engine.findPage(view, parsed, undefined, 0, PAGE));
      time(name, 'next pages (2 and 3)', (engine) => {
        engine.findPage(view, parsed, undefined, PAGE, PAGE);
        engine.findPage(view, parsed, undefined, 2 * PAGE, PAGE);
      });
      time(name, 'first page again', (engine) => engine.findPage(view, parsed, undefined, 0, PAGE));
    }
  });
  process.stdout.write(`| traffic (${corpus.length} keywords) | ${names.join(' | ')} |\n|---|${names.map(() => '--:').join('|')}|\n`);
  for (const kind of TRAFFIC) {
    const cells = names.map((name) => {
      const [micros, count] = cellOf(name, kind);
      return `${(micros / Math.max(1, count)).toFixed(0)} µs`;
    });
    process.stdout.write(`| ${kind} | ${cells.join(' | ')} |\n`);
  }
}

const [catalogueFile] = process.argv.slice(2);
if (!catalogueFile) throw new Error('usage: engine-memo <catalogue.ndjson>');
await main(catalogueFile);
