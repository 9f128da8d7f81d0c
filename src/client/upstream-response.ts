/**
 * One HTTP GET, its body read whole or handed to a consumer as it streams, through the one capped reader
 * (shared/capped-stream.ts, docs/architecture.md "Outbound requests"), never hanging: a timer (on the
 * injected clock) aborts the request when neither headers nor body bytes arrive for `idleTimeoutMs`, and
 * is re-armed by every chunk; a body past `maxBytes` is abandoned; redirects stay on the upstream's host. A body cut short and network errors come back as `failed` with a reason and
 * whether a retry can help (a reset can; a refused connection or an unknown host cannot); nothing here
 * throws for them. Also how long a 429 asks to wait (`retryAfterMs`).
 */
import { ADDRESS_REFUSED, type AddressGuard } from '../shared/address-guard.js';
import { CappedFetchError } from '../shared/capped-fetch.js';
import { cappedStream } from '../shared/capped-stream.js';
import type { ClientClock } from './client-clock.js';

/** A failure of the upstream or of talking to it, in one line; `status` when the upstream answered one. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The upstream cannot be reached at all (refused, no such host): a whole run ends on it. */
    readonly unreachable = false,
    /** The address rule refused it (shared/address-guard.ts): the message names the rule, never the upstream's words. */
    readonly refusedByRule = false,
  ) {
    super(message);
  }
}

/**
 * A request that did not complete; `retryable` false when trying again cannot help (refused, no such host);
 * `unanswered` when the connection was taken but not even the status line came back in time.
 */
export type Failed = { kind: 'failed'; reason: string; retryable: boolean; unanswered?: boolean; refusedByRule?: boolean };

export interface ReadOptions {
  clock: ClientClock;
  idleTimeoutMs: number;
  signal?: AbortSignal | undefined;
  onBytes?: (bytes: number) => void;
  /** A body longer than this is abandoned with an `UpstreamError` (not retried: it would be as long again). */
  maxBytes: number;
  /** The address rule for a destination someone typed in (shared/address-guard.ts). */
  guard?: AddressGuard | undefined;
}

/** What a consumer of a streamed answer gets: the status, the headers, and the body chunk by chunk. */
export interface StreamedAnswer {
  status: number;
  headers: Headers;
  chunks: AsyncIterable<Buffer>;
}

/** Redirects are followed only on the upstream's own host, scheme and port: no destination comes from an answer. */
const MAX_REDIRECTS = 5;

/**
 * One GET whose body `consume` reads as it arrives, through the shared capped reader's streaming form
 * (shared/capped-stream.ts): the idle deadline is re-armed by every chunk. Failures of the connection or
 * the body come back as `failed` (to retry or not); an error the consumer throws (a dump that is not
 * JSON) is the consumer's and propagates.
 */
export async function streamBody<T>(
  url: string,
  headers: Record<string, string>,
  options: ReadOptions,
  consume: (answer: StreamedAnswer) => Promise<T>,
): Promise<{ kind: 'done'; value: T } | Failed> {
  const target = new URL(url);
  let answered = false;
  try {
    const value = await cappedStream(
      target,
      {
        headers,
        bodyCapBytes: options.maxBytes,
        redirect: { follow: 'same-hosts', hosts: [target.hostname], max: MAX_REDIRECTS },
        idle: { ms: options.idleTimeoutMs, setTimer: (ms, fire) => options.clock.setTimer(ms, fire) },
        signal: options.signal,
        onChunk: options.onBytes,
        guard: options.guard,
      },
      (answer) => {
        answered = true;
        return consume({ status: answer.status, headers: answer.headers, chunks: answer.chunks });
      },
    );
    return { kind: 'done', value };
  } catch (error) {
    if (options.signal?.aborted) throw new UpstreamError('stopped');
    if (!(error instanceof CappedFetchError)) throw error;
    const seconds = Math.round(options.idleTimeoutMs / 1000);
    if (error.failure === 'timeout' && !answered)
      return { kind: 'failed', reason: `no answer: waited ${seconds} s for the response to start`, retryable: true, unanswered: true };
    if (error.failure === 'timeout') return { kind: 'failed', reason: `the upstream sent nothing for ${seconds} s`, retryable: true };
    if (error.failure === 'body-over-cap') throw new UpstreamError(`${url}: the answer is larger than ${sizeText(options.maxBytes)}`);
    if (error.failure === 'aborted') throw new UpstreamError('stopped');
    // The address rule's refusal, before the request (the literal host) or at connect (a resolved address).
    if (error.code === ADDRESS_REFUSED)
      return {
        kind: 'failed',
        reason: (error.cause as { cause?: Error } | undefined)?.cause?.message ?? error.message,
        retryable: false,
        refusedByRule: true,
      };
    return describeNetworkError(error.cause);
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 ** 2 ? `${Math.round(bytes / 1024 ** 2)} MiB` : `${bytes} bytes`;
}

/**
 * Causes no retry can cure: nobody listens, the name does not resolve, the address is unreachable, the
 * certificate is wrong. Resets, timeouts and bodies cut short are worth another attempt.
 */
const FINAL_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host (DNS lookup failed)',
  EAI_AGAIN: 'the host name could not be resolved (DNS lookup failed)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ERR_INVALID_URL: 'not a valid URL',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'a self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'a self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'a certificate that cannot be verified',
  CERT_HAS_EXPIRED: 'an expired certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'a certificate for another host',
};

/** fetch reports most failures as "fetch failed" or "terminated" with the real cause beneath. */
function describeNetworkError(error: unknown): Failed {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = (error as Error).message;
  const code = cause?.code ?? (error as { code?: string }).code;
  const final = code ? FINAL_CAUSES[code] : undefined;
  if (final) return { kind: 'failed', reason: `${final} (${code})`, retryable: false };
  // fetch refuses the ports browsers block (the WHATWG "bad port" list) before any connection.
  if (cause?.message === 'bad port') return { kind: 'failed', reason: 'a port fetch refuses to use (bad port)', retryable: false };
  if (message === 'terminated')
    return { kind: 'failed', reason: `the body was cut short (${cause?.message ?? 'connection closed'})`, retryable: true };
  const reason = `${message}${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ''}`;
  return { kind: 'failed', reason, retryable: true };
}

/** The longer of the `Retry-After` header (seconds or an HTTP date) and the body's `retry_after`; at least 1 s. */
export function retryAfterMs(header: string | null, body: Buffer, now: number): number {
  let seconds = 0;
  if (header) {
    const asNumber = Number(header);
    seconds = Number.isFinite(asNumber) ? asNumber : Math.max(0, (Date.parse(header) - now) / 1000) || 0;
  }
  try {
    const inBody = (JSON.parse(body.toString('utf8')) as { retry_after?: unknown }).retry_after;
    if (typeof inBody === 'number' && Number.isFinite(inBody)) seconds = Math.max(seconds, inBody);
  } catch {
    // a 429 without a JSON body: the header alone decides
  }
  return Math.max(1, seconds) * 1000;
}
