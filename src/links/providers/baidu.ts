/**
 * Baidu (`pan.baidu.com/s/1<surl>[?pwd=<code>]`, `pan.baidu.com/share/init?surl=<surl>`),
 * docs/link-health.md "Baidu". Without a `BAIDUID` cookie Baidu sends every request to an anti-crawl
 * page (kungal, 2026-06), so a checker first fetches one from the home page and keeps it for COOKIE_MS.
 * `shorturlinfo` (the token with its leading 1: without it the answer is always 2, pansearch) says alive
 * (0) or dead (-3); for -9 and -21 (disputed between checkers) the share page decides by its
 * server-rendered sentinels, and a link whose page asks for a code verifies its code. The gone sentinel is
 * read from the page's `<title>` only, parsed with htmlparser2 (never a match over the whole page: live
 * pages carry texts such as 部分文件违规，已被过滤, and a whole-page match deleted 930 live shares, osec
 * 2026-09). Verify answers 0
 * even for a deleted share with the right code (kungal), so it is asked only after the page showed the
 * share exists.
 */
import { selectOne } from 'css-select';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { LINK_FORMS, type ShareLink } from '../../shared/share-links.js';
import type { CheckContext, CheckShare, ProviderDescriptor } from './provider.js';
import { type Answered, at, codeRows, decide, type Row, ruling } from './verdict-table.js';

/** How long a checker keeps its BAIDUID (a browser keeps it far longer; an hour's half is polite and safe). */
export const COOKIE_MS = 30 * 60_000;
/** Baidu's global share frequency control and captcha errnos (pansearch). */
const THROTTLE_ERRNOS = [-62, -64, -65];
const BAIDUID = /(?:^|;\s*)BAIDUID=([A-Za-z0-9:=%._-]{1,256})/;
/** The share page's sentinels, measured exclusive (kungal: 2 dead of 5 coded shares). */
const GONE_SENTINEL = '链接不存在';
const CODE_SENTINEL = '请输入提取码';

const errno = (answer: Answered) => at(answer.json, 'errno');
const cookieOf = (answer: Answered) => (answer.cookies ?? []).map((cookie) => BAIDUID.exec(cookie)?.[1]).find(Boolean);
const redirected = (answer: Answered) => answer.status >= 300 && answer.status < 400;
/** The share page's `<title>` text, as the parser reads it (entities decoded); '' when the page has none. */
export function pageTitle(html: string): string {
  const title = selectOne('title', parseDocument(html).children);
  return title ? textContent(title).trim() : '';
}
const titleSays = (answer: Answered, sentinel: string) => pageTitle(answer.text).includes(sentinel);

export const WARM_TABLE: readonly Row[] = [
  { id: 'baidu.warm.cookie', when: 'a BAIDUID cookie', test: (a) => cookieOf(a) !== undefined, means: 'next', readsRedirect: true },
];

export const INFO_TABLE: readonly Row[] = [
  {
    id: 'baidu.shorturlinfo.anti-crawl',
    when: 'a redirect (the anti-crawl page)',
    test: redirected,
    means: 'throttled',
    readsRedirect: true,
  },
  ...codeRows('baidu.shorturlinfo', THROTTLE_ERRNOS, errno, 'throttled', 'frequency control'),
  { id: 'baidu.shorturlinfo.0', when: 'errno 0', test: (a) => a.status === 200 && errno(a) === 0, means: 'alive' },
  ...codeRows('baidu.shorturlinfo', [-3], errno, 'dead', 'the share is gone'),
  ...codeRows('baidu.shorturlinfo', [-9, -21], errno, 'next', 'the share page decides'),
];

export const PAGE_TABLE = (hasCode: boolean): readonly Row[] => [
  { id: 'baidu.page.anti-crawl', when: 'a redirect off pan.baidu.com', test: redirected, means: 'throttled', readsRedirect: true },
  {
    id: 'baidu.page.gone',
    when: `the page's <title> says ${GONE_SENTINEL}`,
    test: (a) => a.status === 200 && titleSays(a, GONE_SENTINEL) && !titleSays(a, CODE_SENTINEL),
    means: 'dead',
  },
  {
    id: 'baidu.page.asks-code',
    when: `the page's <title> says ${CODE_SENTINEL}`,
    test: (a) => a.status === 200 && titleSays(a, CODE_SENTINEL) && !titleSays(a, GONE_SENTINEL),
    means: hasCode ? 'next' : 'locked',
  },
];

export const VERIFY_TABLE: readonly Row[] = [
  ...codeRows('baidu.verify', THROTTLE_ERRNOS, errno, 'throttled', 'frequency control'),
  {
    id: 'baidu.verify.0',
    when: 'errno 0 (after the page showed the share)',
    test: (a) => a.status === 200 && errno(a) === 0,
    means: 'alive',
  },
  ...codeRows('baidu.verify', [-9, -12], errno, 'locked', 'the code is wrong or missing'),
];

const HOME = 'https://pan.baidu.com';
const WEB_CLIENT = { app_id: '250528', web: '1', channel: 'chunlei', clienttype: '0' };

function baiduCheck({ now }: CheckContext): CheckShare {
  let kept: { cookie: string; until: number } | undefined;
  return async (share: ShareLink, send) => {
    if (!kept || now() >= kept.until) {
      const warm = await send({ method: 'GET', url: `${HOME}/`, headers: { accept: 'text/html' } });
      const warmed = decide('warm', warm, WARM_TABLE);
      const cookie = warm.kind === 'answered' ? cookieOf(warm) : undefined;
      if (warmed.means !== 'next' || !cookie) return ruling(warmed);
      kept = { cookie: `BAIDUID=${cookie}`, until: now() + COOKIE_MS };
    }
    const headers = { cookie: kept.cookie };
    const infoQuery = new URLSearchParams({ ...WEB_CLIENT, shorturl: `1${share.shareId}` });
    const info = decide('shorturlinfo', await send({ method: 'GET', url: `${HOME}/api/shorturlinfo?${infoQuery}`, headers }), INFO_TABLE);
    if (info.means === 'throttled') kept = undefined; // a new cookie next time: this one may be marked
    if (info.means !== 'next') return ruling(info);
    const pageAnswer = await send({
      method: 'GET',
      url: `${HOME}/s/1${share.shareId}`,
      headers: { ...headers, accept: 'text/html' },
      followRedirects: true,
    });
    const page = decide('page', pageAnswer, PAGE_TABLE(share.code !== undefined));
    if (page.means !== 'next' || !share.code) return ruling(page);
    const verifyQuery = new URLSearchParams({ surl: share.shareId, t: String(now()), ...WEB_CLIENT });
    const verify = await send({
      method: 'POST',
      url: `${HOME}/share/verify?${verifyQuery}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pwd: share.code, vcode: '', vcode_str: '' }).toString(),
    });
    return ruling(decide('verify', verify, VERIFY_TABLE));
  };
}

export const baidu: ProviderDescriptor = {
  id: 'baidu',
  label: { zh: '百度网盘', en: 'Baidu' },
  link: LINK_FORMS.baidu,
  apiHosts: ['pan.baidu.com'],
  defaultRatePerSecond: 1,
  sharePage: (share) => `https://pan.baidu.com/s/1${share.shareId}`,
  rows: [...WARM_TABLE, ...INFO_TABLE, ...PAGE_TABLE(false), ...VERIFY_TABLE],
  createCheck: baiduCheck,
};
