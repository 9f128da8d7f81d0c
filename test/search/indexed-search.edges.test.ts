// Edge cases of the indexed engine that random titles seldom reach, checked against ReferenceSearch:
// titles and keywords whose cores exceed the length the index stores (127 units) and differ only beyond
// it, in the built index and in the delta; a keyword with more tiers than one byte can number;
// several-term and one-unit keywords whose pages reach past the first matches their lists give; and
// several-term keywords mixing dense and sparse terms over enough titles that the slices skip words;
// weak terms beside strong ones; a new keyword's first page, then its later pages; keywords holding a
// character or a pair of neighbours no built title holds (answered from the counts alone), also once a
// title in the delta holds it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import type { ContentType } from '../../src/shared/content-types.js';
import { ReferenceSearch } from './support/reference-search.js';
import { sameAnswers, sameFirstPages, toStored } from './support/same-answers.js';

describe('indexed search equals the reference at the edges', () => {
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

  test('for a keyword of 300 terms (more tiers than a byte can number)', () => {
    const view = new CatalogueView();
    const engine = new IndexedSearch({ deltaLimit: 0 });
    const titles = ['t1', 't1 t2 t3', 't299 t300', 't150 x', '霸道', 't7t8t9'];
    const rows = titles.map((text, index) => ({
      id: index + 1,
      title: text,
      type: 'post' as ContentType,
      update_time: '2024-01-01 00:00:00',
    }));
    engine.index(view, view.apply(toStored(rows)));
    view.reorder();
    engine.prepare(view);
    sameAnswers(view, engine, [Array.from({ length: 300 }, (_, index) => `t${index + 1}`).join(' ')]);
  });
});

describe('several-term keywords past the walked first matches', () => {
  // Over a thousand matches: the first ones come from the bit-sliced counts (rank/term-slices.ts), a page
  // past them lays out the whole answer; common units go through their bitsets, longer terms through the
  // term cache; a keyword of 15 terms (terms repeated) fills every count the four slices hold, titles
  // holding more terms of one of 16 to 50 terms are checked in full, and one of 51 takes the per-rank counters.
  test('give the same pages and totals as the reference', () => {
    const pieces = ['集', '了', '总裁', '甜宠', '霸道', '34集', ' ', '總裁', '爱', '!', '后'];
    const { view, engine } = builtOver(pieces, 12, 6, 0);
    const fifteen = '集 了 总裁 甜宠 霸道 爱 后 34集 總裁 集 了 总裁 甜宠 霸道 爱';
    const repeated = (count: number) => Array.from({ length: count }, (_, at) => fifteen.split(' ')[at % 15]).join(' ');
    sameAnswers(view, engine, [repeated(31), repeated(32), repeated(50), repeated(51)]);
    sameAnswers(view, engine, [
      '集 了',
      '总裁 甜宠 了',
      '霸道 34集',
      '集 了 总裁 甜宠 霸道 爱 后',
      '34集 霸道',
      '總裁 爱!',
      fifteen,
      `${fifteen} 后`,
    ]);
  });
});

describe('several-term keywords with weak terms beside strong ones', () => {
  // A weak term (one letter or digit) counts only in titles holding a strong term or every term
  // (search-query.ts `termsTier`): the counts add it only where a strong term is counted, in the slices
  // (first matches) and in the per-rank counters (a page past them, a type filter, sixteen terms or more).
  test('give the same pages and totals as the reference', () => {
    const pieces = ['集', '总裁', '霸道', '2', '２', 'a', 'A', 'x2', ' ', '34集', '!'];
    const { view, engine } = builtOver(pieces, 21, 6, 0);
    const sixteen = '总裁 2 集 a 霸道 34集 2 x 总裁 a 集 霸道 2 a 总裁 集';
    sameAnswers(view, engine, ['总裁 2', '2 总裁 a', 'a 集', '霸道 2 a 总裁', '２ 总裁', 'x 总裁', 'b 霸道', sixteen, `${sixteen} 2 霸道`]);
  });
});

