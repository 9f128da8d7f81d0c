// Shared by the search engine tests: catalogue rows as the store hands them over, and the check that the
// indexed engine answers exactly what ReferenceSearch answers (same titles, same slots, same order, and
// the same pages with the same total) for each keyword, with and without a type filter.
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
      // Pages are laid out on their own (rank/answer.ts): every page of 3 and a page crossing the end.
      for (let offset = 0; offset <= expected.length; offset += 3) {
        const page = engine.findPage(view, word, filter, offset, 3);
        assert.equal(page.total, expected.length, `total for ${JSON.stringify(word)} type ${filter}`);
        assert.deepEqual(Array.from(page.slots), expected.slice(offset, offset + 3), `page at ${offset} for ${JSON.stringify(word)}`);
      }
      assert.deepEqual(Array.from(engine.findPage(view, word, filter, 1, 1000).slots), expected.slice(1, 1001));
    }
  }
}

/**
 * The engine's first pages (as a new keyword's first request asks them: page 1 and the exact total, with
 * no cached answer) of each word equal the reference's, over every title and, if given, titles of one type.
 */
export function sameFirstPages(view: CatalogueView, engine: IndexedSearch, words: string[], type?: ContentType): void {
  const reference = new ReferenceSearch();
  for (const word of words) {
    for (const filter of type === undefined ? [undefined] : [undefined, type]) {
      const expected = reference.find(view, word, filter);
      for (const [offset, limit] of [
        [0, 20],
        [0, 2],
        [1, 3],
        [0, 1000],
      ] as const) {
        const page = engine.findPage(view, word, filter, offset, limit);
        assert.equal(page.total, expected.length, `total ${word} ${filter}`);
        assert.deepEqual(Array.from(page.slots), expected.slice(offset, offset + limit), `page ${word} ${offset} ${filter}`);
      }
    }
  }
}
