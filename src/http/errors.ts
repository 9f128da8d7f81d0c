/**
 * The error catalogue: every error the service answers with on purpose is built here, once, with its
 * HTTP status, its `error_code` and its texts in both languages. Routes throw these; the one error
 * handler (error-handler.ts) turns them into the error envelope.
 */
import type { Language } from '../config/config.js';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'RESOURCE_NOT_FOUND'
  | 'REQUEST_TIMEOUT'
  | 'PAYLOAD_TOO_LARGE'
  | 'URI_TOO_LONG'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_HEADER_FIELDS_TOO_LARGE'
  | 'RATE_LIMIT_EXCEEDED'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE';

/** A text in each language the service speaks. */
export interface Localized {
  zh: string;
  en: string;
}

export interface ApiErrorInit {
  status: number;
  code: ErrorCode;
  message: Localized;
  error: Localized;
  suggestion: Localized;
  /** Extra envelope fields after the documented ones (e.g. `retry_after`, `detail`). */
  extra?: Record<string, unknown> | undefined;
  /** Localized extra fields, resolved with the request's language. */
  extraTexts?: Record<string, Localized> | undefined;
  headers?: Record<string, string> | undefined;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly init: ApiErrorInit;

  constructor(init: ApiErrorInit) {
    super(init.error.en);
    this.status = init.status;
    this.code = init.code;
    this.init = init;
  }

  /** The error envelope (docs/interface.md), in one language. */
  body(language: Language): Record<string, unknown> {
    const { message, error, suggestion, extra, extraTexts } = this.init;
    const body: Record<string, unknown> = {
      success: false,
      message: message[language],
      error_code: this.code,
      error: error[language],
      suggestion: suggestion[language],
      ...extra,
    };
    for (const [key, text] of Object.entries(extraTexts ?? {})) body[key] = text[language];
    return body;
  }
}

const CHECK_PARAMETERS: Localized = {
  zh: '请检查参数格式和取值范围',
  en: 'Check the parameter format and value ranges',
};

/** 400: a parameter is malformed or out of range; `error` names the parameter. */
export function badRequest(error: Localized, suggestion: Localized = CHECK_PARAMETERS, headers?: Record<string, string>): ApiError {
  return new ApiError({
    status: 400,
    code: 'BAD_REQUEST',
    message: { zh: '参数错误', en: 'Invalid request parameter' },
    error,
    suggestion,
    headers,
  });
}

export function notFound(path: string): ApiError {
  return new ApiError({
    status: 404,
    code: 'RESOURCE_NOT_FOUND',
    message: { zh: '资源不存在', en: 'Resource not found' },
    error: { zh: `请求的资源不存在：${path}`, en: `No resource at ${path}` },
    // Not "only GET": POST /api/link-reports exists; the reference lists each path with its method.
    suggestion: { zh: '请检查请求地址和方法（见 /docs）', en: 'Check the URL and the method (see /docs)' },
  });
}

/** 413: a request body past the route's limit (the framework stops reading it). */
export function payloadTooLarge(): ApiError {
  return new ApiError({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: { zh: '请求体过大', en: 'Payload too large' },
    error: { zh: '请求体超过了该接口允许的大小', en: 'The request body is larger than this endpoint accepts' },
    suggestion: { zh: '请只发送接口需要的字段', en: 'Send only the fields the endpoint takes' },
  });
}

/** 415: a body in a format the endpoint does not read. */
export function unsupportedMediaType(): ApiError {
  return new ApiError({
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: { zh: '不支持的请求体格式', en: 'Unsupported media type' },
    error: { zh: '该接口不接受此 Content-Type 的请求体', en: 'This endpoint does not read a body of this Content-Type' },
    suggestion: { zh: '请以 application/json 发送', en: 'Send it as application/json' },
  });
}