describe('several-term keywords with a dense unit among sparse terms', () => {
  // Over 40,000 titles, `集` and `了` are dense (added as bitsets, every word of the slices), `霸道` and
  // `总裁` sparse: the tiers only dense units reach walk every word, higher ones only the words sparse
  // terms touched (rank/term-slices.ts). Titles holding only dense units sit in words no sparse term touches.
  test('give the reference first page and total', () => {
    const rows = Array.from({ length: 40_000 }, (_, index) => ({
      id: index + 1,
      title:
        index % 997 === 0
          ? `霸道${index % 3 === 0 ? '集' : ''}`
          : index % 1499 === 0
            ? `总裁了集${index}`
            : index % 4 === 0
              ? `第${index}集`
              : index % 53 === 0
                ? `了x${index}`
                : `了${index}`,
      type: 'post' as ContentType,
      update_time: `2024-01-0${1 + (index % 6)} 12:00:00`,
    }));
    const view = new CatalogueView();
    const engine = new IndexedSearch({ cachedResults: 0 });
    engine.index(view, view.apply(toStored(rows)));
    view.reorder();
    engine.prepare(view);
    sameFirstPages(view, engine, ['集 霸道', '霸道 集 了', '集 了', '总裁 集 霸道', '了 总裁']);
    // Digits are dense and `x` sparse: weak terms counted beside dense and sparse strong ones.
    sameFirstPages(view, engine, ['霸道 1', '了 x', '集 x 霸道', '了 3 x', '总裁 7 1']);
  });
});

describe('one-unit keywords past the walked first matches', () => {
  // Over a thousand matches: the first ones and the total come from the unit's lists and marks
  // (rank/short-keywords.ts), a page past them, and any type filter, tier every holder from the whole lists.
  // Traditional script, capitals and İ make titles that folding changes, whose literal text holds the
  // unit at its start, elsewhere or not at all; one-unit cores are checked one by one.
  test('give the same pages and totals as the reference', () => {
    const pieces = ['爱', '愛', '总裁', '總裁', '后', '後', '霸', 'a', 'A', 'Love', 'İ', 'i', '（34集）', ' ', '!', '《爱》'];
    const { view, engine } = builtOver(pieces, 7, 5, 256);
    sameAnswers(view, engine, ['爱', '总', '裁', '后', '霸', 'a', 'i', '集', 'e']);
  });
});

describe('chain keywords that repeat an inner unit', () => {
  // `2000` and `1080` hold an inner unit twice, so every holder repeats it and the chain's repeated-unit
  // list decides nothing (rank/chain-holders.ts): every candidate's text is read. Titles hold the pairs
  // side by side, apart, across decoration, in full-width and beside an episode suffix.
  test('give the same pages and totals as the reference', () => {
    const pieces = ['2000', '20', '00', '2025', '1080', '1080P', '10', '80', '０', '2', '0', '·', '集', '（34集）', ' ', '霸道'];
    const { view, engine } = builtOver(pieces, 33, 5, 256);
    sameAnswers(view, engine, ['2000', '1080', '２０００', '0000', '2020', '1080P', '108', '000', '2000集', '20200']);
  });
});

