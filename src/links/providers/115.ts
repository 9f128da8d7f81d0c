/**
 * 115 (`115.com/s/<c>`, `115cdn.com/s/<c>`, `anxia.com/s/<c>`, `?password=<code>`), docs/link-health.md
 * "Providers": one snapshot request with the receive code. `alive` needs `state` true AND `share_state` 1,
 * not just a list (pansou#147 called removed shares alive from their list); a link with no code that
 * gets no snapshot is `locked`, since 115 shares are opened with a code.
 */
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, at, decide, type Row, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

const DEAD_WORDS = /过期|取消|删除|不存在/;
const CODE_WORDS = /访问码|提取码/;

const error = (answer: Answered) => textAt(answer.json, 'error');
/** The share's state: under `data`, or under `data.shareinfo` in the answers that carry it there. */
const shareState = (answer: Answered) => at(answer.json, 'data', 'share_state') ?? at(answer.json, 'data', 'shareinfo', 'share_state');

export const SNAP_TABLE = (hasCode: boolean): readonly Row[] => [
  {
    id: '115.snap.error-asks-to-slow-down',
    when: 'error asks to slow down',
    test: (a) => THROTTLE_WORDS.test(error(a)),
    means: 'throttled',
  },
  {
    id: '115.snap.state-true-and-share-state',
    when: 'state true and share_state 1',
    test: (a) => a.status === 200 && at(a.json, 'state') === true && shareState(a) === 1,
    means: 'alive',
  },
  { id: '115.snap.share-state-7', when: 'share_state 7', test: (a) => shareState(a) === 7, means: 'dead' },
  { id: '115.snap.error-says-the-share-is', when: 'error says the share is gone', test: (a) => DEAD_WORDS.test(error(a)), means: 'dead' },
  { id: '115.snap.error-asks-for-a-code', when: 'error asks for a code', test: (a) => CODE_WORDS.test(error(a)), means: 'locked' },
  {
    id: '115.snap.state-false-and-the-link',
    when: 'state false and the link has no code',
    test: (a) => !hasCode && at(a.json, 'state') === false,
    means: 'locked',
  },
];

export const oneOneFive: ProviderModule = {
  id: '115',
  hosts: ['115cdn.com'],
  sharePage: (share) => `https://115cdn.com/s/${share.shareId}`,
  async check(share: ShareLink, send) {
    const query = new URLSearchParams({ share_code: share.shareId, offset: '0', limit: '20', receive_code: share.code ?? '', cid: '' });
    const answer = await send({ method: 'GET', url: `https://115cdn.com/webapi/share/snap?${query}` });
    return ruling(decide('snap', answer, SNAP_TABLE(share.code !== undefined)));
  },
};
