/** The link forms of docs/link-health.md: provider, share id and code of each, and codes put into links. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseShareLink, withShareCode } from '../../src/shared/share-links.js';

describe('share links', () => {
  const cases: Array<[string, ReturnType<typeof parseShareLink>]> = [
    ['https://pan.quark.cn/s/abcd1234ef', { provider: 'quark', shareId: 'abcd1234ef', code: undefined }],
    ['https://pan.quark.cn/s/abcd1234ef?pwd=x9Yz', { provider: 'quark', shareId: 'abcd1234ef', code: 'x9Yz' }],
    ['https://pan.baidu.com/s/1AbC-d_eF?pwd=1234', { provider: 'baidu', shareId: 'AbC-d_eF', code: '1234' }],
    ['https://pan.baidu.com/share/init?surl=AbCdEf', { provider: 'baidu', shareId: 'AbCdEf', code: undefined }],
    ['https://www.alipan.com/s/Ab12Cd34Ef5', { provider: 'alipan', shareId: 'Ab12Cd34Ef5', code: undefined }],
    ['https://www.aliyundrive.com/s/Ab12Cd34Ef5', { provider: 'alipan', shareId: 'Ab12Cd34Ef5', code: undefined }],
    ['https://www.123684.com/s/abc-XYZ12', { provider: '123pan', shareId: 'abc-XYZ12', code: undefined }],
    ['https://www.123pan.com/s/abc-XYZ12.html', { provider: '123pan', shareId: 'abc-XYZ12', code: undefined }],
    ['https://cloud.189.cn/t/AbCdEf12', { provider: 'tianyi', shareId: 'AbCdEf12', code: undefined }],
    ['https://cloud.189.cn/t/AbCdEf12（访问码：q1w2）', { provider: 'tianyi', shareId: 'AbCdEf12', code: 'q1w2' }],
    [
      'https://cloud.189.cn/t/AbCdEf12%EF%BC%88%E8%AE%BF%E9%97%AE%E7%A0%81%EF%BC%9Aq1w2%EF%BC%89',
      { provider: 'tianyi', shareId: 'AbCdEf12', code: 'q1w2' },
    ],
    ['https://cloud.189.cn/web/share?code=AbCdEf12', { provider: 'tianyi', shareId: 'AbCdEf12', code: undefined }],
    ['https://115cdn.com/s/sw3abcd12?password=a1b2', { provider: '115', shareId: 'sw3abcd12', code: 'a1b2' }],
    ['https://anxia.com/s/sw3abcd12', { provider: '115', shareId: 'sw3abcd12', code: undefined }],
    ['https://drive.uc.cn/s/0a1b2c3d4e?public=1', { provider: 'uc', shareId: '0a1b2c3d4e', code: undefined }],
    ['https://pan.xunlei.com/s/VNaBcDeFg12?pwd=abcd#', { provider: 'xunlei', shareId: 'VNaBcDeFg12', code: 'abcd' }],
  ];
  // Each keeps its own host, which is always one of its form's fixed hosts.
  for (const [link, expected] of cases)
    test(link, () => assert.deepEqual(parseShareLink(link), expected && { ...expected, host: new URL(link).hostname }));

  test("123pan keeps the link's host, lower-cased, only for its own alias hosts", () => {
    assert.equal(parseShareLink('https://YUN.123pan.com/s/abc-XYZ12')?.host, 'yun.123pan.com');
    assert.equal(parseShareLink('https://123912.com/s/abc-XYZ12')?.host, '123912.com');
    assert.equal(parseShareLink('https://evil.example/s/abc-XYZ12'), undefined);
  });

  test('links of other hosts, malformed ids and odd codes', () => {
    assert.equal(parseShareLink('https://example.com/s/abcd1234'), undefined);
    assert.equal(parseShareLink('https://pan.quark.cn.evil.example/s/abcd1234'), undefined);
    assert.equal(parseShareLink('https://pan.quark.cn/s/ab%2F..%2Fcd'), undefined);
    assert.equal(parseShareLink('https://pan.quark.cn/list'), undefined);
    assert.equal(parseShareLink('https://pan.baidu.com/s/AbCdEf'), undefined, 'a Baidu share id starts with 1');
    assert.equal(parseShareLink('ftp://pan.quark.cn/s/abcd1234'), undefined);
    assert.equal(parseShareLink('https://pan.quark.cn/s/abcd1234?pwd=a%26b')?.code, undefined);
  });

  test('a posted code is carried the way the provider carries one', () => {
    assert.equal(withShareCode('https://pan.quark.cn/s/abcd1234', 'x9Yz'), 'https://pan.quark.cn/s/abcd1234?pwd=x9Yz');
    assert.equal(withShareCode('https://115.com/s/sw3abcd12', 'a1b2'), 'https://115.com/s/sw3abcd12?password=a1b2');
    assert.equal(withShareCode('https://cloud.189.cn/t/AbCdEf12', 'q1w2'), 'https://cloud.189.cn/t/AbCdEf12（访问码：q1w2）');
    assert.equal(withShareCode('https://pan.quark.cn/s/abcd1234?pwd=keep', 'x9Yz'), 'https://pan.quark.cn/s/abcd1234?pwd=keep');
    assert.equal(withShareCode('https://example.com/a', 'x9Yz'), 'https://example.com/a');
    assert.equal(parseShareLink(withShareCode('https://cloud.189.cn/t/AbCdEf12', 'q1w2'))?.code, 'q1w2');
  });
});
