/**
 * The one place that turns errors into the error envelope: thrown ApiErrors as they are, schema
 * validation failures as 400 naming the parameter, framework client errors as 400/404/413/415 in the
 * reader's language (never the framework's English), anything else as a logged 500. Unknown paths and methods get the 404 envelope, never a framework default body; a
 * browser on the web page's paths gets the same error as an HTML page instead, when the app supplies one.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import type { Language } from '../config/config.js';
import { ApiError, badRequest, internalError, type Localized, notFound, payloadTooLarge, unsupportedMediaType } from './errors.js';
import { responseLanguage } from './language.js';

export interface ErrorHandlingOptions {
  defaultLanguage: Language;
  /** How a parameter's rule is described in a 400, e.g. `page` → "an integer from 1 to 1000". */
  describeParameter?: (name: string) => { zh: string; en: string } | undefined;
  /** Observes answers to unmatched paths (they run no route's hooks); see observability/request-observer.ts. */
  onNotFoundResponse?: onResponseHookHandler;
  /**
   * `onRequest` hooks of unmatched paths alone (the limits count them), after the listener's own; matched
   * routes never run them.
   */
  onNotFoundRequest?: onRequestHookHandler[];
  /**
   * The error as an HTML page, for a request that should get one (a browser on the web page's paths,
   * docs/web.md); undefined leaves it to the envelope. Status and the error's headers are set either way.
   */
  htmlPage?: (error: ApiError, request: FastifyRequest) => { body: string; headers: Record<string, string> } | undefined;
}

export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  const send = (apiError: ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const language = responseLanguage(request.headers['accept-language'], options.defaultLanguage);
    if (apiError.init.headers) reply.headers(apiError.init.headers);
    const page = options.htmlPage?.(apiError, request);
    if (page) return reply.code(apiError.status).headers(page.headers).send(page.body);
    return reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.body(language));
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, options);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return send(apiError, request, reply);
  });

  const notFoundHandler = (request: FastifyRequest, reply: FastifyReply) =>
    send(notFound(request.url.split('?')[0] ?? '/'), request, reply);
  const { onNotFoundResponse, onNotFoundRequest = [] } = options;
  if (onNotFoundResponse || onNotFoundRequest.length > 0) {
    // Fastify applies every lifecycle hook given here to the 404 context; its types list only two.
    const hooks = {
      ...(onNotFoundRequest.length > 0 ? { onRequest: onNotFoundRequest } : {}),
      ...(onNotFoundResponse ? { onResponse: onNotFoundResponse } : {}),
    } as Parameters<FastifyInstance['setNotFoundHandler']>[0];
    app.setNotFoundHandler(hooks, notFoundHandler);
  } else app.setNotFoundHandler(notFoundHandler);
}

function toApiError(error: FastifyError, options: ErrorHandlingOptions): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const first = error.validation[0];
    const fromPath = first?.instancePath?.replace(/^\//, '').split('/')[0];
    // Ajv names a missing property `missingProperty`, TypeBox's compiler (strict-body.ts) `requiredProperties`.
    const params = first?.params as { missingProperty?: string; requiredProperties?: string[] } | undefined;
    const missing = params?.missingProperty ?? params?.requiredProperties?.[0];
    const name = fromPath || missing || error.validationContext || 'request';
    const rule = options.describeParameter?.(name);
    const problem = validationProblem(first?.keyword, error.validationContext, first?.params, first?.message);
    return badRequest({
      zh: `参数 ${name} 无效：${problem.zh}${rule ? `；应为${rule.zh}` : ''}`,
      en: `Parameter ${name} is invalid: ${problem.en}${rule ? `; expected ${rule.en}` : ''}`,
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return notFound('');
  if (status === 413) return payloadTooLarge();
  if (status === 415) return unsupportedMediaType();
  if (status >= 400 && status < 500) return badRequest(FRAMEWORK_REFUSALS[error.code] ?? unreadableRequest(error.code));
  return internalError();
}

/**
 * What the framework refuses while reading a body, in both languages: its own messages are English and
 * would otherwise sit inside a Chinese envelope.
 */
const FRAMEWORK_REFUSALS: Record<string, Localized> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { zh: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    zh: '请求体为空，但 Content-Type 为 application/json',
    en: 'The request body is empty but its Content-Type is application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    zh: '请求体长度与 Content-Length 不符',
    en: 'The request body does not match its Content-Length',
  },
};

/** Any other refusal of the framework: named by its code, which a maintainer can look up. */
function unreadableRequest(code: string | undefined): Localized {
  const named = code ? `（${code}）` : '';
  return { zh: `无法读取的请求${named}`, en: `The request could not be read${code ? ` (${code})` : ''}` };
}

/**
 * The validator's finding in words a client can act on, in both languages (never its English inside the
 * Chinese): a query value that is not a string was given more than once (`page=1&page=2`), a missing
 * property is a missing parameter; anything else is named by the rule that follows the message.
 */
function validationProblem(
  keyword: string | undefined,
  context: string | undefined,
  params: Record<string, unknown> | undefined,
  message: string | undefined,
): Localized {
  if (keyword === 'required') return { zh: '缺少该参数', en: 'it is required' };
  if (keyword === 'type' && context === 'querystring') return { zh: '参数重复', en: 'given more than once' };
  if (keyword === 'type' && typeof params?.type === 'string') {
    const type = JSON_TYPE_NAMES[params.type] ?? { zh: params.type, en: params.type };
    return { zh: `类型错误，应为${type.zh}`, en: `it must be ${type.en}` };
  }
  return { zh: '格式错误', en: message ?? 'malformed' };
}

const JSON_TYPE_NAMES: Record<string, Localized> = {
  string: { zh: '字符串', en: 'a string' },
  object: { zh: 'JSON 对象', en: 'a JSON object' },
  integer: { zh: '整数', en: 'an integer' },
  number: { zh: '数字', en: 'a number' },
  boolean: { zh: '布尔值', en: 'a boolean' },
  array: { zh: '数组', en: 'an array' },
};
