/**
 * One HTTP GET with its whole body, never hanging: a timer (on the injected clock) aborts the request
 * when neither headers nor body bytes arrive for `idleTimeoutMs`, and is re-armed by every chunk. A body
 * cut short (the connection closed before Content-Length or the last chunk) and network errors come back
 * as `failed` with a reason, for the caller to retry; nothing here throws for them. Also how long a 429
 * asks to wait (`retryAfterMs`).
 */
import type { ClientClock } from './client-clock.js';

/** A failure of the upstream or of talking to it, in one line; `status` when the upstream answered one. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type Answer = { kind: 'answered'; status: number; headers: Headers; body: Buffer } | { kind: 'failed'; reason: string };

export interface ReadOptions {
  clock: ClientClock;
  idleTimeoutMs: number;
  signal?: AbortSignal | undefined;
  onBytes?: (bytes: number) => void;
}

export async function readBody(url: string, headers: Record<string, string>, options: ReadOptions): Promise<Answer> {
  const controller = new AbortController();
  let stalled = false;
  let cancel = () => {};
  const arm = () => {
    cancel();
    cancel = options.clock.setTimer(options.idleTimeoutMs, () => {
      stalled = true;
      controller.abort();
    });
  };
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
  arm();
  try {
    const response = await fetch(url, { headers, signal, redirect: 'follow' });
    const chunks: Buffer[] = [];
    let bytes = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        arm();
        chunks.push(Buffer.from(chunk));
        bytes += chunk.byteLength;
        options.onBytes?.(chunk.byteLength);
      }
    }
    return { kind: 'answered', status: response.status, headers: response.headers, body: Buffer.concat(chunks, bytes) };
  } catch (error) {
    if (options.signal?.aborted) throw new UpstreamError('stopped');
    if (stalled) return { kind: 'failed', reason: `the upstream sent nothing for ${Math.round(options.idleTimeoutMs / 1000)} s` };
    return { kind: 'failed', reason: describeNetworkError(error) };
  } finally {
    cancel();
  }
}

/** fetch reports most failures as "fetch failed" or "terminated" with the real cause beneath. */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = (error as Error).message;
  if (message === 'terminated') return `the body was cut short (${cause?.message ?? 'connection closed'})`;
  return `${message}${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ''}`;
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
