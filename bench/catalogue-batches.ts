/**
 * Why this exists: the engine benches (engine-cold.ts, experiments/engine-ab.ts) read the generated catalogue the
 * same way the store hands it over: entries with ids from 1, in batches, each applied to the view and
 * then indexed.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { StoredEntry } from '../src/catalogue/catalogue-store.js';

const BATCH = 50_000;

/** Calls `apply` with each batch of the catalogue file's entries, in file order. */
export async function readCatalogueBatches(catalogueFile: string, apply: (batch: StoredEntry[]) => void): Promise<void> {
  let batch: StoredEntry[] = [];
  let id = 0;
  for await (const line of createInterface({ input: createReadStream(catalogueFile, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line.length === 0) continue;
    batch.push({ id: ++id, ...(JSON.parse(line) as Omit<StoredEntry, 'id'>) });
    if (batch.length === BATCH) {
      apply(batch);
      batch = [];
    }
  }
  apply(batch);
}
