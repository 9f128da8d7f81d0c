/**
 * Tianyi, China Telecom's cloud (`cloud.189.cn/t/<code>`, `cloud.189.cn/web/share?code=<code>`, an
 * optional `（访问码：…）` after the link), docs/link-health.md "Providers": one request for the share's
 * info. Gone shares answer a named `res_code`; the access code is not verified by this request, so only a
 * link without one is `locked` by `needAccessCode`.
 */
import { randomInt } from 'node:crypto';
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, at, decide, type Row, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

const DEAD_CODES = ['ShareInfoNotFound', 'ShareNotFound', 'FileNotFound', 'ShareExpiredError', 'ShareAuditNotPass', 'FolderNotFound'];

const resCode = (answer: Answered) => at(answer.json, 'res_code');
const shareId = (answer: Answered) => at(answer.json, 'shareId');

export const INFO_TABLE = (hasCode: boolean): readonly Row[] => [
  {
    id: 'tianyi.info.res-code-says-the-share',
    when: 'res_code says the share is gone',
    test: (a) => DEAD_CODES.includes(resCode(a) as string),
    means: 'dead',
  },
  {
    id: 'tianyi.info.res-message-asks-to-slow',
    when: 'res_message asks to slow down',
    test: (a) => THROTTLE_WORDS.test(textAt(a.json, 'res_message')),
    means: 'throttled',
  },
  {
    id: 'tianyi.info.needaccesscode-and-the-link-has',
    when: 'needAccessCode and the link has no code',
    test: (a) => resCode(a) === 0 && !hasCode && at(a.json, 'needAccessCode') === 1,
    means: 'locked',
  },
  {
    id: 'tianyi.info.res-code-0-with-a',
    when: 'res_code 0 with a shareId',
    test: (a) => a.status === 200 && resCode(a) === 0 && typeof shareId(a) === 'number' && (shareId(a) as number) > 0,
    means: 'alive',
  },
];

export const tianyi: ProviderModule = {
  id: 'tianyi',
  hosts: ['cloud.189.cn'],
  sharePage: (share) => `https://cloud.189.cn/t/${share.shareId}`,
  async check(share: ShareLink, send) {
    const query = new URLSearchParams({ noCache: String(randomInt(1e9)), shareCode: share.shareId });
    const answer = await send({
      method: 'GET',
      url: `https://cloud.189.cn/api/open/share/getShareInfoByCodeV2.action?${query}`,
      headers: { accept: 'application/json', 'sign-type': '1' },
    });
    return ruling(decide('info', answer, INFO_TABLE(share.code !== undefined)));
  },
};
