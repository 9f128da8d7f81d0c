/**
 * 123pan (`www.123pan.com/s/<key>` and the same key on its other domains), docs/link-health.md "123pan":
 * `/b/api/share/get` with the web client's `platform` and `app-version` headers (`/api/share/info` answers
 * an HTML 404 since 2026-09: pansearch). A 403 is its firewall pushing back. Code 5103 means both a wrong
 * code and a missing share; only the two measured messages tell them apart, matched whole (pansearch's
 * errno table), and anything else under 5103 is `unknown`. The request goes to the link's own host first
 * (one of the fixed alias hosts of LINK_FORMS, never a host from the data), and on an HTTP 404 there to
 * `www.123684.com`, where drpy sends every alias (tg-search saw `www.123pan.com` answer 404 to every
 * `/api` path in 2026). Which host serves the alias domains' keys is still disputed, so 123pan's dead
 * verdicts hide nothing until an operator allows it (LINK_CHECK_HIDE).
 */
import { LINK_FORMS, type ShareLink } from '../../shared/share-links.js';
import type { ProviderDescriptor } from './provider.js';
import { type Answered, at, decide, type Row, ruling, textAt } from './verdict-table.js';

/** The two measured answers under code 5103, compared whole (never searched for words). */
const WRONG_CODE_MESSAGE = '提取码错误';
const GONE_MESSAGE = '此分享不存在';

const code = (answer: Answered) => at(answer.json, 'code');
const message = (answer: Answered) => textAt(answer.json, 'message').trim();
const ok = (answer: Answered) => answer.status === 200 && code(answer) === 0;

export const GET_TABLE: readonly Row[] = [
  { id: '123pan.get.403', when: 'HTTP 403 (its firewall)', test: (a) => a.status === 403, means: 'throttled' },
  {
    id: '123pan.get.expired',
    when: 'code 0 and data.Expired true',
    test: (a) => ok(a) && at(a.json, 'data', 'Expired') === true,
    means: 'dead',
  },
  { id: '123pan.get.ok', when: 'code 0', test: ok, means: 'alive' },
  {
    id: '123pan.get.5103-wrong-code',
    when: `code 5103 "${WRONG_CODE_MESSAGE}"`,
    test: (a) => code(a) === 5103 && message(a) === WRONG_CODE_MESSAGE,
    means: 'locked',
  },
  {
    id: '123pan.get.5103-gone',
    when: `code 5103 "${GONE_MESSAGE}"`,
    test: (a) => code(a) === 5103 && message(a) === GONE_MESSAGE,
    means: 'dead',
  },
];

/** Where a key is asked when its own host answers 404 (drpy's Pan123). */
export const FALLBACK_HOST = 'www.123684.com';
const DEFAULT_HOST = 'www.123pan.com';

/** The hosts a share is asked on, in order: its own, then FALLBACK_HOST. */
export function hostsFor(share: ShareLink): string[] {
  const own = share.host && LINK_FORMS['123pan'].hosts.includes(share.host) ? share.host : DEFAULT_HOST;
  return own === FALLBACK_HOST ? [own] : [own, FALLBACK_HOST];
}

export const pan123: ProviderDescriptor = {
  id: '123pan',
  label: { zh: '123 云盘', en: '123' },
  link: LINK_FORMS['123pan'],
  apiHosts: LINK_FORMS['123pan'].hosts,
  defaultRatePerSecond: 1,
  sharePage: (share) => `https://${hostsFor(share)[0]}/s/${share.shareId}`,
  rows: GET_TABLE,
  createCheck: () => async (share: ShareLink, send) => {
    const query = new URLSearchParams({
      limit: '1',
      next: '1',
      orderBy: 'share_id',
      orderDirection: 'desc',
      shareKey: share.shareId,
      SharePwd: share.code ?? '',
      ParentFileId: '0',
      Page: '1',
    });
    const hosts = hostsFor(share);
    for (const [index, host] of hosts.entries()) {
      const answer = await send({
        method: 'GET',
        url: `https://${host}/b/api/share/get?${query}`,
        headers: { platform: 'web', 'app-version': '3' },
      });
      const last = index === hosts.length - 1;
      if (last || answer.kind !== 'answered' || answer.status !== 404) return ruling(decide('get', answer, GET_TABLE));
    }
    throw new Error('unreachable: the last host always decides');
  },
};
