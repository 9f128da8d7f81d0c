/**
 * alipan, formerly aliyundrive (`www.alipan.com/s/<id>`, `www.aliyundrive.com/s/<id>`), docs/link-health.md
 * "alipan": one anonymous request for the share's summary. The dead codes are the ones funflix measured
 * (2026-08, NotFound.ShareLink with HTTP 404) and pansou reads; an empty share (`file_count` 0) is never
 * dead, named or not, since password shares and named shares report 0 too. The request does not verify a
 * code, so a link that carries one is judged by the summary alone. alipan's quota is hourly and small
 * (funflix: a third of the calls throttled at 1/s), hence its low default rate.
 */
import { LINK_FORMS, type ShareLink } from '../../shared/share-links.js';
import type { ProviderDescriptor } from './provider.js';
import { type Answered, at, codeRows, decide, type Row, ruling, textAt } from './verdict-table.js';

const THROTTLE_CODES = ['TooManyRequests', 'Throttling', 'ParamFlowException'];
const DEAD_CODES = ['NotFound.ShareLink', 'ShareLink.Cancelled', 'ShareLink.Expired', 'ForbiddenShareLinkViolation'];

const code = (answer: Answered) => textAt(answer.json, 'code');
const named = (answer: Answered) => textAt(answer.json, 'share_name') !== '' || textAt(answer.json, 'share_title') !== '';
const summary = (answer: Answered) => answer.status === 200 && code(answer) === '';

export const SHARE_TABLE = (hasCode: boolean): readonly Row[] => [
  ...codeRows('alipan.share', THROTTLE_CODES, code, 'throttled', 'flow control'),
  ...codeRows('alipan.share', DEAD_CODES, code, 'dead', 'the share is gone'),
  {
    id: 'alipan.share.needs-code',
    when: 'has_pwd true and the link has no code',
    test: (a) => summary(a) && !hasCode && at(a.json, 'has_pwd') === true,
    means: 'locked',
  },
  // Password shares report 0 too: `has_pwd` with a code in the link goes on to the name.
  {
    id: 'alipan.share.file-count-0',
    when: 'file_count 0 (never measured dead)',
    test: (a) => summary(a) && at(a.json, 'file_count') === 0 && at(a.json, 'has_pwd') !== true,
    means: 'unknown',
  },
  { id: 'alipan.share.named', when: 'a share_name or share_title', test: (a) => summary(a) && named(a), means: 'alive' },
];

export const alipan: ProviderDescriptor = {
  id: 'alipan',
  label: { zh: '阿里云盘', en: 'Alipan' },
  link: LINK_FORMS.alipan,
  apiHosts: ['api.aliyundrive.com'],
  defaultRatePerSecond: 0.2,
  sharePage: (share) => `https://www.alipan.com/s/${share.shareId}`,
  rows: SHARE_TABLE(false),
  createCheck: () => async (share: ShareLink, send) => {
    const answer = await send({
      method: 'POST',
      url: `https://api.aliyundrive.com/adrive/v3/share_link/get_share_by_anonymous?${new URLSearchParams({ share_id: share.shareId })}`,
      headers: { 'content-type': 'application/json', 'x-canary': 'client=web,app=share,version=v2.3.1' },
      body: JSON.stringify({ share_id: share.shareId }),
    });
    return ruling(decide('share', answer, SHARE_TABLE(share.code !== undefined)));
  },
};
