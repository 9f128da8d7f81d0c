// Shared by the search engine tests: catalogue rows as the store hands them over, and the check that the
// indexed engine answers exactly what ReferenceSearch answers (same titles, same slots, same order) for
// each keyword, with and without a type filter.
import assert from 'node:assert/strict';
import type { StoredEntry } from '../../../src/catalogue/catalogue-store.js';
import type { CatalogueView } from '../../../src/catalogue/catalogue-view.js';
import type { IndexedSearch } from '../../../src/search/indexed-search.js';
import type { ContentType } from '../../../src/shared/content-types.js';
import { ReferenceSearch } from './reference-search.js';

export function toStored(rows: Array<{ id: number; title: string; type: ContentType; update_time: string }>): StoredEntry[] {
  // One row per id within a batch, as the store hands them over.
  const byId = new Map(rows.map((entry) => [entry.id, { ...entry, source_link: `https://x.example/${entry.id}` }]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function sameAnswers(view: CatalogueView, engine: IndexedSearch, words: string[]): void {
  const reference = new ReferenceSearch();
  for (const word of words) {
    for (const filter of [undefined, 'post', 'movie'] as const) {
      const expected = reference.find(view, word, filter);
      const actual = Array.from(engine.find(view, word, filter));
      assert.deepEqual(
        actual.map((slot) => view.title(slot)),
        expected.map((slot) => view.title(slot)),
        `keyword ${JSON.stringify(word)} type ${filter}`,
      );
      assert.deepEqual(actual, expected, `slots for ${JSON.stringify(word)} type ${filter}`);
    }
  }
}
