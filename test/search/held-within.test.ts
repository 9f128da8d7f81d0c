// A term held within a longer kept term (rank/term-cache.ts `heldWithin`): when every title with the
// shorter term's rarest pair holds the longer term, the longer term's kept holders answer for it. These
// catalogues hold `马甲藏不住` alone (so `甲藏`, `马甲藏`, `藏不住` take its holders), then beside titles
// with `甲藏` apart from it, across decoration (`甲·藏`) or repeated, where the counts differ and the
// term's own lists decide; each checked against ReferenceSearch, with the longer term kept first.
import { describe, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import type { ContentType } from '../../src/shared/content-types.js';
import { sameAnswers, sameFirstPages, toStored } from './support/same-answers.js';

const LONGER_FIRST = [
  '马甲藏不住 总裁',
  '马甲藏不住了 集',
  '甲藏 总裁',
  '马甲藏 集 霸道',
  '藏不住 了',
  '甲藏不 甲藏',
  '甲藏 藏不住 马甲藏不住',
];

describe('a term held within a longer kept term', () => {
  for (const [name, extra] of [
    ['every pair holder holds the longer term', []],
    ['some hold the pair apart from it', ['甲藏', '小甲藏了']],
    ['some hold it across decoration', ['甲·藏', '马甲·藏不住']],
    ['some hold its units twice', ['马甲甲藏藏不住', '藏不住马甲']],
  ] as const) {
    test(`gives the reference answers when ${name}`, () => {
      const pieces = ['马甲藏不住', '总裁', '集', '了', '霸道', ' ', '34集', ...extra];
      const { view, engine } = builtOver(pieces);
      sameAnswers(view, engine, LONGER_FIRST);
      // Each keyword anew (the result cache emptied by a new engine), the longer term kept first again.
      const fresh = builtOver(pieces);
      sameFirstPages(fresh.view, fresh.engine, LONGER_FIRST, 'post');
    });
  }
});

/** An engine keeping every term's holders (termCacheMin 0) over every title of one to three pieces, in turn of three types and six days. */
function builtOver(pieces: readonly string[]): { view: CatalogueView; engine: IndexedSearch } {
  const longer = (titles: readonly string[]) => titles.flatMap((title) => pieces.map((piece) => title + piece));
  const titles = [...pieces, ...longer(pieces), ...longer(longer(pieces))];
  const types: ContentType[] = ['post', 'movie', 'tv'];
  const rows = [...new Set(titles)].map((title, index) => ({
    id: index + 1,
    title,
    type: types[index % 3] as ContentType,
    update_time: `2024-01-0${1 + (index % 6)} 12:00:00`,
  }));
  const view = new CatalogueView();
  const engine = new IndexedSearch({ deltaLimit: 0, termCacheMin: 0 });
  engine.index(view, view.apply(toStored(rows)));
  view.reorder();
  engine.prepare(view);
  return { view, engine };
}
