/**
 * Xunlei (`pan.xunlei.com/s/<id>[?pwd=<code>]`), docs/link-health.md "Providers": the share API wants a
 * captcha token, got from the captcha init handshake the web client does (as pansou and PanCheck do),
 * then the share request says its `share_status`. A `captcha_invalid` (HTTP 400) is a throttle, never a
 * verdict. The device id is random per process; the client id is the web client's public one.
 */
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, decide, type Row, ruling, THROTTLE_WORDS, textAt } from './verdict-table.js';

const CLIENT_ID = 'Xqp0kJBXWhwaTpB6';
const CLIENT_VERSION = '1.45.0';
/** A captcha token goes into a header: anything else in its place is not sent. */
const TOKEN = /^[A-Za-z0-9._~+/=:-]{1,2048}$/;
const DEAD_STATUSES = ['NOT_FOUND', 'SENSITIVE_RESOURCE', 'EXPIRED', 'DELETED'];
const LOCKED_STATUSES = ['PASS_CODE_EMPTY', 'PASS_CODE_ERROR'];

const error = (answer: Answered) => textAt(answer.json, 'error');
const shareStatus = (answer: Answered) => textAt(answer.json, 'share_status');

export const CAPTCHA_TABLE: readonly Row[] = [
  { when: 'captcha token', test: (a) => a.status === 200 && TOKEN.test(textAt(a.json, 'captcha_token')), means: 'next' },
  { when: 'captcha refused', test: (a) => error(a) === 'captcha_invalid' || THROTTLE_WORDS.test(error(a)), means: 'throttled' },
];

export const SHARE_TABLE: readonly Row[] = [
  { when: 'HTTP 400 captcha_invalid', test: (a) => a.status === 400 && error(a) === 'captcha_invalid', means: 'throttled' },
  { when: 'share_status OK', test: (a) => a.status === 200 && shareStatus(a) === 'OK', means: 'alive' },
  { when: 'share_status wants a code', test: (a) => LOCKED_STATUSES.includes(shareStatus(a)), means: 'locked' },
  { when: 'share_status says the share is gone', test: (a) => DEAD_STATUSES.includes(shareStatus(a)), means: 'dead' },
];

/** The Xunlei module for one device id (one per process, like one browser). */
export function xunlei(deviceId: string): ProviderModule {
  return {
    id: 'xunlei',
    hosts: ['xluser-ssl.xunlei.com', 'api-pan.xunlei.com'],
    sharePage: (share) => `https://pan.xunlei.com/s/${share.shareId}`,
    async check(share: ShareLink, send) {
      const captchaAnswer = await send({
        method: 'POST',
        url: 'https://xluser-ssl.xunlei.com/v1/shield/captcha/init',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: CLIENT_ID,
          action: 'get:/drive/v1/share',
          device_id: deviceId,
          meta: { package_name: 'pan.xunlei.com', client_version: CLIENT_VERSION, timestamp: String(Date.now()), user_id: '0' },
        }),
      });
      const captcha = decide('captcha', captchaAnswer, CAPTCHA_TABLE);
      if (captcha.means !== 'next' || captchaAnswer.kind !== 'answered') return ruling(captcha);
      const query = new URLSearchParams({ share_id: share.shareId, pass_code: share.code ?? '', limit: '100' });
      const answer = await send({
        method: 'GET',
        url: `https://api-pan.xunlei.com/drive/v1/share?${query}`,
        headers: { 'x-captcha-token': textAt(captchaAnswer.json, 'captcha_token'), 'x-client-id': CLIENT_ID, 'x-device-id': deviceId },
      });
      return ruling(decide('share', answer, SHARE_TABLE));
    },
  };
}
