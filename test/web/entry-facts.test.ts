// The facts an entry shows that are this page's own: the drive named from the link's host, whether a
// link may become a link, and which characters of a title a keyword marks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { highlight } from '../../src/web/highlight.js';
import { linkFacts } from '../../src/web/providers.js';

describe('the drive of a link', () => {
  test('known hosts and their sub-domains are named in both languages; others show their host', () => {
    const cases: Array<[string, string, string]> = [
      ['https://pan.quark.cn/s/a', '夸克网盘', 'Quark'],
      ['https://pan.baidu.com/s/1a', '百度网盘', 'Baidu'],
      ['https://www.alipan.com/s/a', '阿里云盘', 'Alipan'],
      ['https://www.aliyundrive.com/s/a', '阿里云盘', 'Alipan'],
      ['https://pan.xunlei.com/s/a', '迅雷云盘', 'Xunlei'],
      ['https://drive.uc.cn/s/a', 'UC 网盘', 'UC'],
      ['https://115.com/s/a', '115 网盘', '115'],
      ['https://www.123pan.com/s/a', '123 云盘', '123'],
      ['https://www.123684.com/s/a', '123 云盘', '123'],
      ['https://cloud.189.cn/t/a', '天翼云盘', 'Tianyi'],
      ['http://www.example.org/a', 'example.org', 'example.org'],
    ];
    for (const [link, zh, en] of cases) {
      assert.deepEqual(linkFacts(link, 'zh'), { openable: true, provider: zh }, link);
      assert.equal(linkFacts(link, 'en').provider, en, link);
    }
  });

  test('only http(s) links may be opened', () => {
    assert.equal(linkFacts('javascript:alert(1)', 'zh').openable, false);
    assert.equal(linkFacts('data:text/html,<b>x</b>', 'zh').openable, false);
    assert.equal(linkFacts('ftp://pan.quark.cn/a', 'zh').openable, false);
    assert.deepEqual(linkFacts('not a url', 'zh'), { openable: false, provider: '' });
  });
});

describe('marking a keyword in a title', () => {
  const marked = (title: string, keyword: string) =>
    highlight(title, keyword)
      .map((piece) => (piece.hit ? `[${piece.text}]` : piece.text))
      .join('');

  test('literal, case, width and traditional forms are marked where they stand in the title', () => {
    assert.equal(marked('霸道总裁爱上我', '总裁'), '霸道[总裁]爱上我');
    assert.equal(marked('I LOVE you, love', 'love'), 'I [LOVE] you, [love]');
    assert.equal(marked('ＡＢＣ剧场', 'abc'), '[ＡＢＣ]剧场');
    assert.equal(marked('總裁的逆襲', '总裁'), '[總裁]的逆襲');
  });

  test('each term of a several-term keyword is marked; no match or no keyword leaves the title whole', () => {
    assert.equal(marked('重生之战神归来', '战神 重生'), '[重生]之[战神]归来');
    assert.equal(marked('霸道总裁', 'bdzc'), '霸道总裁');
    assert.deepEqual(highlight('<b>x</b>', undefined), [{ text: '<b>x</b>', hit: false }]);
  });
});
