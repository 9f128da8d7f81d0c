/**
 * Why this exists: on a shared machine whole runs move by 2x with the load, so a change to the engine is
 * timed against the engine before it in one process: both index one catalogue view, and each keyword of
 * the corpus (engine-cold.ts writes it) is searched cold by both, in alternating order, as a new keyword's
 * first request (page 1 and the exact total); their answers are compared. The engine before is a copy of
 * an earlier `dist/` (e.g. `cp -r dist .bench/old/`). Usage: node dist/bench/engine-ab.js
 * <catalogue.ndjson> <corpus.json> <old dist dir> [class,class…] [keywords per class]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { CatalogueView } from '../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../src/search/indexed-search.js';
import { catalogueBatches } from './catalogue-batches.js';
import type { Keyword } from './keyword-corpus.js';

type Engine = Pick<IndexedSearch, 'index' | 'prepare' | 'findPage' | 'find' | 'memory'>;

const PAGE_LIMIT = 20;
const BATCH = 50_000;

async function main(catalogueFile: string, corpusFile: string, oldDist: string, classes?: string, perClass?: string): Promise<void> {
  const { IndexedSearch: OldSearch } = (await import(resolve(oldDist, 'src/search/indexed-search.js'))) as {
    IndexedSearch: new (options: { cachedResults: number }) => Engine;
  };
  const view = new CatalogueView();
  const engines: Engine[] = [new OldSearch({ cachedResults: 0 }), new IndexedSearch({ cachedResults: 0 })];
  for await (const batch of catalogueBatches(catalogueFile, BATCH)) {
    const slots = view.apply(batch);
    for (const engine of engines) engine.index(view, slots);
  }
  view.reorder();
  // Each build timed on its own (index() only notes the slots: prepare() folds and posts), with its size.
  const builds = engines.map((engine) => {
    const before = performance.now();
    engine.prepare(view);
    return `${(performance.now() - before).toFixed(0)} ms, ${(engine.memory.total / 2 ** 20).toFixed(1)} MB`;
  });

  const wanted = classes ? new Set(classes.split(',')) : undefined;
  const limit = Number(perClass ?? Number.POSITIVE_INFINITY);
  const taken = new Map<string, number>();
  const corpus = (JSON.parse(readFileSync(corpusFile, 'utf8')) as Keyword[]).filter(({ kind }) => {
    if (wanted && !wanted.has(kind)) return false;
    taken.set(kind, (taken.get(kind) ?? 0) + 1);
    return (taken.get(kind) as number) <= limit;
  });
  // Warm-up: the search loops of both compiled, on the last keywords (timed again below, cold by then).
  for (const { keyword } of corpus.slice(-200))
    for (const engine of engines) engine.findPage(view, keyword.normalize('NFKC').trim(), undefined, 0, PAGE_LIMIT);

  const load = loadavg()[0]?.toFixed(1);
  const times = new Map<string, [number[], number[]]>();
  let differing = 0;
  for (const [index, { keyword, kind }] of corpus.entries()) {
    const parsed = keyword.normalize('NFKC').trim();
    const spent = [0, 0];
    const pages: string[] = ['', ''];
    for (const which of index % 2 === 0 ? [0, 1] : [1, 0]) {
      const before = performance.now();
      const page = (engines[which] as Engine).findPage(view, parsed, undefined, 0, PAGE_LIMIT);
      spent[which] = performance.now() - before;
      pages[which] = `${page.total}:${page.slots.join(',')}`;
    }
    if (pages[0] !== pages[1]) {
      differing++;
      if (differing <= 5)
        process.stderr.write(`different answers for ${JSON.stringify(keyword)}: ${pages[0]?.slice(0, 80)} / ${pages[1]?.slice(0, 80)}\n`);
    }
    if (!times.has(kind)) times.set(kind, [[], []]);
    const [old, now] = times.get(kind) as [number[], number[]];
    old.push(spent[0] as number);
    now.push(spent[1] as number);
  }
  const figures = (measured: number[]) => {
    measured.sort((a, b) => a - b);
    const at = (q: number) => measured[Math.min(measured.length - 1, Math.floor(q * measured.length))] ?? Number.NaN;
    return `${at(0.5).toFixed(2)} / ${at(0.99).toFixed(1)} / ${at(1).toFixed(1)}`;
  };
  process.stdout.write(
    `load ${load} -> ${loadavg()[0]?.toFixed(1)}; ${corpus.length} keywords; ${differing} answers differ; build before ${builds[0]}, after ${builds[1]}\n`,
  );
  process.stdout.write('| class | keywords | before p50 / p99 / max | after p50 / p99 / max |\n|---|---:|---|---|\n');
  for (const [kind, [old, now]] of times) process.stdout.write(`| ${kind} | ${old.length} | ${figures(old)} | ${figures(now)} |\n`);
}

const [catalogueFile, corpusFile, oldDist, classes, perClass] = process.argv.slice(2);
if (!catalogueFile || !corpusFile || !oldDist)
  throw new Error('usage: engine-ab <catalogue.ndjson> <corpus.json> <old dist dir> [classes] [per class]');
await main(catalogueFile, corpusFile, oldDist, classes, perClass);
