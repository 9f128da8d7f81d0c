/**
 * Requests the router cannot read (decisions.md, "undecodable request"): broken percent-encoding or
 * invalid UTF-8 in the path or a query parameter (`%FF`, `%E6%80`, a lone surrogate `%ED%A0%80`), or an
 * HTTP/1.1 request without `Host`. Fastify's `rewriteUrl` hands each such request to one internal route
 * instead of letting the router answer with its own body, so it passes through the same hooks as any
 * request (the limits count it) and the central error handler answers 400 in the envelope. Checking
 * here, before the router, also means the query parser never sees text it would keep undecoded.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, type Localized, notFound } from './errors.js';

/** Where undecodable requests are routed; a request that names it directly gets the 404. */
export const UNDECODABLE_ROUTE = '/.undecodable';

type Problem = { part: 'path' } | { part: 'query'; parameter: string | undefined } | { part: 'host' };
const PROBLEMS = new WeakMap<IncomingMessage, Problem>();

/** Fastify's `rewriteUrl`: the URL itself, or UNDECODABLE_ROUTE when the request cannot be read. */
export function rewriteUndecodable(request: IncomingMessage): string {
  const url = request.url ?? '/';
  let problem: Problem | undefined;
  // HTTP/1.1 requires Host (RFC 9112, 3.2); Node's own refusal would be an empty 400.
  if (request.headers.host === undefined && request.httpVersion === '1.1') problem = { part: 'host' };
  else if (url.includes('%')) problem = encodingProblem(url);
  if (problem === undefined) return url;
  PROBLEMS.set(request, problem);
  return UNDECODABLE_ROUTE;
}

function encodingProblem(url: string): Problem | undefined {
  // One pass over the whole target first: an escape sequence is `%XX` triples back to back, so none
  // spans a literal `?` or `&`, and the whole decodes exactly when the path and every pair do. Only a
  // broken target is split to name its part (a search request used to split every time).
  if (decodes(url)) return undefined;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!decodes(path)) return { part: 'path' };
  if (queryAt === -1) return undefined;
  for (const pair of url.slice(queryAt + 1).split('&')) {
    if (decodes(pair)) continue;
    const name = pair.split('=', 1)[0] as string;
    return { part: 'query', parameter: decodes(name) ? decodeURIComponent(name.replaceAll('+', ' ')) : undefined };
  }
  return undefined;
}

/**
 * Whether decodeURIComponent would take `text`: it refuses exactly what decisions.md calls undecodable, a
 * `%` without two hex digits after it and escapes that are not UTF-8 (a stray continuation byte, a
 * sequence cut short, an overlong form, a surrogate, past U+10FFFF). Checked here without building the
 * decoded string or an exception: a keyword's escapes cost decodeURIComponent about a microsecond, on
 * every search request (test/http/undecodable.test.ts compares the two on random escapes).
 */
export function decodes(text: string): boolean {
  let at = text.indexOf('%');
  while (at !== -1) {
    const first = escapedByte(text, at);
    if (first < 0) return false;
    at += 3;
    if (first >= 0x80) {
      // The sequence's length from its first byte's leading ones: 110xxxxx 2, 1110xxxx 3, 11110xxx 4.
      const length = first >= 0xf8 ? 0 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
      if (length === 0) return false;
      let point = first & (0x7f >> length);
      for (let more = 1; more < length; more++, at += 3) {
        const next = escapedByte(text, at);
        if (next < 0 || (next & 0xc0) !== 0x80) return false;
        point = (point << 6) | (next & 0x3f);
      }
      if (point < SMALLEST[length] || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return false;
    }
    at = text.indexOf('%', at);
  }
  return true;
}

/** The smallest code point each sequence length may encode (a smaller one is an overlong form). */
const SMALLEST = [0, 0, 0x80, 0x800, 0x10000] as const;

/** The byte of the escape `%XX` at `at`, or -1 when there is none there. */
function escapedByte(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x25 || at + 2 >= text.length) return -1;
  const high = hexValue(text.charCodeAt(at + 1));
  const low = hexValue(text.charCodeAt(at + 2));
  return high < 0 || low < 0 ? -1 : (high << 4) | low;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

const PERCENT_ENCODE: Localized = {
  zh: '请使用 UTF-8 的百分号编码（如 %E7%9F%AD），不要发送不完整或无效的编码',
  en: 'Percent-encode UTF-8 text (e.g. %E7%9F%AD); do not send broken or invalid escapes',
};

function problemError(problem: Problem) {
  if (problem.part === 'host') {
    return badRequest(
      { zh: 'HTTP/1.1 请求缺少 Host 请求头', en: 'An HTTP/1.1 request must carry a Host header' },
      { zh: '请在请求中加入 Host 请求头', en: 'Send the Host header' },
    );
  }
  if (problem.part === 'path') {
    return badRequest(
      { zh: '请求路径的百分号编码无效或不是 UTF-8', en: 'The path has broken percent-encoding or is not UTF-8' },
      PERCENT_ENCODE,
    );
  }
  const name = problem.parameter === undefined ? '' : ` ${problem.parameter.slice(0, 40)}`;
  return badRequest(
    { zh: `参数${name} 的百分号编码无效或不是 UTF-8`, en: `Parameter${name} has broken percent-encoding or is not UTF-8` },
    PERCENT_ENCODE,
  );
}

/** The internal route undecodable requests are rewritten to; any method, so a bad POST gets the 400 too. */
export const undecodableRoute: FastifyPluginAsync = async (app) => {
  app.all(UNDECODABLE_ROUTE, { schema: { hide: true } }, async (request) => {
    const problem = PROBLEMS.get(request.raw);
    throw problem === undefined ? notFound(UNDECODABLE_ROUTE) : problemError(problem);
  });
};
