/** The title rules of docs/sources.md ("Titles"), one posted line each. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanTitle } from '../../src/sources/post-title.js';

test('decoration, labels, tags and episode counts come off a posted title', () => {
  const cases: Array<[string, string]> = [
    ['【霸道总裁爱上我】', '霸道总裁爱上我'],
    ['名称：霸道总裁爱上我（全80集）', '霸道总裁爱上我'],
    ['🎬 重生之我是大魔王 #短剧 #热门', '重生之我是大魔王'],
    ['【短剧】闪婚老公是首富 更新至12集', '闪婚老公是首富'],
    ['剧名：回到过去当首富【完结】', '回到过去当首富'],
    ['🔥🔥 新剧上线：夫人她马甲又掉了(1-80集)', '夫人她马甲又掉了'],
    ['《庆余年》第二季 4K', '庆余年 第二季 4K'],
    ['#短剧 #热门', ''],
  ];
  for (const [posted, title] of cases) assert.equal(cleanTitle(posted), title, posted);
});
