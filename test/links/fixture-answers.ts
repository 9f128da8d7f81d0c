/**
 * What each fixture provider answers, by step and share id, in the shapes docs/link-health.md "Providers"
 * quotes from the checkers that measured real shares, HTTP statuses included (Quark's 41008 is a 404, its
 * 41010/41031 a 403, alipan's NotFound.ShareLink a 404, Tianyi's errorCode envelope a 400, 123pan's old
 * path an HTML 404, Baidu's answer without a cookie a 302 to its anti-crawl page). A share id names its
 * scenario; the ids every provider shares (alive1, locked1, dead1, captcha1) mean the same everywhere,
 * `dead-<code>` ids answer that provider's dead code and `code-<code>` ids a code no row names. Ids no
 * provider knows answer an unknown shape.
 */
import type { ProviderId } from '../../src/shared/share-links.js';

/** The code that opens every `locked1` share; any other code is wrong. */
export const FIXTURE_CODE = 'good1';
/** The BAIDUID the fixture's Baidu home page sets, and the anti-crawl page it sends cookie-less requests to. */
export const FIXTURE_BAIDUID = 'F1XTURE0BAIDUID:FG=1';
export const ANTI_CRAWL = 'https://wappass.baidu.com/static/captcha/tuxing.html';

export type Reply =
  | { status: number; body: string; type?: string; headers?: Record<string, string | string[]> }
  | { special: 'hang' | 'held' | 'reset' | 'slowbody' | 'oversized' | 'oversized-declared' | 'redirect' };

/** One request as the fixture reads it: the step, the share and code it names, and what else it carried. */
export interface Asked {
  step: string;
  /** Whether this is the provider's last request of a check (where the common scenarios answer). */
  last: boolean;
  shareId: string;
  code: string | undefined;
  /** Cookie (Baidu's BAIDUID) or header (Xunlei's captcha token, Quark's stoken) the request carried. */
  token: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body), type: 'application/json' });
const html = (status: number, body: string, headers?: Record<string, string>): Reply => ({
  status,
  body: `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`,
  type: 'text/html; charset=utf-8',
  ...(headers ? { headers } : {}),
});
const UNKNOWN_SHAPE: Reply = json(200, { hello: 'world' });

/** `dead-<x>` and `code-<x>` ids: the `<x>` part. */
const suffix = (prefix: string, id: string) => (id.startsWith(prefix) ? id.slice(prefix.length) : undefined);
/** Whether a `locked1` share opens with the code asked. */
const opens = (asked: Asked) => asked.shareId !== 'locked1' || asked.code === FIXTURE_CODE;

/** Measured Quark-family token answers: code, HTTP status, message. */
const QUARK_DEAD: Record<number, [number, string]> = {
  41004: [200, '分享已取消'],
  41006: [200, '分享不存在'],
  41011: [200, '分享已过期'],
  41012: [200, '分享已失效'],
  41010: [403, '分享违规'],
  41031: [403, '分享者账号异常'],
};

/** Quark, and UC on the same API (UC answers 41027 to every request without its Origin). */
function quarkFamily(asked: Asked, needsOrigin?: string): Reply {
  const { shareId: id, code } = asked;
  if (needsOrigin && (asked.headers.origin !== needsOrigin || asked.headers.referer !== `${needsOrigin}/`)) {
    return json(200, { status: 200, code: 41027, message: '分享不存在' });
  }
  if (asked.step === 'token') {
    if (id === 'locked1' && !code) return json(404, { status: 404, code: 41008, message: '需要提取码' });
    if (id === 'locked1' && code !== FIXTURE_CODE) return json(404, { status: 404, code: 41008, message: '提取码错误' });
    if (id === 'locked41005') return json(400, { status: 400, code: 41005, message: '请输入提取码' });
    if (id === 'dead1') return json(200, { status: 200, code: 41006, message: '分享不存在' });
    const dead = QUARK_DEAD[Number(suffix('dead-', id))];
    if (dead) return json(dead[0], { status: dead[0], code: Number(suffix('dead-', id)), message: dead[1] });
    const other = suffix('code-', id);
    if (other) return json(400, { status: 400, code: Number(other), message: '分享不存在' });
    if (id === 'msgdead1') return json(400, { status: 400, code: 40900, message: '分享已被取消' });
    if (id === 'othercode1') return json(400, { status: 400, code: 40902, message: 'something else' });
    if (id === 'captcha1') return json(200, { status: 200, code: 41013, message: '请求过于频繁' });
    if (id === 'slowwords1') return json(400, { status: 400, code: 40903, message: '请求过于频繁，请稍后再试' });
    if (id === 'nostoken1') return json(200, { status: 200, code: 0, message: 'ok', data: {} });
    return json(200, { status: 200, code: 0, message: 'ok', data: { stoken: `st+/${id}=` } });
  }
  if (asked.token !== `st+/${id}=`) return json(400, { status: 400, code: 41010, message: 'bad stoken' });
  const share = (partial: boolean) => ({ share_id: id, status: 1, partial_violation: partial });
  const files = [{ fid: 'f1', file_name: 'ep01.mp4' }];
  if (id === 'empty1') return json(200, { status: 200, code: 0, message: 'ok', data: { list: [], share: share(false) } });
  if (id === 'partial1') return json(200, { status: 200, code: 0, message: 'ok', data: { list: files, share: share(true) } });
  if (id === 'nolist1') return json(200, { status: 200, code: 0, message: 'ok', data: {} });
  if (id === 'detailbusy1') return json(200, { status: 200, code: 41013, message: '请求过于频繁' });
  if (id === 'detailslow1') return json(400, { status: 400, code: 40904, message: 'too many requests' });
  if (id === 'alive1' || id === 'locked1')
    return json(200, { status: 200, code: 0, message: 'ok', data: { list: files, share: share(false) } });
  return UNKNOWN_SHAPE;
}

