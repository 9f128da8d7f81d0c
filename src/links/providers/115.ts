/**
 * 115 (`115.com/s/<c>`, `115cdn.com/s/<c>`, `anxia.com/s/<c>`, `?password=<code>`), docs/link-health.md
 * "115": one snapshot request with the receive code. The share state decides, not the list (pansou#147:
 * expired shares still list files), and it arrives as a number or a numeric string (115driver types it
 * so), under `data` or `data.shareinfo`. The errnos are the measured ones; 990002 for a forged id is not
 * "locked", it is `unknown` like every code no row names.
 */
import { LINK_FORMS, type ShareLink } from '../../shared/share-links.js';
import type { ProviderDescriptor } from './provider.js';
import { type Answered, at, codeRows, decide, type Row, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

/**
 * `share_state` as a number, whether sent as 1 or "1"; undefined for anything else, including "01" or
 * "1.0": only the two spellings someone measured decide.
 */
export function shareState(answer: Answered): number | undefined {
  const value = at(answer.json, 'data', 'share_state') ?? at(answer.json, 'data', 'shareinfo', 'share_state');
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^(0|[1-9]\d{0,2})$/.test(value) ? Number(value) : undefined;
}
const errno = (answer: Answered) => at(answer.json, 'errno');

export const SNAP_TABLE: readonly Row[] = [
  {
    id: '115.snap.slow-down',
    when: 'error asks to slow down',
    test: (a) => THROTTLE_WORDS.test(textAt(a.json, 'error')),
    means: 'throttled',
  },
  {
    id: '115.snap.state-1',
    when: 'state true and share_state 1',
    test: (a) => a.status === 200 && at(a.json, 'state') === true && shareState(a) === 1,
    means: 'alive',
  },
  { id: '115.snap.state-7', when: 'share_state 7 (expired)', test: (a) => shareState(a) === 7, means: 'dead' },
  ...codeRows('115.snap', [4100009, 4100026], errno, 'dead', 'the share is gone'),
  ...codeRows('115.snap', [4100012, 4100008], errno, 'locked', 'the receive code is missing or wrong'),
];

export const oneOneFive: ProviderDescriptor = {
  id: '115',
  label: { zh: '115 网盘', en: '115' },
  link: LINK_FORMS['115'],
  apiHosts: ['115cdn.com'],
  defaultRatePerSecond: 1,
  sharePage: (share) => `https://115cdn.com/s/${share.shareId}`,
  rows: SNAP_TABLE,
  createCheck: () => async (share: ShareLink, send) => {
    const query = new URLSearchParams({ share_code: share.shareId, offset: '0', limit: '20', receive_code: share.code ?? '', cid: '' });
    const answer = await send({ method: 'GET', url: `https://115cdn.com/webapi/share/snap?${query}` });
    return ruling(decide('snap', answer, SNAP_TABLE));
  },
};
