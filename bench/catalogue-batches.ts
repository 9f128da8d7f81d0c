/**
 * Why this exists: the engine-only tools (engine-cold.ts, engine-ab.ts) read the generated catalogue
 * file the same way, a batch of stored entries at a time, numbered from 1 as an import would.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { StoredEntry } from '../src/catalogue/catalogue-store.js';

/** The catalogue's entries (one JSON object a line) in batches of `size`. */
export async function* catalogueBatches(file: string, size: number): AsyncGenerator<StoredEntry[]> {
  let batch: StoredEntry[] = [];
  let id = 0;
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line.length === 0) continue;
    batch.push({ id: ++id, ...(JSON.parse(line) as Omit<StoredEntry, 'id'>) });
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  yield batch;
}