function baidu(asked: Asked): Reply {
  const { shareId: id, code } = asked;
  if (asked.step === 'warm') {
    if (id === 'nocookie1') return html(200, '百度网盘');
    return html(200, '百度网盘', { 'set-cookie': `BAIDUID=${FIXTURE_BAIDUID}; max-age=31536000; path=/; domain=.baidu.com` });
  }
  if (asked.token !== `BAIDUID=${FIXTURE_BAIDUID}`) return { status: 302, body: '', headers: { location: ANTI_CRAWL } };
  if (asked.step === 'shorturlinfo') {
    // Without its leading 1 the token is not a share's, and the answer is always 2 (pansearch).
    if (id === 'no-leading-1') return json(200, { errno: 2, request_id: 1 });
    if (id === 'alive1') return json(200, { errno: 0, shareid: 9001, uk: 1, title: '短剧', request_id: 1 });
    if (id === 'dead1') return json(200, { errno: -3, request_id: 1 });
    if (id === 'captcha1') return json(200, { errno: -62, request_id: 1 });
    const errno = suffix('errno-', id);
    if (errno) return json(200, { errno: Number(errno), request_id: 1 });
    if (id === 'noerrno1') return json(200, { request_id: 1 });
    if (
      ['locked1', 'gone9', 'page9', 'redirect9', 'off9', 'vfail1', 'filtered9', 'filteredcode9'].includes(id) ||
      id.startsWith('verify-')
    ) {
      return json(200, { errno: -9, request_id: 1 });
    }
    if (['gone21', 'locked21'].includes(id)) return json(200, { errno: -21, request_id: 1 });
    return UNKNOWN_SHAPE;
  }
  if (asked.step === 'page') {
    if (id === 'redirect9') return { status: 302, body: '', headers: { location: `/share/init?surl=locked1` } };
    if (id === 'off9') return { status: 302, body: '', headers: { location: ANTI_CRAWL } };
    // The sentinels are in the <title> (docs/link-health.md "Baidu"); live pages may say them elsewhere.
    if (id === 'gone9' || id === 'gone21')
      return html(
        200,
        '<html><head><title>百度网盘-链接不存在</title></head><body><div id="share_nofound_des">啊哦，你所访问的页面不存在了。</div></body></html>',
      );
    if (['locked1', 'locked21', 'vfail1'].includes(id) || id.startsWith('verify-'))
      return html(
        200,
        '<html><head><title>百度网盘 请输入提取码</title></head><body><dt>请输入提取码：</dt><input id="accessCode"></body></html>',
      );
    if (id === 'filtered9')
      return html(
        200,
        '<html><head><title>短剧合集_免费高速下载|百度网盘-分享无限制</title></head><body><p>部分文件违规，已被过滤</p><p class="tip">链接不存在的文件已移除</p></body></html>',
      );
    if (id === 'filteredcode9')
      return html(
        200,
        '<html><head><title>百度网盘 请输入提取码</title></head><body><p>部分文件违规，已被过滤</p><p>链接不存在时请联系分享者</p><dt>请输入提取码：</dt></body></html>',
      );
    return html(200, '<div>百度网盘</div>');
  }
  // verify
  if (id === 'vfail1') return json(200, { errno: 105, err_msg: '', request_id: 1 });
  const verifyErrno = suffix('verify-', id);
  if (verifyErrno) return json(200, { errno: Number(verifyErrno), err_msg: '', request_id: 1 });
  if (code !== FIXTURE_CODE) return json(200, { errno: -9, err_msg: '', request_id: 1 });
  return json(200, { errno: 0, err_msg: '', request_id: 1, randsk: 'rk%2Fx' });
}

