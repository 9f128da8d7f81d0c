/**
 * Baidu (`pan.baidu.com/s/1<surl>[?pwd=<code>]`, `pan.baidu.com/share/init?surl=<surl>`), docs/link-health.md
 * "Providers": a link with a code first verifies it (a right code gives `randsk`, sent back as the
 * `BDCLND` cookie), then the share's root listing says whether it lists files. `errno` -62 is Baidu's
 * captcha / "too frequent", never a verdict.
 */
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, at, decide, isEmptyArray, isNonEmptyArray, type Row, ruling, textAt } from './verdict-table.js';

const DEAD_ERRNOS = [-7, -8, 105, 115, 117, 145];
/** randsk is a cookie value: anything else in its place is not sent. */
const RANDSK = /^[A-Za-z0-9%._~+/=-]{1,512}$/;

const errno = (answer: Answered) => at(answer.json, 'errno');

export const VERIFY_TABLE: readonly Row[] = [
  {
    id: 'baidu.verify.verify-errno-0-with-randsk',
    when: 'verify errno 0 with randsk',
    test: (a) => errno(a) === 0 && RANDSK.test(textAt(a.json, 'randsk')),
    means: 'next',
  },
  {
    id: 'baidu.verify.verify-errno-62-captcha-too',
    when: 'verify errno -62 (captcha, too frequent)',
    test: (a) => errno(a) === -62,
    means: 'throttled',
  },
  { id: 'baidu.verify.verify-errno-9-wrong-code', when: 'verify errno -9 (wrong code)', test: (a) => errno(a) === -9, means: 'locked' },
  {
    id: 'baidu.verify.verify-errno-12-code-missing',
    when: 'verify errno -12 (code missing)',
    test: (a) => errno(a) === -12,
    means: 'locked',
  },
];

export const LIST_TABLE: readonly Row[] = [
  {
    id: 'baidu.list.list-errno-62-captcha-too',
    when: 'list errno -62 (captcha, too frequent)',
    test: (a) => errno(a) === -62,
    means: 'throttled',
  },
  {
    id: 'baidu.list.list-has-files',
    when: 'list has files',
    test: (a) => a.status === 200 && errno(a) === 0 && isNonEmptyArray(at(a.json, 'list')),
    means: 'alive',
  },
  {
    id: 'baidu.list.list-is-empty',
    when: 'list is empty',
    test: (a) => a.status === 200 && errno(a) === 0 && isEmptyArray(at(a.json, 'list')),
    means: 'dead',
  },
  {
    id: 'baidu.list.list-errno-9-12-code',
    when: 'list errno -9/-12 (code wrong or missing)',
    test: (a) => errno(a) === -9 || errno(a) === -12,
    means: 'locked',
  },
  {
    id: 'baidu.list.list-errno-says-the-share',
    when: 'list errno says the share is gone',
    test: (a) => DEAD_ERRNOS.includes(errno(a) as number),
    means: 'dead',
  },
];

export const baidu: ProviderModule = {
  id: 'baidu',
  hosts: ['pan.baidu.com'],
  sharePage: (share) => `https://pan.baidu.com/s/1${share.shareId}`,
  async check(share: ShareLink, send) {
    let cookie: Record<string, string> = {};
    if (share.code) {
      const verifyAnswer = await send({
        method: 'POST',
        url: `https://pan.baidu.com/share/verify?${new URLSearchParams({ surl: share.shareId, pwd: share.code })}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ pwd: share.code, vcode: '', vcode_str: '' }).toString(),
      });
      const verify = decide('verify', verifyAnswer, VERIFY_TABLE);
      if (verify.means !== 'next' || verifyAnswer.kind !== 'answered') return ruling(verify);
      cookie = { cookie: `BDCLND=${textAt(verifyAnswer.json, 'randsk')}` };
    }
    const query = new URLSearchParams({
      web: '1',
      page: '1',
      num: '20',
      order: 'time',
      desc: '1',
      showempty: '0',
      shorturl: share.shareId,
      root: '1',
      clienttype: '0',
    });
    const list = await send({ method: 'GET', url: `https://pan.baidu.com/share/list?${query}`, headers: cookie });
    return ruling(decide('list', list, LIST_TABLE));
  },
};
