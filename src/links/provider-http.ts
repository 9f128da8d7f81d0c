/**
 * The only way a provider checker reaches the network (docs/link-health.md, "Providers"). A request may
 * go only to one of its provider's fixed API hosts, or, when `LINK_CHECK_ORIGINS` names an origin for the
 * provider, to that origin with the same method, path, query, headers and body. Every request has a
 * deadline, its body is read as a stream up to a cap, redirects are never followed (a 3xx is just an
 * answer), and it carries a browser-like User-Agent and the share page as Referer, as the providers expect.
 * Nothing here throws for the network: a failure is an answer of its own for the verdict table.
 */

export interface ProviderRequest {
  method: 'GET' | 'POST';
  /** An URL on one of the provider's fixed hosts (never a host taken from a link). */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export type ProviderAnswer =
  | {
      kind: 'answered';
      status: number;
      /** The body as text, and parsed when it is JSON (undefined otherwise). */
      text: string;
      json: unknown;
    }
  | { kind: 'failed'; failure: RequestFailure; reason: string };

/** Why a request gave no answer: the evidence row of the `unknown` it becomes. */
export type RequestFailure = 'timeout' | 'aborted' | 'body-over-cap' | 'request-failed';

/** Sends one request of one check; bound to that check's provider, Referer and AbortSignal. */
export type SendRequest = (request: ProviderRequest) => Promise<ProviderAnswer>;

export interface ProviderHttpOptions {
  /** The provider's fixed API hosts; a request to any other host is refused. */
  hosts: readonly string[];
  /** Replaces the scheme, host and port of every request (`LINK_CHECK_ORIGINS`). */
  origin?: string | undefined;
  timeoutMs: number;
  bodyCapBytes: number;
  userAgent: string;
  /** The share page, sent as Referer. */
  referer: string;
  signal?: AbortSignal | undefined;
}

export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Thrown (and turned into an `unknown` by the checker) when a checker builds a URL off its hosts: a bug. */
export class ForbiddenDestination extends Error {}

export function providerHttp(options: ProviderHttpOptions): SendRequest {
  return async (request) => {
    const target = destination(request.url, options);
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
    try {
      const response = await fetch(target, {
        method: request.method,
        headers: { 'user-agent': options.userAgent, referer: options.referer, ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
        redirect: 'manual',
        signal,
      });
      const text = await readCapped(response, options.bodyCapBytes);
      if (text === undefined) return { kind: 'failed', failure: 'body-over-cap', reason: `body over ${options.bodyCapBytes} bytes` };
      return { kind: 'answered', status: response.status, text, json: parseJson(text) };
    } catch (error) {
      if (options.signal?.aborted) return { kind: 'failed', failure: 'aborted', reason: 'aborted' };
      if (deadline.aborted) return { kind: 'failed', failure: 'timeout', reason: `timeout after ${options.timeoutMs} ms` };
      return { kind: 'failed', failure: 'request-failed', reason: describeNetworkError(error) };
    }
  };
}

/** The URL the request really goes to: on a fixed host, then moved to the configured origin if any. */
function destination(url: string, options: ProviderHttpOptions): URL {
  const target = new URL(url);
  if (target.protocol !== 'https:' || !options.hosts.includes(target.hostname) || target.port !== '') {
    throw new ForbiddenDestination(`${target.host} is not one of the provider's hosts`);
  }
  return options.origin ? new URL(`${target.pathname}${target.search}`, options.origin) : target;
}

/** The body as UTF-8 text, or undefined once it passes the cap (the rest is never read). */
async function readCapped(response: Response, cap: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > cap) {
    await response.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      // Leaving the loop cancels the stream: the rest of an oversized body is never read.
      if (size > cap) return undefined;
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** fetch reports most failures as "fetch failed" or "terminated" with the real cause beneath. */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = (error as Error).message;
  if (message === 'terminated') return `body cut short (${cause?.code ?? cause?.message ?? 'connection closed'})`;
  return `${message}${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ''}`;
}
