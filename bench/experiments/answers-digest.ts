/**
 * Why this exists: a change to the engine must not change one answer, and the oracle tests hold small
 * catalogues only. This writes, per corpus keyword, a digest of the engine's answers at a million titles:
 * page 1, a page 2–60 from the answer kept by page 1 (limit 20, 50 or 100), the page the HTTP stream asks
 * without the kept answer, and page 1 with a type filter. Run it on two checkouts and `diff` the files: a
 * differing line names the keyword.
 * Usage: node dist/bench/experiments/answers-digest.js <catalogue.ndjson> <corpus.json> > digests.txt
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { seededRandom } from '../../src/demo/seeded-random.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { readCatalogueBatches } from '../catalogue-batches.js';
import type { Keyword } from '../keyword-corpus.js';

const LIMITS = [20, 50, 100];
const LATER_PAGES = 60;
const STREAM_PAGES = 20;

async function main(catalogueFile: string, corpusFile: string): Promise<void> {
  const view = new CatalogueView();
  // Kept answers (the cache) serve later pages; a second engine without a cache answers each page anew.
  const cached = new IndexedSearch({});
  const uncached = new IndexedSearch({ cachedResults: 0 });
  await readCatalogueBatches(catalogueFile, (batch) => {
    const slots = view.apply(batch);
    cached.index(view, slots);
    uncached.index(view, slots);
  });
  view.reorder();
  cached.prepare(view);
  uncached.prepare(view);
  const corpus = JSON.parse(readFileSync(corpusFile, 'utf8')) as Keyword[];
  const next = seededRandom(60);
  const lines: string[] = [];
  for (const { keyword } of corpus) {
    const parsed = keyword.normalize('NFKC').trim();
    const limit = LIMITS[Math.floor(next() * LIMITS.length)] ?? 20;
    const later = 1 + Math.floor(next() * LATER_PAGES);
    const stream = 1 + Math.floor(next() * STREAM_PAGES);
    const pages = [
      cached.findPage(view, parsed, undefined, 0, limit),
      cached.findPage(view, parsed, undefined, (later - 1) * limit, limit),
      uncached.findPage(view, parsed, undefined, (stream - 1) * 20, 20),
      uncached.findPage(view, parsed, 'movie', 0, 20),
    ];
    const hash = createHash('sha1');
    for (const { total, slots } of pages) hash.update(`${total}:${Array.from(slots).join()};`);
    lines.push(`${hash.digest('hex').slice(0, 16)}\t${keyword}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

const [catalogueFile, corpusFile] = process.argv.slice(2);
if (!catalogueFile || !corpusFile) throw new Error('usage: answers-digest <catalogue.ndjson> <corpus.json>');
await main(catalogueFile, corpusFile);
