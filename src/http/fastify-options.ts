/**
 * Fastify settings both listeners share: the process's logger, trusted proxies, router rules, and
 * what a client that is slow, stuck or speaks broken HTTP gets (docs/limits.md, "Slow or stuck clients, and requests that cannot be read",
 * "undecodable request"): a bounded time to send a whole request, shorter-lived idle keep-alive
 * connections, and a 400/408/414/431 in the error envelope, never a framework's own body.
 */
import { maxHeaderSize, type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { Config, Language } from '../config/config.js';
import type { Logger } from '../observability/logger.js';
import { type ApiError, badRequest, headersTooLarge, requestTimeout, uriTooLong } from './errors.js';
import { responseLanguage } from './language.js';
import { parseQueryString } from './query-string.js';
import { lazyRequestChildren } from './request-logger.js';
import { rewriteUndecodable } from './request-target.js';

/** How often Node looks for requests past their deadline (its default, 30 s, would triple a 10 s bound). */
const DEADLINE_CHECK_MS = 1000;

export function fastifyOptions(config: Config, logger: Logger): FastifyHttpOptions<Server> & { loggerInstance: FastifyBaseLogger } {
  const { requestTimeoutSeconds, keepAliveTimeoutSeconds } = config.connections;
  return {
    // The one logger of the process (observability/logger.ts), which redacts tokens, keys and signatures;
    // each request's child is made only when the request logs (request-logger.ts).
    loggerInstance: lazyRequestChildren(logger as FastifyBaseLogger),
    // Fastify's own per-request lines are off: the request observer writes a shorter one at debug level.
    logController: new LogController({ disableRequestLogging: true }),
    // Only the listed proxies' X-Forwarded-For is believed; an empty list believes none.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Path parameters are checked by their routes (an unknown type is a 400 naming it), so the router's
    // own length cut-off, which answers 414 with a framework body, is set beyond any URL Node accepts.
    // Fastify's query parser with the escapes decoded natively (query-string.ts); nothing is remembered
    // between requests (docs/search.md, "Memo layers").
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 65_536, querystringParser: parseQueryString },
    rewriteUrl: rewriteUndecodable,
    return503OnClosing: true,
    requestTimeout: requestTimeoutSeconds * 1000,
    keepAliveTimeout: keepAliveTimeoutSeconds * 1000,
    http: {
      // Node checks headersTimeout against its own requestTimeout (300 s) when the server is made, before
      // Fastify sets the one above: without it here, REQUEST_TIMEOUT_SECONDS over 300 stopped start-up.
      requestTimeout: requestTimeoutSeconds * 1000,
      headersTimeout: requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MS, requestTimeoutSeconds * 500),
      // A missing Host is answered by request-target.ts in the envelope instead of Node's empty 400.
      requireHostHeader: false,
    },
    // A safety net: what the router still refuses on its own (e.g. a request target that is not a path).
    frameworkErrors: (error, request, reply) => {
      const refusal = badRequest({ zh: `无法处理的请求地址（${error.code}）`, en: `Unusable request target (${error.code})` });
      const body = JSON.stringify(refusal.body(languageOf(request.headers, config.language)));
      (reply as FastifyReply).code(400).type('application/json; charset=utf-8').send(body);
    },
    clientErrorHandler: (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) return;
      socket.end(rawResponse(clientError(error), config.language));
    },
  };
}

function languageOf(headers: { 'accept-language'?: string | string[] | undefined }, fallback: Language): Language {
  const value = headers['accept-language'];
  return responseLanguage(typeof value === 'string' ? value : undefined, fallback);
}

/** What Node's parser or its deadlines refused, as the envelope's error. */
function clientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }): ApiError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  if (error.code === 'HPE_HEADER_OVERFLOW') return requestLineTooLong(error.rawPacket) ? uriTooLong() : headersTooLarge();
  return badRequest({
    zh: '无法解析的 HTTP 请求（地址中的非 ASCII 字符需要 URL 编码）',
    en: 'Unparseable HTTP request (non-ASCII characters in the URL must be percent-encoded)',
  });
}

/**
 * Node's parser has one limit for the request line and the headers together (`maxHeaderSize`, 16 KiB), so
 * an overflow is told apart by what it read (`rawPacket`): a request line that has not ended, or that
 * took half the limit, is a URL too long (414); otherwise the headers are too large (431).
 */
function requestLineTooLong(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const end = rawPacket.indexOf('\r\n');
  return end === -1 || end >= maxHeaderSize / 2;
}

/** A whole HTTP response written straight to a socket (the request never reached Fastify). */
export function rawResponse(error: ApiError, language: Language): string {
  const body = JSON.stringify(error.body(language));
  const reason = STATUS_CODES[error.status] ?? 'Bad Request';
  return `HTTP/1.1 ${error.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Responses are serialized with the native JSON.stringify, not the schema-compiled serializer: the
 * handlers build exactly the documented shapes, and fast-json-stringify escapes non-ASCII strings in a
 * JavaScript loop, which for 20 Chinese titles cost 20 µs of a 55 µs request (measured on Node 24 when this was chosen).
 * The response schemas still document every route and generate the OpenAPI documents.
 */
export function useNativeJsonSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
