/**
 * 123pan (`www.123pan.com/s/<key>` and the same key on its other domains), docs/link-health.md
 * "Providers": one request for the share's info. A 403 is its firewall pushing back, not a dead link; a
 * non-zero code is `dead` only when the message says the share is gone.
 */
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, at, decide, type Row, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

const DEAD_WORDS = /不存在|失效|删除|取消/;

const code = (answer: Answered) => at(answer.json, 'code');
const message = (answer: Answered) => textAt(answer.json, 'message');

export const INFO_TABLE = (hasCode: boolean): readonly Row[] => [
  { id: '123pan.info.http-403-firewall', when: 'HTTP 403 (firewall)', test: (a) => a.status === 403, means: 'throttled' },
  {
    id: '123pan.info.message-asks-to-slow-down',
    when: 'message asks to slow down',
    test: (a) => THROTTLE_WORDS.test(message(a)),
    means: 'throttled',
  },
  {
    id: '123pan.info.code-0-haspwd-and-the',
    when: 'code 0, HasPwd and the link has no code',
    test: (a) => a.status === 200 && code(a) === 0 && !hasCode && at(a.json, 'data', 'HasPwd') === true,
    means: 'locked',
  },
  { id: '123pan.info.code-0', when: 'code 0', test: (a) => a.status === 200 && code(a) === 0, means: 'alive' },
  {
    id: '123pan.info.message-says-the-share-is',
    when: 'message says the share is gone',
    test: (a) => typeof code(a) === 'number' && code(a) !== 0 && DEAD_WORDS.test(message(a)),
    means: 'dead',
  },
];

export const pan123: ProviderModule = {
  id: '123pan',
  hosts: ['www.123pan.com'],
  sharePage: (share) => `https://www.123pan.com/s/${share.shareId}`,
  async check(share: ShareLink, send) {
    const answer = await send({
      method: 'GET',
      url: `https://www.123pan.com/api/share/info?${new URLSearchParams({ shareKey: share.shareId })}`,
    });
    return ruling(decide('info', answer, INFO_TABLE(share.code !== undefined)));
  },
};