function alipan({ shareId: id }: Asked): Reply {
  const summary = (extra: Record<string, unknown>) =>
    json(200, { creator_id: 'c1', expiration: '', updated_at: '2026-08-01T00:00:00Z', ...extra });
  const files = [{ file_name: 'ep01.mp4' }];
  if (id === 'alive1') return summary({ share_name: '短剧', file_count: 3, file_infos: files, has_pwd: false });
  if (id === 'alivetitle1') return summary({ share_title: '短剧', file_count: 1, file_infos: files, has_pwd: false });
  if (id === 'locked1') return summary({ share_name: '短剧', file_count: 0, has_pwd: true });
  if (id === 'empty1') return summary({ share_name: '短剧', file_count: 0, has_pwd: false });
  if (id === 'emptyunnamed1') return summary({ file_count: 0, has_pwd: false });
  // osec (2026-09-16): a named share that counts files but lists none had its content removed.
  if (id === 'removed1') return summary({ share_title: '短剧', file_count: 2, file_infos: [], has_pwd: false });
  if (id === 'listed1') return summary({ share_title: '短剧', file_count: 1, file_infos: files, has_pwd: false });
  if (id === 'unlisted1') return summary({ share_title: '短剧', file_count: 2, has_pwd: false });
  if (id === 'emptybody1') return { status: 200, body: '', headers: { 'content-type': 'application/json' } };
  if (id === 'dead1') return json(404, { code: 'NotFound.ShareLink', message: 'The resource sharelink cannot be found' });
  // A share id cannot hold a dot: `_` in the scenario id stands for the code's `.`.
  const dead = (suffix('dead-', id) ?? suffix('code-', id))?.replaceAll('_', '.');
  if (dead) return json(400, { code: dead, message: 'share link is not available' });
  const throttle = suffix('throttle-', id);
  if (throttle) return json(400, { code: throttle, message: 'Request was denied due to flow control' });
  if (id === 'captcha1') return json(400, { code: 'TooManyRequests', message: 'Too Many Requests' });
  return UNKNOWN_SHAPE;
}

function pan123(asked: Asked): Reply {
  const { shareId: id, code } = asked;
  // The old path answers an HTML 404 since 2026-09 (pansearch).
  if (asked.step === 'old-info') return html(404, '<h1>404 Not Found</h1>');
  if (asked.headers.platform !== 'web' || asked.headers['app-version'] !== '3') return json(200, { code: 5113, message: '请更新客户端' });
  const listed = (expired: boolean) =>
    json(200, { code: 0, message: 'ok', data: { InfoList: expired ? [] : [{ FileName: 'ep01.mp4' }], Expired: expired, Len: 1 } });
  if (id === 'alive1') return listed(false);
  if (id === 'locked1' && code !== FIXTURE_CODE) return json(200, { code: 5103, message: '提取码错误', data: null });
  if (id === 'locked1') return listed(false);
  if (id === 'dead1') return json(200, { code: 5103, message: '此分享不存在', data: null });
  if (id === 'expired1') return listed(true);
  if (id === 'msg5103') return json(200, { code: 5103, message: '分享不存在或已失效', data: null });
  if (id === 'othercode1') return json(200, { code: 5104, message: '分享已失效', data: null });
  if (id === 'firewall1') return html(403, 'blocked');
  if (id === 'captcha1') return html(403, 'blocked');
  return UNKNOWN_SHAPE;
}

