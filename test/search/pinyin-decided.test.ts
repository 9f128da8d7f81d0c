// Pinyin keywords tiered from lists (docs/benchmarks.md, "Pinyin from lists"). A keyword of four or more
// initials is decided from lists where they prove it (rank/pinyin-chains.ts `decidedByInitials`): a
// title holding every triple of `bdzc` and its inner pair `dz` at one place only spells it, from its first unit when it is in the start list of `bdz`, further on otherwise. A title
// holding `dz` twice holds the triples without spelling the keyword perhaps (`霸道总好道总裁`), so it is
// checked. A keyword whose exact ways are all of two syllables reads the leads of the titles in its
// ways' initials start lists only (`hao re`: titles whose first two units have initials h and r).
// A cut into three or more syllables decided by its chain (`decidedBySyllables`) is a first-unit match
// when the title's lead is the chain's first two characters. Through the engine, against the reference
// and by name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import type { ContentType } from '../../src/shared/content-types.js';
import { sameAnswers, toStored } from './support/same-answers.js';

const TITLES = [
  '霸道总裁爱上我',
  '我的霸道总裁',
  '霸道总好道总裁',
  '好霸道总裁',
  '霸道总好霸道总裁',
  '道总裁霸道总',
  '《霸道》总·裁归来',
  '霸道总1裁',
];

function engineOver(titles: string[]): { view: CatalogueView; engine: IndexedSearch } {
  const view = new CatalogueView();
  const engine = new IndexedSearch({ cachedResults: 0 });
  const rows = titles.map((title, at) => ({
    id: at + 1,
    title,
    type: (at % 2 === 0 ? 'post' : 'movie') as ContentType,
    update_time: `2024-01-${String(at + 1).padStart(2, '0')} 12:00:00`,
  }));
  engine.index(view, view.apply(toStored(rows)));
  view.reorder();
  engine.prepare(view);
  return { view, engine };
}

test('four or more initials: titles the lists prove are tiered without a check, the others checked', () => {
  const { view, engine } = engineOver(TITLES);
  const titlesOf = (keyword: string) => Array.from(engine.find(view, keyword)).map((slot) => view.title(slot));
  // From the first unit (decoration skipped), then further on, newest first; 霸道总好道总裁 and
  // 道总裁霸道总 hold bdz and dzc apart, 霸道总1裁 has a digit breaking the run.
  assert.deepEqual(titlesOf('bdzc'), ['《霸道》总·裁归来', '霸道总裁爱上我', '霸道总好霸道总裁', '好霸道总裁', '我的霸道总裁']);
  assert.deepEqual(titlesOf('bdzca'), ['霸道总裁爱上我']);
  sameAnswers(view, engine, ['bdzc', 'bdzca', 'hdzc', 'dzcb', 'bdzh', 'hbdzc', 'dzcbdz']);
});

test("two syllables: only titles whose first two units have the ways' initials can match from the first unit", () => {
  const { view, engine } = engineOver(['好热的夏天', '今天好热', '【好】热·天', '号人好热', '好a热', '豪热', '热好']);
  const titlesOf = (keyword: string) => Array.from(engine.find(view, keyword)).map((slot) => view.title(slot));
  assert.deepEqual(titlesOf('hao re'), ['豪热', '【好】热·天', '好热的夏天', '号人好热', '今天好热']);
  assert.deepEqual(titlesOf('haore'), titlesOf('hao re'));
  sameAnswers(view, engine, ['hao re', 'haore', 'hr', 'hao', 'rehao', 'haoren', 'hao ren hao re']);
});

test('three syllables: a title holding the chain once is first when its lead is the chain, further on otherwise', () => {
  const { view, engine } = engineOver(['战神归来', '我的战神归来', '《战神》·归来', '站神归来', '战神归好战神', '好战神归', '归来战神']);
  const titlesOf = (keyword: string) => Array.from(engine.find(view, keyword)).map((slot) => view.title(slot));
  assert.deepEqual(titlesOf('zhan shen gui'), ['战神归好战神', '站神归来', '《战神》·归来', '战神归来', '好战神归', '我的战神归来']);
  assert.deepEqual(titlesOf('zhanshenguilai'), ['站神归来', '《战神》·归来', '战神归来', '我的战神归来']);
  sameAnswers(view, engine, ['zhan shen gui', 'zhanshenguilai', 'shen gui lai', 'zsg', 'zsgl', 'hao zhan shen gui']);
});
