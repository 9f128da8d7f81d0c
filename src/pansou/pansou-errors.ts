/**
 * PanSou's error envelope, `{"code": <HTTP status>, "message": "<reason>"}` (docs/pansou.md): the one
 * handler of the adapter's routes turns whatever was thrown into it, in the reader's language like the
 * catalogue's errors. The adapter's own refusals are `PansouError`s; the limits' refusals (429, 401)
 * and the framework's (broken JSON, a body over 64 KB) arrive as the catalogue's errors and keep their
 * status, their reason and their headers (`Retry-After`).
 */
import { ApiError, type Localized } from '../http/errors.js';

/** What the framework's own errors carry (a schema failure, a body it could not read). */
interface FrameworkError {
  validation?: Array<{ instancePath?: string }>;
  validationContext?: string;
  statusCode?: number;
  code?: string;
}

export class PansouError extends Error {
  constructor(
    readonly status: number,
    readonly reason: Localized,
    readonly headers: Record<string, string> = {},
  ) {
    super(reason.en);
  }
}

export const badParameter = (reason: Localized) => new PansouError(400, reason);

/** The envelope's body and status for anything a PanSou route threw. */
export function pansouFailure(error: unknown): PansouError {
  if (error instanceof PansouError) return error;
  if (error instanceof ApiError) {
    return new PansouError(error.status, error.init.error, error.init.headers);
  }
  const failure = error as FrameworkError;
  if (failure.validation) {
    const where = failure.validation[0]?.instancePath?.replace(/^\//, '') || failure.validationContext || 'request';
    return badParameter({ zh: `参数 ${where} 格式错误`, en: `Parameter ${where} is malformed` });
  }
  const status = failure.statusCode ?? 500;
  if (status === 413) return new PansouError(413, { zh: '请求体超过 64 KB', en: 'The request body is larger than 64 KB' });
  if (status === 415) return new PansouError(415, { zh: '请以 application/json 发送请求体', en: 'Send the body as application/json' });
  if (failure.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || failure.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return badParameter({ zh: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' });
  }
  if (status >= 400 && status < 500) return badParameter({ zh: '无法读取的请求', en: 'The request could not be read' });
  return new PansouError(500, { zh: '服务器内部错误', en: 'Internal server error' });
}