describe('pair and one-unit keywords whose checked titles fold', () => {
  // A fold-changing pair's PAIR_CHECK titles (`4K` as typed under the folded pair `4k`) and a unit's
  // CHECK_ALONE ones are tiered by the one-term loops before the first matches (rank/short-keywords.ts).
  test('give the same pages and totals as the reference', () => {
    const pieces = ['4K', '4k', '４Ｋ', 'K', '1080P', '總裁', '总裁', '【', '】', ' ', '集', '4', 'k'];
    const { view, engine } = builtOver(pieces, 5, 4, 256);
    sameAnswers(view, engine, ['4K', '4k', 'K', 'k', '總裁', '总裁', '0P', 'P', '4', '4K4']);
  });
  test('for keywords with a character or a neighbour pair no built title holds, and titles holding them in the delta', () => {
    const built = ['霸道总裁', '總裁·归来', '战神归来（第3集）', '😀表情包', 'ABC 第2集', '归来'];
    const delta = ['龘靐之战', '霸·道 战神', '😀龘', '裁总 归'];
    const keywords = ['龘', '龘靐', '霸 道', '霸·道', '道霸', '裁总', '總裁', '总·裁', '😀', '😀龘', '战神（第3集）'];
    keywords.push('龘（第3集）', '第3集', '裁总 归', '！', 'Ab');
    for (const deltaLimit of [0, 100]) {
      const view = new CatalogueView();
      const engine = new IndexedSearch({ deltaLimit });
      const rows = [...built, ...delta].map((text, index) => ({
        id: index + 1,
        title: text,
        type: (index % 2 === 0 ? 'post' : 'movie') as ContentType,
        update_time: `2024-01-${String(10 + index).padStart(2, '0')} 00:00:00`,
      }));
      engine.index(view, view.apply(toStored(rows.slice(0, built.length))));
      view.reorder();
      engine.prepare(view);
      sameAnswers(view, engine, keywords);
      sameFirstPages(view, engine, keywords);
      // With deltaLimit 100 these stay a delta the build's lists do not hold.
      engine.index(view, view.apply(toStored(rows.slice(built.length))));
      view.reorder();
      engine.prepare(view);
      sameAnswers(view, engine, keywords);
      sameFirstPages(view, engine, keywords);
    }
  });
});

describe("a new keyword's first page, then later pages", () => {
  // Page 1 of a new one- or two-unit keyword finds only the first matches it shows (built-index.ts
  // `firstMatches`); a later page within the walked ones finds up to WALKED of them, one past those lays
  // out the whole answer (rank/answer.ts `FirstMatchesAnswer`). Each step must continue the same order.
  test('continue the reference order and keep its total', () => {
    const pieces = ['爱', '愛', '总裁', '總裁', '后', '後', '霸', 'a', 'A', 'Love', 'İ', 'i', '（34集）', ' ', '!', '《爱》'];
    const { view, engine } = builtOver(pieces, 11, 5, 256);
    const reference = new ReferenceSearch();
    let most = 0;
    for (const word of ['爱', '愛', '总裁', '總裁', '后', 'A', 'i']) {
      const expected = reference.find(view, word);
      for (const [offset, limit] of [
        [0, 20],
        [20, 20],
        [990, 20],
        [0, 5],
        [1, 1100],
      ] as const) {
        const page = engine.findPage(view, word, undefined, offset, limit);
        assert.equal(page.total, expected.length, `total of ${word}`);
        assert.deepEqual(Array.from(page.slots), expected.slice(offset, offset + limit), `${word} at ${offset}`);
      }
      most = Math.max(most, expected.length);
    }
    assert.ok(most > 1100, `the most matches ${most}: some keyword must reach past every page asked`);
  });
});

/** An engine built over 2,500 titles of 1 to `most` random pieces (seeded), of three types and six days. */
function builtOver(pieces: string[], seed: number, most: number, termCacheMin: number): { view: CatalogueView; engine: IndexedSearch } {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const rows = Array.from({ length: 2500 }, (_, index) => ({
    id: index + 1,
    title: Array.from({ length: 1 + Math.floor(next() * most) }, () => pieces[Math.floor(next() * pieces.length)]).join(''),
    type: (['post', 'movie', 'tv'] as ContentType[])[index % 3] as ContentType,
    update_time: `2024-01-0${1 + (index % 6)} 12:00:00`,
  }));
  const view = new CatalogueView();
  const engine = new IndexedSearch({ deltaLimit: 0, termCacheMin });
  engine.index(view, view.apply(toStored(rows)));
  view.reorder();
  engine.prepare(view);
  return { view, engine };
}
