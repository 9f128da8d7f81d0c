/**
 * Why this exists: issue 33's cheap classes (1 char, 2 chars, no match) cost more than tantivy-tiers in
 * the cold harness, and no stage of a search is visibly large. This times each stage of one
 * `IndexedSearch.findPage` (parse, prepare, plan, first matches or search and answer, the page) per
 * keyword, cold as the anchor times it (outside-client.ts `evictCaches` before each) and warm, and prints
 * each stage's p50 / p99 per class (µs), and the slowest cold keywords with their plan, to show where a
 * cheap search's time goes. `whole` is a keyword's first search, `again` the same search once more (cold
 * too): a gap between them is work done once per keyword, such as a unit's first fold (text-forms.ts) or
 * a term cache's fill, not per search. It found the two costs issue 33's cheap classes paid most.
 * Usage: node dist/bench/experiments/search-stages.js <catalogue.ndjson> <corpus.json> ['class|class…']
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import type { BuiltIndex } from '../../src/search/built-index.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { parseQuery } from '../../src/search/query/search-query.js';
import { prepareQuery } from '../../src/search/query/title-forms.js';
import { readCatalogueBatches } from '../catalogue-batches.js';
import { type Keyword, keywordCorpus } from '../keyword-corpus.js';
import { evictCaches } from '../outside-client.js';

const STAGES = ['whole', 'again', 'parse', 'prepare', 'plan', 'first/search', 'answer', 'page'] as const;
type Stage = (typeof STAGES)[number];

async function main(catalogueFile: string, corpusFile: string, classes: string[]): Promise<void> {
  const engine = new IndexedSearch({ cachedResults: 0 });
  const view = new CatalogueView();
  await readCatalogueBatches(catalogueFile, (batch) => engine.index(view, view.apply(batch)));
  view.reorder();
  engine.prepare(view);
  while (engine.buildAhead());
  const built = (engine as unknown as { built: BuiltIndex }).built;
  const corpus = (JSON.parse(readFileSync(corpusFile, 'utf8')) as Keyword[]).filter(({ kind }) => classes.includes(kind));
  const titles = Array.from(view.ordered({}).slice(0, 20_000), (slot) => view.title(slot));
  for (const { keyword } of keywordCorpus(titles, 30, 99)) engine.findPage(view, keyword.normalize('NFKC').trim(), undefined, 0, 20);
  for (const cold of [true, false]) {
    const times = new Map<string, Map<Stage, number[]>>();
    /** ms, class, keyword, plan kind of each cold search. */
    const slowest: Array<[number, string, string, string]> = [];
    for (const { keyword, kind } of corpus) {
      const text = keyword.normalize('NFKC').trim();
      const perStage = times.get(kind) ?? new Map(STAGES.map((stage) => [stage, [] as number[]]));
      times.set(kind, perStage);
      if (cold) evictCaches();
      let at = performance.now();
      engine.findPage(view, text, undefined, 0, 20);
      perStage.get('whole')?.push(performance.now() - at);
      if (cold) evictCaches();
      at = performance.now();
      engine.findPage(view, text, undefined, 0, 20);
      const again = performance.now() - at;
      perStage.get('again')?.push(again);
      if (cold) slowest.push([again, kind, keyword, built.plan(prepareQuery(parseQuery(text)), -1).kind]);
      if (cold) evictCaches();
      const lap = (stage: Stage) => {
        const now = performance.now();
        perStage.get(stage)?.push(now - at);
        at = now;
      };
      at = performance.now();
      const parsed = parseQuery(text);
      lap('parse');
      const query = prepareQuery(parsed);
      lap('prepare');
      const plan = built.plan(query, -1);
      lap('plan');
      let answer = built.firstMatches(plan, query, -1, 20);
      lap('first/search');
      if (!answer) {
        const counts = new Int32Array(query.tierCount);
        const tiered = built.search(plan, query, -1, counts);
        lap('first/search');
        answer = tiered.answer(counts);
        lap('answer');
      }
      answer.page(0, 20);
      lap('page');
    }
    process.stdout.write(`\n${cold ? 'cold' : 'warm'}, load ${loadavg()[0]?.toFixed(1)}\n`);
    for (const [ms, kind, keyword, plan] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 10))
      process.stdout.write(`slow: ${kind} \`${keyword}\` (${plan}) ${(ms * 1000).toFixed(0)} µs\n`);
    process.stdout.write(`| class | ${STAGES.join(' | ')} |\n`);
    for (const [kind, perStage] of times) {
      const cells = STAGES.map((stage) => {
        const sorted = (perStage.get(stage) ?? []).sort((a, b) => a - b);
        const q = (p: number) => ((sorted[Math.floor(p * sorted.length)] ?? 0) * 1000).toFixed(0);
        return `${q(0.5)} / ${q(0.99)}`;
      });
      process.stdout.write(`| ${kind} (µs) | ${cells.join(' | ')} |\n`);
    }
  }
}

const [catalogueFile, corpusFile, classes = '1 char|2 chars|no match, CJK|no match, Latin'] = process.argv.slice(2);
if (!catalogueFile || !corpusFile) throw new Error('usage: search-stages <catalogue.ndjson> <corpus.json> [classes]');
await main(catalogueFile, corpusFile, classes.split('|'));