function tianyi(asked: Asked): Reply {
  const { shareId: id, code } = asked;
  if (asked.step === 'access') {
    if (code === FIXTURE_CODE) return json(200, { res_code: 0, res_message: '成功', shareId: 9002 });
    return json(200, { res_code: 'ErrorAccessCode', res_message: '访问码错误' });
  }
  if (id === 'alive1') return json(200, { res_code: 0, res_message: '成功', shareId: 9001, needAccessCode: 0, fileName: '短剧' });
  if (id === 'locked1') return json(200, { res_code: 0, res_message: '成功', needAccessCode: 1, fileName: '短剧' });
  if (id === 'zeroid1') return json(200, { res_code: 0, res_message: '成功', shareId: 0, needAccessCode: 0 });
  if (id === 'dead1') return json(400, { errorCode: 'ShareNotFound', errorMsg: '分享不存在' });
  const dead = suffix('dead-', id);
  if (dead) return json(200, { res_code: dead, res_message: '分享不存在' });
  const envelope = suffix('envelope-', id);
  if (envelope) return json(400, { errorCode: envelope, errorMsg: '分享不存在' });
  if (id === 'captcha1') return json(200, { res_code: 'OverFrequency', res_message: '访问过于频繁' });
  if (id === 'othercode1') return json(200, { res_code: 'InternalError', res_message: '分享不存在' });
  return UNKNOWN_SHAPE;
}

function oneOneFive(asked: Asked): Reply {
  const { shareId: id, code } = asked;
  const list = [{ n: 'ep01.mp4' }];
  const snap = (state: unknown, where: 'data' | 'shareinfo' = 'data') =>
    json(200, {
      state: true,
      error: '',
      errno: 0,
      data: where === 'data' ? { share_state: state, list, count: 1 } : { shareinfo: { share_state: state }, list, count: 1 },
    });
  if (id === 'alive1') return snap(1);
  if (id === 'alivestr1') return snap('1');
  // A spelling nobody measured: "01" is not read as 1.
  if (id === 'state01') return snap('01');
  if (id === 'shareinfo1') return snap('1', 'shareinfo');
  if (id === 'locked1' && !code) return json(200, { state: false, error: '请输入访问码', errno: 4100012 });
  if (id === 'locked1' && !opens(asked)) return json(200, { state: false, error: '访问码错误', errno: 4100008 });
  if (id === 'locked1') return snap(1);
  // Expired, and the snapshot still lists files (pansou#147).
  if (id === 'dead1') return snap(7);
  if (id === 'dead7str') return snap('7', 'shareinfo');
  const dead = suffix('dead-', id);
  if (dead) return json(200, { state: false, error: '链接已过期', errno: Number(dead) });
  if (id === 'forged1') return json(200, { state: false, error: '链接不存在', errno: 990002 });
  if (id === 'stateonly1') return snap(0);
  if (id === 'captcha1') return json(200, { state: false, error: '请求过于频繁', errno: 911 });
  return UNKNOWN_SHAPE;
}

const XUNLEI_TOKEN = 'ck0.fixture-token';

function xunlei(asked: Asked): Reply {
  const { shareId: id } = asked;
  if (asked.step === 'captcha') {
    if (id === 'initcaptcha1') return json(400, { error: 'captcha_invalid', error_description: 'x' });
    if (id === 'inittoken1') return json(200, { expires_in: 300 });
    if (id === 'initurl1') return json(200, { captcha_token: '', url: 'https://captcha.example/verify' });
    // A signed handshake: `1.` and 32 hex digits (the fixture checks the shape, not the salts).
    if (!/^1\.[0-9a-f]{32}$/.test(asked.token ?? '')) return json(400, { error: 'captcha_invalid', error_description: 'unsigned' });
    return json(200, { captcha_token: XUNLEI_TOKEN, expires_in: 300 });
  }
  if (asked.token !== XUNLEI_TOKEN || id === 'captcha1') return json(400, { error: 'captcha_invalid', error_code: 9 });
  if (id === 'alive1') return json(200, { share_status: 'OK', files: [{ name: 'ep01.mp4' }] });
  if (id === 'locked1' && !asked.code) return json(200, { share_status: 'PASS_CODE_EMPTY' });
  if (id === 'locked1' && !opens(asked)) return json(200, { share_status: 'PASS_CODE_ERROR' });
  if (id === 'locked1') return json(200, { share_status: 'OK', files: [{ name: 'ep01.mp4' }] });
  if (id === 'dead1') return json(200, { share_status: 'NOT_FOUND', share_status_text: '分享不存在' });
  const status = suffix('dead-', id) ?? suffix('code-', id);
  if (status) return json(200, { share_status: status, share_status_text: '分享已失效' });
  return UNKNOWN_SHAPE;
}

export const ANSWERS: Record<ProviderId, (asked: Asked) => Reply> = {
  quark: (asked) => quarkFamily(asked),
  baidu,
  alipan,
  '123pan': pan123,
  tianyi,
  '115': oneOneFive,
  uc: (asked) => quarkFamily(asked, 'https://drive.uc.cn'),
  xunlei,
};
