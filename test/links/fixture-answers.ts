/**
 * What each fixture provider answers, by step and share id, in the shapes docs/link-health.md "Providers"
 * describes (test/links/fixture-providers.ts serves them). A share id names its scenario; the ids every
 * provider shares (alive1, locked1, dead1, captcha1, empty1) mean the same everywhere, the `dead-<code>`
 * ids answer that provider's dead code. Ids no provider knows answer like `garbage1` (an unknown shape).
 */
import type { ProviderId } from '../../src/shared/share-links.js';

/** The code that opens every `locked1` share; any other code is wrong. */
export const FIXTURE_CODE = 'good1';

export type Reply =
  | { status: number; body: string; type?: string; headers?: Record<string, string> }
  | { special: 'hang' | 'held' | 'reset' | 'slowbody' | 'oversized' | 'oversized-declared' | 'redirect' };

/** One request as the fixture reads it: the step, the share and code it names, and what else it carried. */
export interface Asked {
  step: string;
  /** Whether this is the provider's last request of a check (where the common scenarios answer). */
  last: boolean;
  shareId: string;
  code: string | undefined;
  /** Cookie (Baidu's BDCLND) or header (Xunlei's captcha token) the request carried. */
  token: string | undefined;
}

export const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body), type: 'application/json' });
const html = (status: number, body: string): Reply => ({
  status,
  body: `<!doctype html><html><body>${body}</body></html>`,
  type: 'text/html',
});
const UNKNOWN_SHAPE: Reply = json(200, { hello: 'world' });

/** `dead-<x>` ids: the `<x>` part, as a number where the provider's codes are numbers. */
const deadCode = (id: string) => (id.startsWith('dead-') ? id.slice(5) : undefined);
/** Whether a `locked1` share opens with the code asked. */
const opens = (asked: Asked) => asked.shareId !== 'locked1' || asked.code === FIXTURE_CODE;

function quark(asked: Asked): Reply {
  const { shareId: id, code } = asked;
  if (asked.step === 'token') {
    if (id === 'locked1' && !code) return json(400, { code: 41007, message: '需要提取码' });
    if (id === 'locked1' && code !== FIXTURE_CODE) return json(400, { code: 41008, message: '提取码错误' });
    if (id === 'locked41021') return json(400, { code: 41021, message: 'x' });
    if (id === 'dead1') return json(404, { code: 41006, message: '分享不存在' });
    if (deadCode(id)) return json(404, { code: Number(deadCode(id)), message: 'x' });
    if (id === 'msgdead1') return json(400, { code: 40900, message: '分享已被取消' });
    if (id === 'msglock1') return json(400, { code: 40901, message: '请输入密码' });
    if (id === 'othercode1') return json(400, { code: 40902, message: 'something else' });
    if (id === 'captcha1') return json(400, { code: 40903, message: '请求过于频繁，请稍后再试' });
    if (id === 'nostoken1') return json(200, { code: 0, message: 'ok', data: {} });
    return json(200, { code: 0, message: 'ok', data: { stoken: `st+/${id}=` } });
  }
  if (asked.token !== `st+/${id}=`) return json(400, { code: 41010, message: 'bad stoken' });
  if (id === 'empty1') return json(200, { code: 0, message: 'ok', data: { list: [] } });
  if (id === 'nolist1') return json(200, { code: 0, message: 'ok', data: {} });
  if (id === 'alive1' || id === 'locked1') return json(200, { code: 0, message: 'ok', data: { list: [{ file_name: 'ep01.mp4' }] } });
  return UNKNOWN_SHAPE;
}

function baidu(asked: Asked): Reply {
  const { shareId: id, code } = asked;
  if (asked.step === 'verify') {
    if (id === 'captcha1') return json(200, { errno: -62 });
    if (id === 'vmissing1') return json(200, { errno: -12 });
    if (id === 'badrandsk1') return json(200, { errno: 0, randsk: 'a b\r\nx' });
    if (id === 'locked1' && code !== FIXTURE_CODE) return json(200, { errno: -9 });
    return json(200, { errno: 0, randsk: `rk%2F${id}` });
  }
  if (id === 'locked1' && asked.token !== `rk%2F${id}`) return json(200, { errno: -9, list: [] });
  if (id === 'locked12') return json(200, { errno: -12 });
  if (id === 'captcha1') return json(200, { errno: -62 });
  if (id === 'empty1') return json(200, { errno: 0, list: [] });
  if (id === 'dead1') return json(200, { errno: -7 });
  if (deadCode(id)) return json(200, { errno: Number(deadCode(id)) });
  if (id === 'alive1' || id === 'locked1') return json(200, { errno: 0, list: [{ server_filename: 'ep01.mp4' }] });
  return UNKNOWN_SHAPE;
}

function alipan({ shareId: id }: Asked): Reply {
  if (id === 'alive1') return json(200, { share_name: '短剧', file_count: 3, has_pwd: false });
  if (id === 'alivetitle1') return json(200, { share_title: '短剧', file_count: 1, has_pwd: false });
  if (id === 'locked1') return json(200, { share_name: '短剧', file_count: 2, has_pwd: true });
  if (id === 'empty1') return json(200, { share_name: '短剧', file_count: 0, has_pwd: false });
  if (id === 'dead1') return json(404, { code: 'NotFound.ShareLink', message: 'not found' });
  if (id === 'cancelled1') return json(400, { code: 'ShareLink.Cancelled', message: 'x' });
  if (deadCode(id)) return json(400, { code: deadCode(id), message: 'x' });
  if (id === 'captcha1') return json(400, { code: 'ParamFlowException', message: 'flow' });
  if (id === 'toomany1') return json(400, { code: 'TooManyRequests', message: 'slow down' });
  if (id === 'nocount1') return json(200, { share_name: '短剧' });
  return UNKNOWN_SHAPE;
}

