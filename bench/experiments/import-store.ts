/**
 * Import timings per store: generates N catalogue entries and imports them through
 * `CatalogueStore.importEntries` into a fresh SQLite file and a fresh PostgreSQL database, three times
 * (all new, all unchanged, 10% changed). With `--memory` it also loads the result into the in-memory view
 * and search index the server serves from, and reports the heap that costs per million entries.
 *
 *   npx tsx bench/experiments/import-store.ts --n 1000000 [--store sqlite|postgres|both] [--memory]
 *   (PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, used as admin URL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import { CatalogueStore, type EntryInput } from '../../src/catalogue/catalogue-store.js';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { CONTENT_TYPES } from '../../src/shared/content-types.js';
import { LocalClock } from '../../src/shared/local-time.js';
import { openDatabase } from '../../src/store/database.js';
import { createBenchDatabase } from '../database.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '200000' },
    store: { type: 'string', default: 'both' },
    memory: { type: 'boolean', default: false },
  },
});
const count = Number(values.n);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const WORDS = ['霸道总裁', '重生', '逆袭', '千金', '战神', '甜宠', '穿越', '复仇', '神医', '萌宝', '赘婿', '闪婚'];
function generate(n: number, variant = 0): EntryInput[] {
  const entries: EntryInput[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const changed = variant > 0 && i % 10 === 0;
    const day = 1 + (i % 28);
    const second = i % 60;
    entries[i] = {
      title: `${WORDS[i % WORDS.length]}之${WORDS[(i * 7) % WORDS.length]}第${i}部${changed ? `（${variant}）` : ''}`,
      source_link: `https://pan.example.com/s/${i.toString(36)}-${(i * 2654435761) % 1_000_003}`,
      type: CONTENT_TYPES[i % CONTENT_TYPES.length] ?? 'post',
      update_time: `2024-0${1 + (i % 9)}-${String(day).padStart(2, '0')} 12:00:${String(second).padStart(2, '0')}`,
    };
  }
  return entries;
}

/** Wall time, and this process's CPU time (for SQLite, which runs in-process, the figure a busy machine disturbs least). */
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const wall = ((performance.now() - started) / 1000).toFixed(2);
  const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(2);
  console.log(`  ${label.padEnd(28)} ${wall} s (client CPU ${cpuSeconds} s)  ${JSON.stringify(result)}`);
  return result;
}

/** A throw-away database of the bench's own kind (bench/database.ts); SQLite's file lives in a temp dir. */
async function freshDatabaseUrl(store: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'dramadex-bench-'));
  const database = await createBenchDatabase(store === 'postgres' ? 'postgres' : 'sqlite', dir, adminUrl);
  return {
    url: database.url,
    drop: async () => {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function benchStore(store: string): Promise<void> {
  const { url, drop } = await freshDatabaseUrl(store);
  const database = await openDatabase(url);
  try {
    const catalogueStore = new CatalogueStore(database);
    console.log(`${store}: ${count.toLocaleString('en')} entries`);
    const entries = generate(count);
    await timed('import (all new)', () => catalogueStore.importEntries(entries));
    await timed('re-import (all unchanged)', () => catalogueStore.importEntries(entries));
    const changed = generate(count, 1);
    await timed('re-import (10% changed)', () => catalogueStore.importEntries(changed));
    if (values.memory) await measureMemory(catalogueStore);
  } finally {
    await database.close();
    await drop();
  }
}

/** Heap held by the view plus the search index the server uses, after a full load (run node with --expose-gc for accuracy). */
async function measureMemory(store: CatalogueStore): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const catalogue = new Catalogue(store, new CatalogueView(), new IndexedSearch(), new LocalClock('Asia/Shanghai'));
  const started = performance.now();
  await catalogue.start(0);
  const loadSeconds = (performance.now() - started) / 1000;
  gc?.();
  const after = process.memoryUsage();
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  const perMillion = (bytes: number) => ((bytes / 2 ** 20) * (1_000_000 / catalogue.size)).toFixed(0);
  const heap = after.heapUsed - before.heapUsed;
  const external = after.external + after.arrayBuffers - (before.external + before.arrayBuffers);
  console.log(
    `  view load ${loadSeconds.toFixed(2)} s: heap +${mb(heap)} MB, typed arrays +${mb(external)} MB, ` +
      `≈ ${perMillion(heap + external)} MB per million entries${gc ? '' : ' (no --expose-gc: rough)'}`,
  );
  await catalogue.stop();
}

const stores = values.store === 'both' ? ['sqlite', 'postgres'] : [values.store ?? 'sqlite'];
for (const store of stores) await benchStore(store);