/** 414: the request line is longer than the server reads (Node's header limit, which the request line shares). */
export function uriTooLong(): ApiError {
  return new ApiError({
    status: 414,
    code: 'URI_TOO_LONG',
    message: { zh: '请求地址过长', en: 'URI too long' },
    error: { zh: '请求地址（含查询参数）超过了服务器的长度上限', en: 'The URL, query included, is longer than the server reads' },
    suggestion: { zh: '请缩短查询参数', en: 'Shorten the query' },
  });
}

/** 431: the headers are larger than the server reads. */
export function headersTooLarge(): ApiError {
  return new ApiError({
    status: 431,
    code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: { zh: '请求头过大', en: 'Request header fields too large' },
    error: { zh: '请求头超过了服务器的大小上限', en: 'The request headers are larger than the server reads' },
    suggestion: { zh: '请减少请求头', en: 'Send fewer or shorter headers' },
  });
}

export interface RateLimitInit {
  retryAfterSeconds: number;
  message: Localized;
  error: Localized;
  detail: Localized;
  headers?: Record<string, string>;
}

/** 429 with `retry_after` (whole seconds, at least 1) and `detail`, and the same number in `Retry-After`. */
export function rateLimited(init: RateLimitInit): ApiError {
  const retryAfter = Math.max(1, Math.ceil(init.retryAfterSeconds));
  return new ApiError({
    status: 429,
    code: 'RATE_LIMIT_EXCEEDED',
    message: init.message,
    error: init.error,
    suggestion: { zh: `请等待 ${retryAfter} 秒后重试`, en: `Wait ${retryAfter} seconds, then retry` },
    extra: { retry_after: retryAfter },
    extraTexts: { detail: init.detail },
    headers: { 'retry-after': String(retryAfter), ...init.headers },
  });
}

/** 408: the request did not arrive whole (headers and body) within REQUEST_TIMEOUT_SECONDS. */
export function requestTimeout(): ApiError {
  return new ApiError({
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: { zh: '请求超时', en: 'Request timeout' },
    error: { zh: '请求未在限定时间内完整送达', en: 'The request did not arrive whole in time' },
    suggestion: { zh: '请一次性发送完整的请求', en: 'Send the whole request at once' },
  });
}

/** 429 before any request is read: the address already holds MAX_CONNECTIONS_PER_ADDRESS connections. */
export function tooManyConnections(max: number): ApiError {
  return new ApiError({
    status: 429,
    code: 'RATE_LIMIT_EXCEEDED',
    message: { zh: '连接过多', en: 'Too many connections' },
    error: { zh: `每个地址最多同时保持 ${max} 个连接`, en: `Each address may hold at most ${max} open connections` },
    suggestion: { zh: '请关闭空闲连接或复用已有连接', en: 'Close idle connections or reuse the ones you have' },
  });
}

export function unauthorized(error: Localized, suggestion: Localized, headers?: Record<string, string>): ApiError {
  return new ApiError({
    status: 401,
    code: 'UNAUTHORIZED',
    message: { zh: '未授权', en: 'Unauthorized' },
    error,
    suggestion,
    headers,
  });
}

export function forbidden(error: Localized, suggestion: Localized): ApiError {
  return new ApiError({
    status: 403,
    code: 'FORBIDDEN',
    message: { zh: '禁止访问', en: 'Forbidden' },
    error,
    suggestion,
  });
}

export function serviceUnavailable(error: Localized, extra?: Record<string, unknown>): ApiError {
  return new ApiError({
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: { zh: '服务暂不可用', en: 'Service unavailable' },
    error,
    suggestion: { zh: '请稍后重试', en: 'Retry later' },
    extra,
  });
}

export function internalError(): ApiError {
  return new ApiError({
    status: 500,
    code: 'INTERNAL_SERVER_ERROR',
    message: { zh: '服务器内部错误', en: 'Internal server error' },
    error: { zh: '服务器处理请求时出错', en: 'The server failed to process the request' },
    suggestion: { zh: '请稍后重试或联系技术支持', en: 'Retry later or contact support' },
  });
}
