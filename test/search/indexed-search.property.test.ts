// Property: for any sequence of imports (new titles, changed titles, times and types) and any keyword,
// the indexed engine answers exactly what the plain ReferenceSearch answers — same slots, same tiers,
// same order — whether a title sits in the built index or in the delta, before and after rebuilds, and
// even between a batch being applied and the view being reordered. A second property checks that the
// indexed engine extends the original ScanSearch: for plain keywords the scan's answer is its prefix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { StoredEntry } from '../../src/catalogue/catalogue-store.js';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { CONTENT_TYPES, type ContentType } from '../../src/catalogue/content-types.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { ReferenceSearch } from '../../src/search/reference-search.js';
import { ScanSearch } from '../../src/search/scan-search.js';

// Characters chosen to collide: simplified/traditional pairs, capitals, full width, punctuation and
// brackets, episode suffixes, homophones and polyphones for pinyin, a surrogate pair and İ.
const PIECES = [
  ...'霸八吧道到总總宗裁才爱愛后後长長重中甜',
  '霸道',
  '总裁',
  '霸道總裁',
  '重生',
  '长大',
  ...'aAbBzZ',
  'Love',
  'LOVE',
  'ＬＯＶＥ',
  'Ａ',
  ' ',
  '!',
  '·',
  '(',
  ')',
  '（',
  '）',
  '【',
  '】',
  '《',
  '》',
  '34集',
  '（34集）',
  '(全集)',
  ' 第2集',
  '全80集',
  '3',
  '集',
  '𠮷',
  'İ',
  // One-character cores, so one-character keywords meet exact-core titles.
  '《霸》',
  '霸（34集）',
  '爱!',
  '【总】',
  // Long enough that two make a core of 127+ units, which the index stores capped and compares as text.
  `${'霸道总裁爱'.repeat(13)}長`,
];
const title = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 7 }).map((parts) => parts.join(''));
const type = fc.constantFrom<ContentType>(...CONTENT_TYPES.slice(0, 3));
const time = fc.integer({ min: 1, max: 6 }).map((day) => `2024-01-0${day} 12:00:00`);
const row = fc.record({ id: fc.integer({ min: 1, max: 40 }), title, type, update_time: time });
const batches = fc.array(fc.array(row, { minLength: 1, maxLength: 25 }), { minLength: 1, maxLength: 5 });
const keyword = fc.oneof(
  title.filter((text) => text.trim().length > 0),
  fc.constantFrom(...'霸爱总後A集3!'),
  fc.constantFrom('bdzc', 'badao', 'ba', 'b', 'zc', 'chong', 'zhong', 'zs', 'cs', 'chang', 'zhangda', 'love', 'a', 'xian'),
  fc.constantFrom('霸道 总裁', '总 裁 甜', '爱 !', 'love 霸', 'a b', '!', '(', '34集', '总裁（34集）', '霸道總裁!'),
);
const keywords = fc.array(keyword, { minLength: 1, maxLength: 6 });

function toStored(rows: Array<{ id: number; title: string; type: ContentType; update_time: string }>): StoredEntry[] {
  // One row per id within a batch, as the store hands them over.
  const byId = new Map(rows.map((entry) => [entry.id, { ...entry, source_link: `https://x.example/${entry.id}` }]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function sameAnswers(view: CatalogueView, engine: IndexedSearch, words: string[]): void {
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

describe('indexed search equals the reference', () => {
  test('for random imports, keywords and rebuild thresholds', () => {
    fc.assert(
      fc.property(batches, keywords, fc.integer({ min: 0, max: 8 }), fc.boolean(), (imports, words, deltaLimit, callPrepare) => {
        const view = new CatalogueView();
        const engine = new IndexedSearch({ deltaLimit });
        for (const batch of imports) {
          engine.index(view, view.apply(toStored(batch)));
          sameAnswers(view, engine, words.slice(0, 2)); // between apply and reorder, as during a load
          view.reorder();
          if (callPrepare) engine.prepare(view);
          sameAnswers(view, engine, words);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('for titles whose cores reach the stored length cap (127 units) and differ only beyond it', () => {
    const long = (count: number, unit = '霸') => unit.repeat(count);
    const titles = [
      long(130),
      long(131),
      `${long(130)}（34集）`,
      `《${long(130)}》`,
      `${long(127)}道${long(3)}`,
      long(130, 'X'),
      long(130, 'x'),
      `${long(126)}總裁`,
      `${long(126)}总裁`,
      long(126),
    ];
    const keywords = [
      long(130),
      long(131),
      `${long(130)}!`,
      `${long(127)}道`,
      long(130, 'X'),
      long(130, 'x'),
      `${long(126)}总裁`,
      long(126),
    ];
    for (const deltaLimit of [0, 100]) {
      const view = new CatalogueView();
      const engine = new IndexedSearch({ deltaLimit });
      const half = titles.length / 2;
      const rows = titles.map((text, index) => ({
        id: index + 1,
        title: text,
        type: 'post' as ContentType,
        update_time: '2024-01-01 00:00:00',
      }));
      engine.index(view, view.apply(toStored(rows.slice(0, half))));
      view.reorder();
      engine.prepare(view);
      // The second half is a delta when deltaLimit keeps it from a rebuild.
      engine.index(view, view.apply(toStored(rows.slice(half))));
      view.reorder();
      engine.prepare(view);
      sameAnswers(view, engine, keywords);
    }
  });

  test('for plain keywords, the original scan answer is a prefix of the indexed one', () => {
    const plainTitle = fc.array(fc.constantFrom(...'霸道总裁爱甜重生长大ab'), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.array(plainTitle, { minLength: 1, maxLength: 40 }),
        fc.array(plainTitle.filter(Boolean), { minLength: 1, maxLength: 5 }),
        (titles, words) => {
          const view = new CatalogueView();
          const engine = new IndexedSearch({ deltaLimit: 0 });
          const scan = new ScanSearch();
          const slots = view.apply(
            titles.map((text, index) => ({
              id: index + 1,
              title: text,
              type: 'post',
              source_link: `l${index}`,
              update_time: '2024-01-01 00:00:00',
            })),
          );
          engine.index(view, slots);
          scan.index(view, slots);
          view.reorder();
          engine.prepare(view);
          for (const word of words) {
            const expected = scan.find(view, word);
            assert.deepEqual(Array.from(engine.find(view, word)).slice(0, expected.length), expected, word);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
