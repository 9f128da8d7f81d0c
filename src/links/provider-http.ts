/**
 * The only way a provider checker reaches the network (docs/link-health.md, "What every check has in
 * common"). A request may go only to one of its provider's fixed API hosts, or, when `LINK_CHECK_ORIGINS`
 * names an origin for the provider, to that origin with the same method, path, query, headers and body
 * (moved by URL parts: shared/capped-fetch.ts `onOrigin`). Every request goes through the one capped
 * reader (a deadline, a body cap); redirects are not followed unless the request asks, and then only
 * within the provider's hosts. It carries a browser-like User-Agent and the share page as Referer, as the
 * providers expect. Nothing here throws for the network: a failure is an answer of its own for the table.
 */
import { CappedFetchError, cappedFetch, type FetchFailure, onOrigin } from '../shared/capped-fetch.js';

export interface ProviderRequest {
  method: 'GET' | 'POST';
  /** An URL on one of the provider's fixed hosts (never a host taken from a link). */
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Follow redirects, only to the provider's own hosts (Baidu's share page); otherwise a 3xx is the answer. */
  followRedirects?: boolean;
}

export type ProviderAnswer =
  | {
      kind: 'answered';
      status: number;
      /** The body as text, and parsed when it is JSON (undefined otherwise). */
      text: string;
      json: unknown;
      /** The `Set-Cookie` headers (Baidu's BAIDUID). */
      cookies: string[];
    }
  | { kind: 'failed'; failure: RequestFailure; reason: string };

/** Why a request gave no answer: the evidence row of the `unknown` it becomes. */
export type RequestFailure = FetchFailure;

/** One request as `links probe` shows it: where it went and what came back. */
export interface Exchange {
  method: string;
  host: string;
  path: string;
  answer: ProviderAnswer;
}

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
  /** Told of every request and its answer (`links probe`). */
  onExchange?: ((exchange: Exchange) => void) | undefined;
}

export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Thrown (and turned into an `unknown` by the checker) when a checker builds a URL off its hosts: a bug. */
export class ForbiddenDestination extends Error {}

/** How many redirects within the provider's hosts a request that follows them may take. */
const MAX_REDIRECTS = 3;

export function providerHttp(options: ProviderHttpOptions): SendRequest {
  const route = (url: URL) => (options.origin ? onOrigin(url, options.origin) : url);
  return async (request) => {
    const named = onHosts(request.url, options.hosts);
    const answer = await exchange(named, request);
    options.onExchange?.({ method: request.method, host: named.host, path: `${named.pathname}${named.search}`, answer });
    return answer;
  };

  async function exchange(named: URL, request: ProviderRequest): Promise<ProviderAnswer> {
    try {
      const response = await cappedFetch(named, {
        method: request.method,
        headers: { 'user-agent': options.userAgent, referer: options.referer, ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
        deadlineMs: options.timeoutMs,
        bodyCapBytes: options.bodyCapBytes,
        redirect: request.followRedirects ? { follow: 'same-hosts', hosts: options.hosts, max: MAX_REDIRECTS } : { follow: 'none' },
        signal: options.signal,
        route,
      });
      const text = response.body.toString('utf8');
      return { kind: 'answered', status: response.status, text, json: parseJson(text), cookies: response.headers.getSetCookie() };
    } catch (error) {
      if (!(error instanceof CappedFetchError)) throw error;
      return { kind: 'failed', failure: error.failure, reason: error.message };
    }
  }
}

/** The URL as the checker built it, refused unless it is HTTPS on one of the provider's hosts. */
function onHosts(url: string, hosts: readonly string[]): URL {
  const target = new URL(url);
  if (target.protocol !== 'https:' || !hosts.includes(target.hostname) || target.port !== '') {
    throw new ForbiddenDestination(`${target.host} is not one of the provider's hosts`);
  }
  return target;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
