/**
 * One GET to an outside service with the three guards every outbound request here has: a timeout for the
 * whole exchange, a cap on the body (the request is aborted past it), and no redirect followed (the
 * caller sees a 3xx as it is, and the destination stays the one the caller built from its fixed origin).
 * Network failures come back as a `GetFailure` whose message is one line naming the cause.
 */

export interface GetOptions {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

export interface GotPage {
  status: number;
  headers: Headers;
  body: string;
}

export class GetFailure extends Error {}

export async function boundedGet(url: string, options: GetOptions): Promise<GotPage> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, { signal, redirect: 'manual', headers: options.headers ?? {} });
    const chunks: Buffer[] = [];
    let bytes = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        bytes += chunk.byteLength;
        if (bytes > options.maxBytes) {
          await response.body.cancel().catch(() => {}); // swallow-ok: the size failure is thrown next; this only frees the socket
          throw new GetFailure(`the answer is larger than ${Math.round(options.maxBytes / 1024)} KiB`);
        }
        chunks.push(Buffer.from(chunk));
      }
    }
    return { status: response.status, headers: response.headers, body: Buffer.concat(chunks, bytes).toString('utf8') };
  } catch (error) {
    if (error instanceof GetFailure) throw error;
    if (options.signal?.aborted) throw new GetFailure('stopped');
    if (timeout.aborted) throw new GetFailure(`no answer within ${Math.round(options.timeoutMs / 1000)} s`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new GetFailure(`${(error as Error).message}${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ''}`);
  }
}
