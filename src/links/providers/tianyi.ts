/**
 * Tianyi, China Telecom's cloud (`cloud.189.cn/t/<code>`, `cloud.189.cn/web/share?code=<code>`, an
 * optional `（访问码：…）` after the link), docs/link-health.md "Tianyi": the share's info by its code; a
 * share behind an access code answers there without a `shareId`, so a link that carries one asks
 * `checkAccessCode` next. Gone shares answer a named code, in `res_code` or in the `errorCode` envelope
 * (HTTP 400): the names pansou and PanCheck read, and `ShareAuditNo`.
 */
import { randomInt } from 'node:crypto';
import { LINK_FORMS, type ShareLink } from '../../shared/share-links.js';
import type { ProviderDescriptor } from './provider.js';
import { type Answered, at, codeRows, decide, type Row, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

const DEAD_CODES = [
  'ShareInfoNotFound',
  'ShareNotFound',
  'FileNotFound',
  'ShareExpiredError',
  'ShareAuditNotPass',
  'ShareAuditNo',
  'FolderNotFound',
];

/** The named code of an answer: `res_code` when it is a name, else the `errorCode` envelope's. */
const namedCode = (answer: Answered) => {
  const resCode = at(answer.json, 'res_code');
  return typeof resCode === 'string' ? resCode : at(answer.json, 'errorCode');
};
const resCode = (answer: Answered) => at(answer.json, 'res_code');
const shared = (answer: Answered) => {
  const id = at(answer.json, 'shareId');
  return answer.status === 200 && resCode(answer) === 0 && typeof id === 'number' && id > 0;
};

export const INFO_TABLE = (hasCode: boolean): readonly Row[] => [
  ...codeRows('tianyi.info', DEAD_CODES, namedCode, 'dead', 'the share is gone'),
  {
    id: 'tianyi.info.slow-down',
    when: 'res_message asks to slow down',
    test: (a) => THROTTLE_WORDS.test(textAt(a.json, 'res_message')),
    means: 'throttled',
  },
  { id: 'tianyi.info.shared', when: 'res_code 0 with a shareId', test: shared, means: 'alive' },
  {
    id: 'tianyi.info.needs-code',
    when: 'needAccessCode 1',
    test: (a) => a.status === 200 && resCode(a) === 0 && at(a.json, 'needAccessCode') === 1,
    means: hasCode ? 'next' : 'locked',
  },
];

/** checkAccessCode only says whether the code opens the share: its other answers are not measured. */
export const ACCESS_TABLE: readonly Row[] = [
  { id: 'tianyi.access.shared', when: 'res_code 0 with a shareId', test: shared, means: 'alive' },
  ...codeRows('tianyi.access', ['ErrorAccessCode'], namedCode, 'locked', 'the access code is refused'),
];

const API = 'https://cloud.189.cn/api/open/share';
const HEADERS = { accept: 'application/json', 'sign-type': '1' };

export const tianyi: ProviderDescriptor = {
  id: 'tianyi',
  label: { zh: '天翼云盘', en: 'Tianyi' },
  link: LINK_FORMS.tianyi,
  apiHosts: ['cloud.189.cn'],
  defaultRatePerSecond: 1,
  sharePage: (share) => `https://cloud.189.cn/t/${share.shareId}`,
  rows: [...INFO_TABLE(false), ...ACCESS_TABLE],
  createCheck: () => async (share: ShareLink, send) => {
    const query = new URLSearchParams({ noCache: String(randomInt(1e9)), shareCode: share.shareId });
    const answer = await send({ method: 'GET', url: `${API}/getShareInfoByCodeV2.action?${query}`, headers: HEADERS });
    const info = decide('info', answer, INFO_TABLE(share.code !== undefined));
    if (info.means !== 'next' || !share.code) return ruling(info);
    const access = new URLSearchParams({ shareCode: share.shareId, accessCode: share.code });
    return ruling(
      decide('access', await send({ method: 'GET', url: `${API}/checkAccessCode.action?${access}`, headers: HEADERS }), ACCESS_TABLE),
    );
  },
};
