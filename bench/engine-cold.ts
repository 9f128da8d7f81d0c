/**
 * Why this exists: the cold cost of a search is the engine's, not HTTP's, and a replayed keyword never
 * reaches the engine. This child process of the bench loads the generated catalogue into the catalogue
 * view and the indexed engine (no result cache), draws the keyword corpus (keyword-corpus.ts) from its
 * titles, writes it for the HTTP scenarios, and times one search per keyword as a new keyword's first
 * request makes it, page 1 and the exact total (after a warm-up on other keywords, as a running server
 * is warm), reporting per class the median, p99 and max. Usage: node dist/bench/engine-cold.js <catalogue.ndjson> <corpus.json>
 */
import { writeFileSync } from 'node:fs';
import { CatalogueView } from '../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../src/search/indexed-search.js';
import { readCatalogueBatches } from './catalogue-batches.js';
import { KEYWORD_CLASSES, type KeywordClass, keywordCorpus } from './keyword-corpus.js';

export interface ClassTimes {
  kind: KeywordClass;
  keywords: number;
  p50: number;
  p99: number;
  max: number;
  /** The slowest keyword of the class. */
  slowest: string;
}

export interface ColdReport {
  buildMs: number;
  /** The first Latin keyword after the pinyin-pair lists, which the worker builds in slices after a build (docs/search.md). */
  firstPinyinMs: number;
  keywords: number;
  classes: ClassTimes[];
}

/** A new keyword's first request asks for page 1 (the API's default limit): its total and 20 slots. */
const PAGE_LIMIT = 20;
const WARM_UP_PER_CLASS = 30;

async function main(catalogueFile: string, corpusFile: string): Promise<void> {
  const view = new CatalogueView();
  const engine = new IndexedSearch({ cachedResults: 0 });
  const started = performance.now();
  await readCatalogueBatches(catalogueFile, (batch) => engine.index(view, view.apply(batch)));
  view.reorder();
  engine.prepare(view);
  const buildMs = performance.now() - started;

  const titles = view.ordered({}).slice(0, 200_000);
  const corpus = keywordCorpus(Array.from(titles, (slot) => view.title(slot)));
  writeFileSync(corpusFile, JSON.stringify(corpus));

  // As the search worker does between searches after a build.
  while (engine.buildAhead());
  const pinyinStarted = performance.now();
  engine.find(view, 'qq');
  const firstPinyinMs = performance.now() - pinyinStarted;
  // A running server has compiled its search loops long ago: warm them up on keywords of another draw.
  const measured = new Set(corpus.map(({ keyword }) => keyword));
  for (const { keyword } of keywordCorpus(
    Array.from(titles.subarray(0, 20_000), (slot) => view.title(slot)),
    WARM_UP_PER_CLASS,
    99,
  )) {
    if (!measured.has(keyword)) engine.findPage(view, keyword.normalize('NFKC').trim(), undefined, 0, PAGE_LIMIT);
  }

  const times = new Map<KeywordClass, Array<[number, string]>>(KEYWORD_CLASSES.map((kind) => [kind, []]));
  for (const { keyword, kind } of corpus) {
    // As the route hands it over (query-params.ts): NFKC and trimmed.
    const parsed = keyword.normalize('NFKC').trim();
    const before = performance.now();
    engine.findPage(view, parsed, undefined, 0, PAGE_LIMIT);
    times.get(kind)?.push([performance.now() - before, keyword]);
  }
  const classes = [...times].map(([kind, measured]) => {
    measured.sort((a, b) => a[0] - b[0]);
    const at = (q: number) => measured[Math.min(measured.length - 1, Math.floor(q * measured.length))]?.[0] ?? Number.NaN;
    return { kind, keywords: measured.length, p50: at(0.5), p99: at(0.99), max: at(1), slowest: measured.at(-1)?.[1] ?? '' };
  });
  const report: ColdReport = { buildMs, firstPinyinMs, keywords: corpus.length, classes };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

const [catalogueFile, corpusFile] = process.argv.slice(2);
if (!catalogueFile || !corpusFile) throw new Error('usage: engine-cold <catalogue.ndjson> <corpus.json>');
await main(catalogueFile, corpusFile);
