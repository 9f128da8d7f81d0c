/**
 * Several-term keywords, with an episode suffix (`宠上天 70集`) or without (`城 111`): their first pages
 * take the titles that may hold the whole keyword's text from those the term counts hold every term of
 * (rank/term-slices.ts `checkedHolders`), not from the keyword's pair lists. Titles in every literal, folded and terms tier,
 * beside many that hold one term or both apart, checked against the reference; and keywords with a unit
 * outside the basic plane, which keep the pair lists.
 */
import { describe, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import type { ContentType } from '../../src/shared/content-types.js';
import { sameAnswers, sameFirstPages, toStored } from './support/same-answers.js';

const TITLES = [
  '宠上天 70集',
  '宠上天 70集番外',
  '重生宠上天 70集',
  '重生宠上天 70集（完结）',
  '寵上天 70集',
  '宠上天70集',
  '宠上天（70集）',
  '宠上天·70集',
  '70集宠上天',
  '宠上天 第70集',
  '宠上天 7０集',
  '宠上 天 70集',
  '宠上天 170集',
  '天 70集 宠上天',
  '𠀀宠上天 70集',
  '宠上天 70集𠀀',
  '城 111',
  '城·111',
  '城111',
  '古城 1110',
  '城 1 11',
  '城 111 城',
  '１１１ 城',
];

function built(): { view: CatalogueView; engine: IndexedSearch } {
  const titles = [...TITLES];
  // Many holders of one term, or of both apart, so the lists are long against the few holding both.
  for (let index = 0; index < 300; index++) {
    titles.push(
      `宠上天${index % 7 === 0 ? ' 70集' : ''} 第${index}话`,
      `总裁 ${index}集`,
      `天${index} 70集`,
      `城${index % 5 === 0 ? ' 111' : ''} ${index}`,
    );
  }
  const view = new CatalogueView();
  const engine = new IndexedSearch({});
  const rows = titles.map((title, index) => ({
    id: index + 1,
    title,
    type: (index % 2 === 0 ? 'post' : 'movie') as ContentType,
    update_time: `2024-01-${String(1 + (index % 28)).padStart(2, '0')} 00:00:00`,
  }));
  engine.index(view, view.apply(toStored(rows)));
  view.reorder();
  engine.prepare(view);
  return { view, engine };
}

describe('several-term keywords find the whole keyword among the all-terms holders', () => {
  const keywords = [
    '宠上天 70集',
    '寵上天 70集',
    '重生宠上天 70集',
    '宠上天 7０集',
    '上天 70集',
    '天 70集',
    '𠀀宠上天 70集',
    '宠上天 70集𠀀',
    '城 111',
    '城 11',
    '城 111 城',
    '城·111',
  ];

  test('first pages equal the reference', () => {
    const { view, engine } = built();
    sameFirstPages(view, engine, keywords, 'post');
  });

  test('whole answers equal the reference', () => {
    const { view, engine } = built();
    sameAnswers(view, engine, keywords);
  });
});
