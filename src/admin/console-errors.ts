/**
 * The console's refusals, each an ApiError of the project's error catalogue (http/errors.ts) so the status
 * and `Retry-After` travel the usual way; the console's own error handler (console-plugin.ts) shows them
 * as pages in the console's look instead of the envelope.
 */
import { ApiError, forbidden, unauthorized } from '../http/errors.js';

export const signInNeeded = () =>
  unauthorized({ zh: '需要登录后台', en: 'Sign in to the console first' }, { zh: '请先登录', en: 'Sign in at /admin/login' });

export const roleRefused = () =>
  forbidden(
    { zh: '你的角色不能使用这个页面', en: 'Your role may not use this page' },
    { zh: '请换用所有者账号', en: 'Use an owner account' },
  );

/** A state-changing form without its session's CSRF token (or from another site): nothing changed. */
export const csrfRefused = () =>
  forbidden(
    { zh: '表单已过期或来源不明', en: 'The form has expired or did not come from this console' },
    { zh: '请返回页面重新提交', en: 'Go back and send it again' },
  );

/** A route the access table does not name: refused to everyone until it is given a role (fail closed). */
export const unlistedRoute = () =>
  forbidden(
    { zh: '这个后台地址没有设定权限', en: 'This console route has no access rule' },
    { zh: '请联系维护者', en: 'Tell the maintainers' },
  );

export function signInThrottled(seconds: number): ApiError {
  return new ApiError({
    status: 429,
    code: 'RATE_LIMIT_EXCEEDED',
    message: { zh: '请求过于频繁', en: 'Too many requests' },
    error: { zh: '登录失败次数过多', en: 'Too many failed sign-ins' },
    suggestion: { zh: `请在 ${seconds} 秒后重试`, en: `Retry in ${seconds} seconds` },
    headers: { 'retry-after': String(seconds) },
    extra: { retry_after: seconds },
  });
}