function pan123({ shareId: id }: Asked): Reply {
  if (id === 'alive1') return json(200, { code: 0, message: 'ok', data: { HasPwd: false, ShareKey: id } });
  if (id === 'locked1') return json(200, { code: 0, message: 'ok', data: { HasPwd: true, ShareKey: id } });
  if (id === 'dead1') return json(200, { code: 5103, message: '分享页面不存在' });
  if (id === 'expired1') return json(200, { code: 5104, message: '分享已失效' });
  if (id === 'deleted1') return json(200, { code: 5105, message: '文件已删除' });
  if (id === 'cancelled1') return json(200, { code: 5106, message: '分享已取消' });
  if (id === 'othercode1') return json(200, { code: 1, message: 'something else' });
  if (id === 'firewall1') return { status: 403, body: '<html>blocked</html>', type: 'text/html' };
  if (id === 'captcha1') return json(200, { code: 429, message: '操作过于频繁' });
  return UNKNOWN_SHAPE;
}

function tianyi({ shareId: id }: Asked): Reply {
  if (id === 'alive1') return json(200, { res_code: 0, res_message: '成功', shareId: 9001, needAccessCode: 0 });
  if (id === 'locked1') return json(200, { res_code: 0, res_message: '成功', shareId: 9002, needAccessCode: 1 });
  if (id === 'zeroid1') return json(200, { res_code: 0, res_message: '成功', shareId: 0, needAccessCode: 0 });
  if (id === 'dead1') return json(200, { res_code: 'ShareNotFound', res_message: '分享不存在' });
  if (deadCode(id)) return json(200, { res_code: deadCode(id), res_message: 'x' });
  if (id === 'captcha1') return json(200, { res_code: 'OverFrequency', res_message: '访问过于频繁' });
  if (id === 'othercode1') return json(200, { res_code: 'InternalError', res_message: 'x' });
  return UNKNOWN_SHAPE;
}

function oneOneFive(asked: Asked): Reply {
  const { shareId: id, code } = asked;
  const list = [{ n: 'ep01.mp4' }];
  if (id === 'alive1') return json(200, { state: true, error: '', data: { share_state: 1, list } });
  if (id === 'locked1' && !code) return json(200, { state: false, error: '请输入访问码', errno: 4100012 });
  if (id === 'locked1' && !opens(asked)) return json(200, { state: false, error: '访问码错误', errno: 4100013 });
  if (id === 'locked1') return json(200, { state: true, error: '', data: { share_state: 1, list } });
  if (id === 'statefalse1') return json(200, { state: false, error: '', errno: 1 });
  if (id === 'dead1') return json(200, { state: true, error: '', data: { share_state: 7, list: [] } });
  if (id === 'shareinfo1') return json(200, { state: true, error: '', data: { shareinfo: { share_state: 1 }, list } });
  if (id === 'shareinfo7') return json(200, { state: true, error: '', data: { shareinfo: { share_state: 7 }, list: [] } });
  if (id === 'stateonly1') return json(200, { state: true, error: '', data: { share_state: 0, list } });
  if (id === 'expired1') return json(200, { state: false, error: '分享已过期' });
  if (id === 'cancelled1') return json(200, { state: false, error: '分享已取消' });
  if (id === 'deleted1') return json(200, { state: false, error: '文件已删除' });
  if (id === 'missing1') return json(200, { state: false, error: '分享不存在' });
  if (id === 'captcha1') return json(200, { state: false, error: '请求过于频繁' });
  return UNKNOWN_SHAPE;
}

function uc({ shareId: id }: Asked): Reply {
  const files = (name: string) => `<div class="file-list"><div class="file-item">${name}</div></div>`;
  const error = (text: string) => `<div class="main-body"><div class="error-text"><span>${text}</span></div></div>`;
  if (id === 'alive1') return html(200, files('ep01.mp4'));
  if (id === 'filename1') return html(200, `${files('已删除的违规片段.mp4')}<p>分享已失效</p>`);
  if (id === 'locked1') return html(200, '<div class="main-body"><div class="input-wrap"><input type="text"></div></div>');
  if (id === 'lockedph1') return html(200, '<form><input placeholder="请输入提取码"></form>');
  if (id === 'dead1') return html(200, error('分享已失效'));
  if (id === 'missing1') return html(404, error('分享不存在'));
  if (id === 'violation1') return html(200, error('该分享涉嫌违规'));
  if (id === 'deleted1') return html(200, error('文件已被删除'));
  if (id === 'stopped1') return html(200, error('分享者已停止分享'));
  if (id === 'captcha1') return html(200, error('访问过于频繁，请输入验证码'));
  if (id === 'othererror1') return html(200, error('网络开小差了'));
  if (id === 'fileslater1') return html(404, files('ep01.mp4'));
  return { status: 200, body: 'plain text, not a page', type: 'text/plain' };
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
  if (id === 'dead1') return json(200, { share_status: 'NOT_FOUND' });
  if (deadCode(id)) return json(200, { share_status: deadCode(id) });
  if (id === 'otherstatus1') return json(200, { share_status: 'AUDITING' });
  return UNKNOWN_SHAPE;
}

export const ANSWERS: Record<ProviderId, (asked: Asked) => Reply> = {
  quark,
  baidu,
  alipan,
  '123pan': pan123,
  tianyi,
  '115': oneOneFive,
  uc,
  xunlei,
};
