/**
 * alipan, formerly aliyundrive (`www.alipan.com/s/<id>`, `www.aliyundrive.com/s/<id>`), docs/link-health.md
 * "Providers": one anonymous request for the share's summary. Its flow-control codes are throttles; a code
 * is not verified by this request, so a link that carries one is judged by the summary alone.
 */
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, at, decide, type Row, ruling, textAt } from './verdict-table.js';

const THROTTLE_CODES = ['ParamFlowException', 'TooManyRequests'];
const DEAD_CODES = ['NotFound.ShareLink', 'ShareLink.Cancelled', 'ShareLinkExpired'];

const code = (answer: Answered) => textAt(answer.json, 'code');
const fileCount = (answer: Answered) => at(answer.json, 'file_count');
const named = (answer: Answered) => textAt(answer.json, 'share_name') !== '' || textAt(answer.json, 'share_title') !== '';

/** Rows that look at whether the link carries a code take it beside the answer. */
export const SHARE_TABLE = (hasCode: boolean): readonly Row[] => [
  {
    id: 'alipan.share.flow-control-paramflowexception-toomanyrequests',
    when: 'flow control (ParamFlowException, TooManyRequests)',
    test: (a) => THROTTLE_CODES.includes(code(a)),
    means: 'throttled',
  },
  {
    id: 'alipan.share.code-says-the-share-is',
    when: 'code says the share is gone',
    test: (a) => DEAD_CODES.includes(code(a)),
    means: 'dead',
  },
  {
    id: 'alipan.share.has-pwd-and-the-link',
    when: 'has_pwd and the link has no code',
    test: (a) => !hasCode && at(a.json, 'has_pwd') === true,
    means: 'locked',
  },
  {
    id: 'alipan.share.named-share-with-files',
    when: 'named share with files',
    test: (a) => a.status === 200 && named(a) && typeof fileCount(a) === 'number' && (fileCount(a) as number) > 0,
    means: 'alive',
  },
  {
    id: 'alipan.share.share-with-no-files',
    when: 'share with no files',
    test: (a) => a.status === 200 && fileCount(a) === 0,
    means: 'dead',
  },
];

export const alipan: ProviderModule = {
  id: 'alipan',
  hosts: ['api.aliyundrive.com'],
  sharePage: (share) => `https://www.alipan.com/s/${share.shareId}`,
  async check(share: ShareLink, send) {
    const answer = await send({
      method: 'POST',
      url: `https://api.aliyundrive.com/adrive/v3/share_link/get_share_by_anonymous?${new URLSearchParams({ share_id: share.shareId })}`,
      headers: { 'content-type': 'application/json', 'x-canary': 'client=web,app=share,version=v2.3.1' },
      body: JSON.stringify({ share_id: share.shareId }),
    });
    return ruling(decide('share', answer, SHARE_TABLE(share.code !== undefined)));
  },
};
