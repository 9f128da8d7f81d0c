// Property: for any sequence of imports (new titles, changed titles, times and types) and any keyword,
// the indexed engine answers exactly what the plain ReferenceSearch answers — same slots, same tiers,
// same order — whether a title sits in the built index or in the delta, before and after rebuilds, and
// even between a batch being applied (or entries removed) and the view being reordered. A second property checks that the
// indexed engine extends the original ScanSearch: for plain keywords the scan's answer is its prefix.
// (Edge cases random titles seldom reach are in indexed-search.edges.test.ts; pinyin keywords spelt from
// the titles themselves, which the pinyin lists decide, in pinyin-keywords.property.test.ts.)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { assertProperty } from '../support/property.js';
import { sameAnswers, toStored } from './support/same-answers.js';
import { ScanSearch } from './support/scan-search.js';

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
  // Two syllables, one syllable, two and three initials, three and four syllables: each way pinyin-tiers.ts tiers by lists or checks.
  fc.constantFrom('zongcai', 'daozong', 'cai', 'ai', 'hou', 'dz', 'bdz', 'badaozongcai', 'zhongsheng', 'chongsheng', 'aiba', 'tianai'),
  fc.constantFrom('霸道 总裁', '总 裁 甜', '爱 !', 'love 霸', 'a b', '!', '(', '34集', '总裁（34集）', '霸道總裁!'),
);
const keywords = fc.array(keyword, { minLength: 1, maxLength: 6 });

describe('indexed search equals the reference', () => {
  test('for random imports, keywords and rebuild thresholds', () => {
    assertProperty(
      // termCacheMin 0: every longer term's confirmed holders are kept, so repeated terms come from the term cache.
      fc.property(
        batches,
        keywords,
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        fc.constantFrom(0, 2048),
        (imports, words, deltaLimit, callPrepare, termCacheMin) => {
          const view = new CatalogueView();
          const engine = new IndexedSearch({ deltaLimit, termCacheMin });
          for (const batch of imports) {
            engine.index(view, view.apply(toStored(batch)));
            sameAnswers(view, engine, words.slice(0, 2)); // between apply and reorder, as during a load
            view.reorder();
            if (callPrepare) engine.prepare(view);
            sameAnswers(view, engine, words);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('for random imports and removals between them', () => {
    const removals = fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 12 });
    assertProperty(
      fc.property(
        fc.array(fc.tuple(fc.array(row, { minLength: 1, maxLength: 25 }), removals), { minLength: 1, maxLength: 5 }),
        keywords,
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (steps, words, deltaLimit, callPrepare) => {
          const view = new CatalogueView();
          const engine = new IndexedSearch({ deltaLimit });
          for (const [batch, removed] of steps) {
            engine.index(view, view.apply(toStored(batch)));
            engine.remove(view, view.remove(removed).slots);
            sameAnswers(view, engine, words.slice(0, 2)); // between removal and reorder
            view.reorder();
            if (callPrepare) engine.prepare(view);
            sameAnswers(view, engine, words);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('for plain keywords, the original scan answer is a prefix of the indexed one', () => {
    const plainTitle = fc.array(fc.constantFrom(...'霸道总裁爱甜重生长大ab'), { maxLength: 8 }).map((parts) => parts.join(''));
    assertProperty(
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
