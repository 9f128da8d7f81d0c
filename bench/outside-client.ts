/**
 * Why this exists: issue 33 found the anchor (engine-anchor.ts) faster than an outside run of the same
 * corpus (2 chars p50 0.041 against 0.109 ms). The outside run alternates engines, query by query, and
 * sends the classes mixed; issue 27's harness timed each class's 500 keywords back to back in one
 * process, so every keyword after the first found the lists, marks and loops the previous keyword of its
 * class had just used in the CPU's caches and branch history. This module makes the anchor's queries
 * arrive as an outside client's do: classes shuffled into one stream, and before each timed query the
 * caches evicted, as the other engine's work (or a request's parsing) evicts them between two searches.
 * `harnessVariants` times the same classes the three ways in one run, to show which step explains the gap.
 */
import type { CatalogueView } from '../src/catalogue/catalogue-view.js';
import { seededRandom } from '../src/demo/seeded-random.js';
import type { IndexedSearch } from '../src/search/indexed-search.js';
import { type KeywordClass, keywordCorpus } from './keyword-corpus.js';

/** One and a half times the last-level cache of the bench machine (32 MB, one L3 shared by both cores). */
const EVICTED_BYTES = 48 << 20;
let evictBuffer: Uint8Array | undefined;

/** Writes a line of every 64 bytes of a buffer larger than the LLC, so the next query starts with cold caches. */
export function evictCaches(): number {
  evictBuffer ??= new Uint8Array(EVICTED_BYTES).fill(1);
  let sum = 0;
  for (let at = 0; at < EVICTED_BYTES; at += 64) sum += evictBuffer[at] = ((evictBuffer[at] as number) + 1) & 0xff;
  return sum;
}

/** Shuffles in place (Fisher-Yates) with a seeded draw, so runs compare. */
export function shuffle<T>(items: T[], next: () => number): void {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
}

/**
 * p50 / p99 ms per class, three ways over fresh draws of the same classes: grouped by class, back to back
 * (issue 27's harness); shuffled, back to back; shuffled with the caches evicted before each (the anchor now).
 */
export function harnessVariants(
  engine: IndexedSearch,
  view: CatalogueView,
  texts: string[],
  classes: KeywordClass[],
  perClass: number,
): string[] {
  const ways: Array<[string, boolean, boolean]> = [
    ['grouped, back to back (issue 27)', false, false],
    ['shuffled, back to back', true, false],
    ['shuffled, caches evicted (anchor)', true, true],
  ];
  const rows = ways.map(([label, shuffled, evicted], way) => {
    const wanted = new Set(classes);
    const keywords = keywordCorpus(texts, perClass, 40 + way).filter(({ kind, keyword }) => wanted.has(kind) && !/\s/.test(keyword));
    if (shuffled) shuffle(keywords, seededRandom(50 + way));
    const times = new Map<KeywordClass, number[]>(classes.map((kind) => [kind, []]));
    for (const { keyword, kind } of keywords) {
      if (evicted) evictCaches();
      const started = performance.now();
      engine.findPage(view, keyword.normalize('NFKC').trim(), undefined, 0, 20);
      times.get(kind)?.push(performance.now() - started);
    }
    const cells = classes.map((kind) => {
      const sorted = (times.get(kind) ?? []).sort((a, b) => a - b);
      const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(3);
      return `${at(0.5)} / ${at(0.99)}`;
    });
    return `| ${label} | ${cells.join(' | ')} |`;
  });
  return [`| harness | ${classes.join(' | ')} |`, `|---|${classes.map(() => '---|').join('')}`, ...rows];
}
