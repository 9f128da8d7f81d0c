/**
 * Quark (`pan.quark.cn/s/<id>[?pwd=<code>]`), docs/link-health.md "Providers": the share page's token
 * request says whether the share exists and whether the code fits; with a token, the detail request says
 * whether it still lists files. Two tables, one per request; codes we have not seen are `unknown` unless
 * the message plainly says the share is gone or wants a code.
 */
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, at, decide, isEmptyArray, isNonEmptyArray, type Row, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

const LOCKED_CODES = [41007, 41008, 41021];
const DEAD_CODES = [41004, 41005, 41006, 41009, 41010, 41011, 41012, 41019, 41024, 41025, 41029, 41030, 41031];
const DEAD_WORDS = /不存在|失效|违规|过期|取消|删除/;
const LOCK_WORDS = /提取码|密码/;

const code = (answer: Answered) => at(answer.json, 'code');
const message = (answer: Answered) => textAt(answer.json, 'message');
const otherCode = (answer: Answered) => typeof code(answer) === 'number' && code(answer) !== 0;

export const TOKEN_TABLE: readonly Row[] = [
  {
    id: 'quark.token.token-code-0-with-a',
    when: 'token code 0 with a stoken',
    test: (a) => code(a) === 0 && textAt(a.json, 'data', 'stoken') !== '',
    means: 'next',
  },
  {
    id: 'quark.token.token-message-asks-to-slow',
    when: 'token message asks to slow down',
    test: (a) => THROTTLE_WORDS.test(message(a)),
    means: 'throttled',
  },
  {
    id: 'quark.token.token-code-needs-a-code',
    when: 'token code needs a code (41007/41008/41021)',
    test: (a) => LOCKED_CODES.includes(code(a) as number),
    means: 'locked',
  },
  {
    id: 'quark.token.token-code-says-the-share',
    when: 'token code says the share is gone',
    test: (a) => DEAD_CODES.includes(code(a) as number),
    means: 'dead',
  },
  {
    id: 'quark.token.token-message-says-the-share',
    when: 'token message says the share is gone',
    test: (a) => otherCode(a) && DEAD_WORDS.test(message(a)),
    means: 'dead',
  },
  {
    id: 'quark.token.token-message-asks-for-a',
    when: 'token message asks for a code',
    test: (a) => otherCode(a) && LOCK_WORDS.test(message(a)),
    means: 'locked',
  },
];

export const DETAIL_TABLE: readonly Row[] = [
  {
    id: 'quark.detail.detail-message-asks-to-slow',
    when: 'detail message asks to slow down',
    test: (a) => THROTTLE_WORDS.test(message(a)),
    means: 'throttled',
  },
  {
    id: 'quark.detail.detail-lists-files',
    when: 'detail lists files',
    test: (a) => a.status === 200 && code(a) === 0 && isNonEmptyArray(at(a.json, 'data', 'list')),
    means: 'alive',
  },
  {
    id: 'quark.detail.detail-lists-nothing',
    when: 'detail lists nothing',
    test: (a) => a.status === 200 && code(a) === 0 && isEmptyArray(at(a.json, 'data', 'list')),
    means: 'dead',
  },
];

export const quark: ProviderModule = {
  id: 'quark',
  hosts: ['drive-h.quark.cn', 'drive-pc.quark.cn'],
  sharePage: (share) => `https://pan.quark.cn/s/${share.shareId}`,
  async check(share: ShareLink, send) {
    const tokenAnswer = await send({
      method: 'POST',
      url: 'https://drive-h.quark.cn/1/clouddrive/share/sharepage/token',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pwd_id: share.shareId, passcode: share.code ?? '', support_visit_limit_private_share: true }),
    });
    const token = decide('token', tokenAnswer, TOKEN_TABLE);
    if (token.means !== 'next' || tokenAnswer.kind !== 'answered') return ruling(token);
    const stoken = textAt(tokenAnswer.json, 'data', 'stoken');
    const query = new URLSearchParams({ pwd_id: share.shareId, stoken, ver: '2', pr: 'ucpro' });
    const detail = await send({ method: 'GET', url: `https://drive-pc.quark.cn/1/clouddrive/share/sharepage/detail?${query}` });
    return ruling(decide('detail', detail, DETAIL_TABLE));
  },
};
