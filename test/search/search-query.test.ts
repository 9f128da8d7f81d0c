// A keyword's query (query/search-query.ts `parseQuery`) skips steps its shape makes useless: the NFKC
// pass for ASCII and CJK ideographs, the split without a space, the pinyin reading without a leading
// Latin letter. These check that the query is the one every step taken gives.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { pinyinKeyword } from '../../src/search/query/pinyin.js';
import { parseQuery } from '../../src/search/query/search-query.js';
import { foldText } from '../../src/search/text/text-forms.js';
import { assertProperty } from '../support/property.js';

/** The fields the skipped steps give, with every step taken (the other fields follow from them). */
function everyStep(keyword: string): { literal: string; terms: string[]; pinyin: string } {
  const literal = keyword.normalize('NFKC').trim();
  const split = foldText(literal).split(/\s+/).filter(Boolean);
  return { literal, terms: split.length > 1 ? split : [], pinyin: pinyinKeyword(foldText(literal)) };
}

/** The same fields of the query `parseQuery` gives. */
function parsed(keyword: string): { literal: string; terms: string[]; pinyin: string } {
  const { literal, terms, pinyin } = parseQuery(keyword);
  return { literal, terms, pinyin };
}

/** Ideographs, Latin and full-width letters, spaces of every width, combining marks, compatibility forms. */
const PIECES = ['总裁', '總裁', 'a', 'Zhu', "'", ' ', '\u3000', '\u00a0', '\t', 'ｚｈｕ', 'é', 'e\u0301', '\u0301', 'ﬁ', '①'];
const MORE_PIECES = ['（34集）', '丽', '豈', '\u1100\u1161', 'İ', '-'];

describe('parseQuery', () => {
  test('gives the query every step gives, for keywords of tricky pieces', () => {
    const keyword = fc.array(fc.constantFrom(...PIECES, ...MORE_PIECES), { maxLength: 6 }).map((parts) => parts.join(''));
    assertProperty(fc.property(keyword, (text) => assert.deepEqual(parsed(text), everyStep(text))));
  });

  test('gives it for a few keywords of each shape', () => {
    for (const text of ['', ' ', '爱', 'zhu', " 'zhu", 'zc dx', '总裁\u3000甜宠', 'ｚｈｕ', 'e\u0301', '豈', 'a'])
      assert.deepEqual(parsed(text), everyStep(text), JSON.stringify(text));
  });
});
