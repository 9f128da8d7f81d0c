/**
 * The one capped HTTP reader for outbound requests (docs/architecture.md, "Outbound requests"): link
 * checks and Telegram source polls read answers through it, the mirror client its streaming form
 * (capped-stream.ts), so each request has the same three guards
 * and one error type. A deadline covers the whole exchange (headers, redirects, body); the
 * body is read as a stream and abandoned past its cap; redirects follow an explicit policy: none (a 3xx
 * is an answer like any other) or only to a fixed list of hosts over HTTPS, so no destination is ever
 * taken from an answer. `onOrigin` moves a request to another origin by URL parts, never by string
 * concatenation, so a path such as `//evil.example/x` stays a path.
 */

import { fetch as undiciFetch } from 'undici';
import { ADDRESS_REFUSED, type AddressGuard } from './address-guard.js';

/**
 * `none`: a 3xx is returned as it is. `same-hosts`: followed (at most `max` times) only to these hosts, on
 * the scheme and port of the URL that redirected (a provider's HTTPS on the default port stays so).
 */
export type RedirectPolicy = { follow: 'none' } | { follow: 'same-hosts'; hosts: readonly string[]; max: number };

export interface CappedRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The deadline of the whole exchange, body and redirects included. */
  deadlineMs: number;
  bodyCapBytes: number;
  redirect: RedirectPolicy;
  signal?: AbortSignal | undefined;
  /** Where a URL is really sent (an origin override, `onOrigin`); redirects are judged on the URL before it. */
  route?: (url: URL) => URL;
  /**
   * The address rule (address-guard.ts), for a destination someone typed in (a source, a mirror target):
   * the host is checked before each hop and every resolved address at connect time. Requests to fixed
   * provider hosts go without it.
   */
  guard?: AddressGuard | undefined;
}

export interface CappedResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The URL that answered, as the answer named it (after followed redirects, before any `route`). */
  url: URL;
}

/** Why a request gave no answer: the deadline passed, the caller aborted, the body passed its cap, or the network failed. */
export type FetchFailure = 'timeout' | 'aborted' | 'body-over-cap' | 'request-failed';

export class CappedFetchError extends Error {
  constructor(
    readonly failure: FetchFailure,
    message: string,
    /** The network error's code (ECONNREFUSED, ENOTFOUND, …) when there is one. */
    readonly code?: string,
    /** fetch's own error, for a reader that tells causes apart. */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/** `url` with the scheme, host and port of `origin`, its path and query kept: built from URL parts. */
export function onOrigin(url: URL, origin: string): URL {
  const moved = new URL(origin);
  moved.pathname = url.pathname;
  moved.search = url.search;
  moved.hash = '';
  return moved;
}

export async function cappedFetch(url: URL, request: CappedRequest): Promise<CappedResponse> {
  const deadline = AbortSignal.timeout(request.deadlineMs);
  const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
  try {
    const { response, url: named } = await openCapped(url, { ...request, signal });
    return { status: response.status, headers: response.headers, body: await readCapped(response, request.bodyCapBytes), url: named };
  } catch (error) {
    if (error instanceof CappedFetchError && error.failure !== 'request-failed') throw error;
    if (request.signal?.aborted) throw new CappedFetchError('aborted', 'aborted');
    if (deadline.aborted) throw new CappedFetchError('timeout', `timeout after ${request.deadlineMs} ms`);
    throw error instanceof CappedFetchError ? error : networkError(error);
  }
}

/**
 * The response once its headers are in, after the redirect policy (the step a streaming reader would share).
 * The caller's signal bounds it; a network failure is a `request-failed` whose `cause` is fetch's own error.
 */
export async function openCapped(
  url: URL,
  request: Pick<CappedRequest, 'method' | 'headers' | 'body' | 'redirect' | 'route' | 'guard'> & { signal: AbortSignal },
): Promise<{ response: Response; url: URL }> {
  const route = request.route ?? ((same: URL) => same);
  const policy = request.redirect;
  let named = url;
  for (let hops = 0; ; hops++) {
    let response: Response;
    const target = route(named);
    const refusal = request.guard?.refusalOfHost(target.hostname);
    if (refusal) throw new CappedFetchError('request-failed', refusal, ADDRESS_REFUSED);
    const init = {
      method: request.method ?? 'GET',
      headers: request.headers ?? {},
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: 'manual' as const,
      signal: request.signal,
    };
    try {
      // A guarded request goes through undici's own fetch with the guard's dispatcher: the same undici on
      // Node 22 and 24, whose global fetch bundles different majors.
      response = request.guard
        ? ((await undiciFetch(target, { ...init, dispatcher: request.guard.dispatcher })) as unknown as Response)
        : await fetch(target, init);
    } catch (error) {
      throw networkError(error);
    }
    const next = policy.follow === 'same-hosts' && hops < policy.max ? followable(response, named, policy.hosts) : undefined;
    if (!next) return { response, url: named };
    await response.body?.cancel();
    named = next;
  }
}

/** The redirect's destination when it is a 3xx to one of `hosts`, on the scheme and port it came from. */
function followable(response: Response, from: URL, hosts: readonly string[]): URL | undefined {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status > 399 || !location) return undefined;
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return undefined;
  }
  return next.protocol === from.protocol && next.port === from.port && hosts.includes(next.hostname) ? next : undefined;
}

/** The whole body, or a `body-over-cap` failure once it passes the cap (the rest is never read). */
async function readCapped(response: Response, cap: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  const over = () => new CappedFetchError('body-over-cap', `body over ${cap} bytes`);
  if (declared > cap) {
    await response.body?.cancel();
    throw over();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      // Leaving the loop cancels the stream: the rest of an oversized body is never read.
      if (size > cap) throw over();
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks, size);
}

/** fetch reports most failures as "fetch failed" or "terminated" with the real cause beneath (kept as `cause`). */
export function networkError(error: unknown): CappedFetchError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = (error as Error).message;
  const code = cause?.code ?? (error as { code?: string }).code;
  if (message === 'terminated')
    return new CappedFetchError('request-failed', `body cut short (${code ?? cause?.message ?? 'connection closed'})`, code, error);
  return new CappedFetchError(
    'request-failed',
    `${message}${code ? ` (${code})` : cause?.message ? ` (${cause.message})` : ''}`,
    code,
    error,
  );
}
