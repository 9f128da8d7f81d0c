// The view keeps each item only as its JSON bytes (item-json.ts) and finds where the title and link end
// when an item is read back: titles and links with quotes, backslashes, controls, non-ASCII and lone
// surrogates come back exactly, after the items are laid out in page order too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import type { ContentType } from '../../src/shared/content-types.js';

const TEXTS = [
  'plain',
  'a "quoted" one',
  'back\\slash\\',
  '\\"',
  '"',
  '',
  'tab\tnew\nline\u0001',
  '霸道总裁（34集）',
  '𠮷 pair',
  'lone \ud800 high',
  'lone \udc00',
];

describe('items read back from their JSON bytes', () => {
  test('every title and link comes back exactly', () => {
    const view = new CatalogueView();
    const entries = TEXTS.flatMap((title, index) =>
      TEXTS.map((link, other) => ({
        id: index * TEXTS.length + other + 1,
        title,
        source_link: link,
        type: (index % 2 === 0 ? 'post' : 'movie') as ContentType,
        update_time: `2024-05-0${1 + (other % 9)} 10:00:00`,
      })),
    );
    const slots = view.apply(entries);
    view.reorder(); // forgets the batch: titles now come from the bytes
    const check = () => {
      for (const [index, entry] of entries.entries()) {
        const slot = slots[index] as number;
        assert.equal(view.title(slot), entry.title);
        assert.deepEqual(view.item(slot), {
          title: entry.title,
          source_link: entry.source_link,
          type: entry.type,
          update_time: entry.update_time,
        });
      }
    };
    check();
    view.arrange();
    check();
  });
});
