/**
 * Why this exists: on a shared machine a whole run moves by 2× with the other processes' load, so two
 * engines are only comparable measured together. This loads the catalogue once into one view, builds the
 * engine of another checkout (its built `dist/`) and this one over it, and searches each keyword of the
 * cold-engine corpus (engine-cold.js writes it) with both, in alternating order, as a new keyword's first
 * request (page 1 and the exact total, no result cache), after a warm-up on other keywords. It reports per
 * class p50 / p99 / max of wall time and of the process's user CPU time, and counts the answers that differ.
 * With `cold` the CPU caches are evicted before each search, as the anchor does (outside-client.ts).
 * Usage: node dist/bench/experiments/engine-ab.js <other checkout> <catalogue.ndjson> <corpus.json> ['class|class…'] [cold]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { readCatalogueBatches } from '../catalogue-batches.js';
import { type Keyword, keywordCorpus } from '../keyword-corpus.js';
import { evictCaches } from '../outside-client.js';

const PAGE_LIMIT = 20;
const WARM_UP_PER_CLASS = 30;
type Engine = Pick<IndexedSearch, 'index' | 'prepare' | 'find' | 'findPage'>;
type Times = Map<string, number[]>;

async function main(
  otherCheckout: string,
  catalogueFile: string,
  corpusFile: string,
  classes: string[] | undefined,
  cold: boolean,
): Promise<void> {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  process.stdout.write(`load average at the start ${load()}\n`);
  const other = pathToFileURL(resolve(join(otherCheckout, 'dist/src/search/indexed-search.js'))).href;
  const { IndexedSearch: Before } = (await import(other)) as { IndexedSearch: new (options: object) => Engine };
  const engines: Record<'before' | 'after', Engine> = {
    before: new Before({ cachedResults: 0 }),
    after: new IndexedSearch({ cachedResults: 0 }),
  };
  const view = new CatalogueView();
  await readCatalogueBatches(catalogueFile, (batch) => {
    const slots = view.apply(batch);
    for (const engine of Object.values(engines)) engine.index(view, slots);
  });
  view.reorder();
  for (const [name, engine] of Object.entries(engines)) {
    engine.prepare(view);
    const started = performance.now();
    engine.find(view, 'qq');
    process.stdout.write(`${name}: first pinyin search ${(performance.now() - started).toFixed(0)} ms\n`);
  }
  const corpus = (JSON.parse(readFileSync(corpusFile, 'utf8')) as Keyword[]).filter(({ kind }) => !classes || classes.includes(kind));
  const measured = new Set(corpus.map(({ keyword }) => keyword));
  const titles = view.ordered({}).slice(0, 20_000);
  for (const { keyword } of keywordCorpus(
    Array.from(titles, (slot) => view.title(slot)),
    WARM_UP_PER_CLASS,
    99,
  )) {
    if (measured.has(keyword)) continue;
    for (const engine of Object.values(engines)) engine.findPage(view, keyword.normalize('NFKC').trim(), undefined, 0, PAGE_LIMIT);
  }
  const wall = { before: new Map(), after: new Map() } as Record<'before' | 'after', Times>;
  const cpu = { before: new Map(), after: new Map() } as Record<'before' | 'after', Times>;
  let differing = 0;
  corpus.forEach(({ keyword, kind }, at) => {
    const parsed = keyword.normalize('NFKC').trim();
    const answers: string[] = [];
    for (const name of at % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      if (cold) evictCaches();
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const page = engines[name].findPage(view, parsed, undefined, 0, PAGE_LIMIT);
      note(wall[name], kind, performance.now() - started);
      note(cpu[name], kind, process.cpuUsage(cpuStarted).user / 1000);
      answers.push(`${page.total}:${Array.from(page.slots).join()}`);
    }
    if (answers[0] !== answers[1]) differing++;
  });
  process.stdout.write(
    `answers differing: ${differing} of ${corpus.length}\n| class | wall before | wall after | CPU before | CPU after |\n|---|---|---|---|---|\n`,
  );
  for (const kind of new Set(corpus.map((keyword) => keyword.kind))) {
    const cells = [wall.before, wall.after, cpu.before, cpu.after].map((times) => quantiles(times.get(kind) ?? []));
    process.stdout.write(`| ${kind} | ${cells.join(' | ')} |\n`);
  }
  process.stdout.write(`load average at the end ${load()}\n`);
}

function note(times: Times, kind: string, ms: number): void {
  const list = times.get(kind) ?? [];
  if (list.length === 0) times.set(kind, list);
  list.push(ms);
}

/** p50 / p99 / max in ms. */
function quantiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(2);
  return `${at(0.5)} / ${at(0.99)} / ${at(1)}`;
}

const [otherCheckout, catalogueFile, corpusFile, classes, cold] = process.argv.slice(2);
if (!otherCheckout || !catalogueFile || !corpusFile)
  throw new Error('usage: engine-ab <other checkout> <catalogue.ndjson> <corpus.json> [classes]');
await main(otherCheckout, catalogueFile, corpusFile, classes?.split('|'), cold === 'cold');
