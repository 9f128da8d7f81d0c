/**
 * Xunlei (`pan.xunlei.com/s/<id>[?pwd=<code>]`), docs/link-health.md "Providers": the share API wants a
 * captcha token, got from the captcha init handshake a Xunlei client does (signed as public Xunlei
 * clients sign it), then the share request says its `share_status`. A refused handshake or a
 * `captcha_invalid` (HTTP 400) is a throttle, never a verdict. The device id is random per checker.
 */
import { createHash } from 'node:crypto';
import { LINK_FORMS, type ShareLink } from '../../shared/share-links.js';
import type { SendRequest } from '../provider-http.js';
import type { CheckContext, CheckShare, ProviderDescriptor } from './provider.js';
import { type Answered, codeRows, decide, type Row, type Ruling, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

/**
 * The client a captcha is signed as (its id, version and package go into the signature). They drift with
 * Xunlei's releases, and a wrong group answers "no client info found": `links probe` prints them.
 */
export const XUNLEI_CLIENT = { id: 'ZUBzD9J_XPXfn7f7', version: '1.10.0.2633', packageName: 'com.xunlei.browser' };
/** That client's signing salts: the signature is an MD5 chain over the request facts and each salt. */
const SIGN_SALTS = [
  'uWRwO7gPfdPB/0NfPtfQO+71',
  'F93x+qPluYy6jdgNpq+lwdH1ap6WOM+nfz8/V',
  '0HbpxvpXFsBK5CoTKam',
  'dQhzbhzFRcawnsZqRETT9AuPAJ+wTQso82mRv',
  'SAH98AmLZLRa6DB2u68sGhyiDh15guJpXhBzI',
  'unqfo7Z64Rie9RNHMOB',
  '7yxUdFADp3DOBvXdz0DPuKNVT35wqa5z0DEyEvf',
  'RBG',
  'ThTWPG5eC0UBqlbQ+04nZAptqGCdpv9o55A',
];
/** A captcha token goes into a header: anything else in its place is not sent. */
const TOKEN = /^[A-Za-z0-9._~+/=:-]{1,2048}$/;
const DEAD_STATUSES = ['NOT_FOUND', 'SENSITIVE_RESOURCE', 'EXPIRED', 'DELETED'];
const LOCKED_STATUSES = ['PASS_CODE_EMPTY', 'PASS_CODE_ERROR'];

const error = (answer: Answered) => textAt(answer.json, 'error');
const shareStatus = (answer: Answered) => textAt(answer.json, 'share_status');

export const CAPTCHA_TABLE: readonly Row[] = [
  {
    id: 'xunlei.captcha.url',
    when: 'a captcha url (a person must solve it)',
    test: (a) => textAt(a.json, 'url') !== '',
    means: 'throttled',
  },
  {
    id: 'xunlei.captcha.token',
    when: 'a captcha_token',
    test: (a) => a.status === 200 && TOKEN.test(textAt(a.json, 'captcha_token')),
    means: 'next',
  },
  {
    id: 'xunlei.captcha.refused',
    when: 'captcha_invalid or a word asking to slow down',
    test: (a) => error(a) === 'captcha_invalid' || THROTTLE_WORDS.test(error(a)),
    means: 'throttled',
  },
];

export const SHARE_TABLE: readonly Row[] = [
  { id: 'xunlei.share.captcha_invalid', when: 'captcha_invalid', test: (a) => error(a) === 'captcha_invalid', means: 'throttled' },
  { id: 'xunlei.share.OK', when: 'share_status OK', test: (a) => a.status === 200 && shareStatus(a) === 'OK', means: 'alive' },
  ...codeRows('xunlei.share', LOCKED_STATUSES, shareStatus, 'locked', 'share_status wants a code'),
  ...codeRows('xunlei.share', DEAD_STATUSES, shareStatus, 'dead', 'share_status says the share is gone'),
];

/** At most this many checks of one checker in flight: osec's spider runs 3, each with its own token. */
export const MAX_IN_FLIGHT = 3;

/**
 * The Xunlei check of one checker (one device id, like one browser). Every check does its own captcha
 * handshake: a token shared across checks soon answers `captcha_invalid` (osec, 2026-09), so a token is
 * used once, and at most MAX_IN_FLIGHT checks run at once (the others wait their turn).
 */
function xunleiCheck({ deviceId, now }: CheckContext): CheckShare {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const enter = async () => {
    while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight += 1;
  };
  const leave = () => {
    inFlight -= 1;
    waiting.shift()?.();
  };

  async function captchaToken(send: SendRequest): Promise<{ token: string } | { refused: Ruling }> {
    const timestamp = String(now());
    const answer = await send({
      method: 'POST',
      url: 'https://xluser-ssl.xunlei.com/v1/shield/captcha/init',
      headers: { 'content-type': 'application/json', ...clientHeaders(deviceId), 'x-client-version': XUNLEI_CLIENT.version },
      body: JSON.stringify({
        action: 'get:/drive/v1/share',
        captcha_token: '',
        client_id: XUNLEI_CLIENT.id,
        device_id: deviceId,
        meta: {
          timestamp,
          captcha_sign: captchaSign(deviceId, timestamp),
          client_version: XUNLEI_CLIENT.version,
          package_name: XUNLEI_CLIENT.packageName,
        },
        redirect_uri: 'xlaccsdk01://xunlei.com/callback?state=harbor',
      }),
    });
    const captcha = decide('captcha', answer, CAPTCHA_TABLE);
    if (captcha.means !== 'next' || answer.kind !== 'answered') return { refused: ruling(captcha) };
    return { token: textAt(answer.json, 'captcha_token') };
  }

  return async (share: ShareLink, send) => {
    await enter();
    try {
      return await checkOnce(share, send);
    } finally {
      leave();
    }
  };

  async function checkOnce(share: ShareLink, send: SendRequest): Promise<Ruling> {
    const captcha = await captchaToken(send);
    if ('refused' in captcha) return captcha.refused;
    const query = new URLSearchParams({ share_id: share.shareId, pass_code: share.code ?? '', limit: '100' });
    const answer = await send({
      method: 'GET',
      url: `https://api-pan.xunlei.com/drive/v1/share?${query}`,
      headers: { 'x-captcha-token': captcha.token, ...clientHeaders(deviceId) },
    });
    return ruling(decide('share', answer, SHARE_TABLE));
  }
}

export const xunlei: ProviderDescriptor = {
  id: 'xunlei',
  label: { zh: '迅雷云盘', en: 'Xunlei' },
  link: LINK_FORMS.xunlei,
  apiHosts: ['xluser-ssl.xunlei.com', 'api-pan.xunlei.com'],
  defaultRatePerSecond: 1,
  sharePage: (share) => `https://pan.xunlei.com/s/${share.shareId}`,
  rows: [...CAPTCHA_TABLE, ...SHARE_TABLE],
  createCheck: xunleiCheck,
};

const clientHeaders = (deviceId: string) => ({ 'x-client-id': XUNLEI_CLIENT.id, 'x-device-id': deviceId });

/** `1.` and the MD5 chain over client id, version, package, device id and time, salt by salt. */
export function captchaSign(deviceId: string, timestamp: string): string {
  let content = `${XUNLEI_CLIENT.id}${XUNLEI_CLIENT.version}${XUNLEI_CLIENT.packageName}${deviceId}${timestamp}`;
  for (const salt of SIGN_SALTS)
    content = createHash('md5')
      .update(content + salt)
      .digest('hex');
  return `1.${content}`;
}
