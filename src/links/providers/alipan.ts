/**
 * alipan, formerly aliyundrive (`www.alipan.com/s/<id>`, `www.aliyundrive.com/s/<id>`), docs/link-health.md
 * "alipan": one anonymous request for the share's summary. The dead codes are the ones funflix measured
 * (2026-08, NotFound.ShareLink with HTTP 404) and pansou reads; an empty share (`file_count` 0) is never
 * dead, named or not, since password shares and named shares report 0 too. The request does not verify a
 * code, so a link that carries one is judged by the summary alone. alipan's quota is hourly and small
 * (funflix: a third of the calls throttled at 1/s), hence its low default rate. Round 5 adds the dead codes
 * of osec's production table (2026-09-16): `ShareLink.Forbidden` (a share blocked for a violation, also
 * alist-tvbox#698), `ShareLink.ContentInvalid`, `NotFound.Drive`, and a named share that counts files but
 * lists none (`file_infos` empty: the content was removed); an empty body is osec's throttle.
 */
import { LINK_FORMS, type ShareLink } from '../../shared/share-links.js';
import type { ProviderDescriptor } from './provider.js';
import { type Answered, at, codeRows, decide, type Row, ruling, textAt } from './verdict-table.js';

const THROTTLE_CODES = ['TooManyRequests', 'Throttling', 'ParamFlowException'];
const DEAD_CODES = [
  'NotFound.ShareLink',
  'ShareLink.Cancelled',
  'ShareLink.Expired',
  'ForbiddenShareLinkViolation',
  'ShareLink.Forbidden',
  'ShareLink.ContentInvalid',
  'NotFound.Drive',
];

const code = (answer: Answered) => textAt(answer.json, 'code');
const named = (answer: Answered) => textAt(answer.json, 'share_name') !== '' || textAt(answer.json, 'share_title') !== '';
const summary = (answer: Answered) => answer.status === 200 && code(answer) === '';
const fileInfos = (answer: Answered) => at(answer.json, 'file_infos');
const countsFiles = (answer: Answered) => {
  const count = at(answer.json, 'file_count');
  return typeof count === 'number' && count > 0;
};
const listsNone = (answer: Answered) => Array.isArray(fileInfos(answer)) && (fileInfos(answer) as unknown[]).length === 0;
const listsSome = (answer: Answered) => Array.isArray(fileInfos(answer)) && (fileInfos(answer) as unknown[]).length > 0;
const passwordShare = (answer: Answered) => at(answer.json, 'has_pwd') === true;

export const SHARE_TABLE = (hasCode: boolean): readonly Row[] => [
  {
    id: 'alipan.share.empty-body',
    when: 'an empty body (osec)',
    test: (a) => a.status === 200 && a.text.trim() === '',
    means: 'throttled',
  },
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
  {
    id: 'alipan.share.content-removed',
    when: 'a name, file_count > 0 and file_infos empty (osec)',
    test: (a) => summary(a) && named(a) && !passwordShare(a) && countsFiles(a) && listsNone(a),
    means: 'dead',
  },
  {
    id: 'alipan.share.named',
    when: 'a share_name or share_title, and files listed when it counts any',
    // A password share lists nothing before its code: the code in the link (not verified) stands for it.
    test: (a) => summary(a) && named(a) && (passwordShare(a) || !countsFiles(a) || listsSome(a)),
    means: 'alive',
  },
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
