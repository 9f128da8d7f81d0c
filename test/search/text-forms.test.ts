// The text forms search compares (docs/search.md): folding (case, width via NFKC first, traditional to
// simplified with OpenCC, one code point at a time) and the core used for exact-title matches
// (punctuation, brackets, spaces and an episode suffix left out).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { coreLength, coreText, foldText } from '../../src/search/text/text-forms.js';
import { assertProperty } from '../support/property.js';

describe('text forms', () => {
  test('folding lower-cases and maps traditional to simplified, and keeps a string that needs nothing', () => {
    assert.equal(foldText('霸道總裁愛上我'), '霸道总裁爱上我');
    assert.equal(foldText('LOVE Story'), 'love story');
    assert.equal(foldText('ＬＯＶＥ'.normalize('NFKC')), 'love');
    const plain = '重生之我是千金';
    assert.equal(foldText(plain), plain);
    // Code point by code point: the folded text never moves characters, so substrings stay substrings.
    assert.equal(foldText('A𠮷B'), 'a𠮷b');
  });

  test('the core drops punctuation, brackets, spaces and episode suffixes, never the whole title', () => {
    const cases: Array<[string, string]> = [
      ['霸道总裁(34集)', '霸道总裁'],
      ['霸道总裁(全80集)', '霸道总裁'],
      ['霸道总裁 第2集', '霸道总裁'],
      ['斗罗大陆 更新至第89集', '斗罗大陆'],
      ['霸道总裁1-34集完结', '霸道总裁'],
      ['霸道总裁【完结】', '霸道总裁'],
      ['动漫 全集', '动漫'],
      ['《霸道总裁》', '霸道总裁'],
      ['霸道·总裁!', '霸道总裁'],
      ['霸道总裁 第二季', '霸道总裁第二季'],
      ['爆笑全集', '爆笑全集'],
      ['第1集', '第1集'],
      ['霸道总裁2', '霸道总裁2'],
    ];
    for (const [title, core] of cases) assert.equal(coreText(title), core, title);
  });

  test('coreLength is the length of coreText for any text', () => {
    const piece = fc.constantFrom(...'霸道总裁集话第全完结()【】《》 !·-12'.split(''), '34集', '(全集)', ' 第2集', '更新至');
    assertProperty(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const text = pieces.join('');
        assert.equal(coreLength(text), coreText(text).length);
      }),
      { numRuns: 500 },
    );
  });
});
