/**
 * The capped reader's streaming form (capped-fetch.ts; docs/architecture.md, "Outbound requests"), for a
 * body too large to hold whole: a mirror's full dump is handed to its consumer chunk by chunk. It shares
 * the reader's redirect policy, origin routing, body cap and error type; only its deadline differs, as a
 * dump of gigabytes has no sensible deadline for the whole exchange: the deadline is one of silence, on a
 * timer the caller gives (a fake clock in tests), so an upstream that stops sending fails within it however
 * long the dump. It measures the upstream's silence only: it is stopped while the consumer holds a chunk
 * (writing a batch, waiting for the database) and started afresh when the consumer asks for the next one,
 * so a slow consumer is never mistaken for a silent upstream (docs/sources.md, "Upstreams and mirror").
 */
import { CappedFetchError, type CappedRequest, networkError, openCapped } from './capped-fetch.js';

/** No byte (headers or body) for `ms` ends the request with a `timeout`; `setTimer` returns its cancel. */
export interface IdleDeadline {
  ms: number;
  setTimer(ms: number, fire: () => void): () => void;
}

export interface CappedStreamRequest extends Omit<CappedRequest, 'deadlineMs'> {
  idle: IdleDeadline;
  /** Each chunk's size as it is handed on (progress). */
  onChunk?: ((bytes: number) => void) | undefined;
}

/** The answer as its consumer reads it: the body arrives chunk by chunk, never held whole here. */
export interface StreamedAnswer {
  status: number;
  headers: Headers;
  url: URL;
  chunks: AsyncIterable<Buffer>;
}

/**
 * One request whose body `consume` reads as it arrives. The reader's own failures are `CappedFetchError`s
 * (a body that fails mid-way included, even when it surfaces through `consume`); an error `consume` throws
 * for itself (a dump that is not JSON) propagates as it is.
 */
export async function cappedStream<T>(url: URL, request: CappedStreamRequest, consume: (answer: StreamedAnswer) => Promise<T>): Promise<T> {
  const silence = new AbortController();
  let silent = false;
  let cancel = () => {};
  const arm = () => {
    cancel();
    cancel = request.idle.setTimer(request.idle.ms, () => {
      silent = true;
      silence.abort();
    });
  };
  const signal = request.signal ? AbortSignal.any([silence.signal, request.signal]) : silence.signal;
  arm();
  try {
    const { response, url: named } = await openCapped(url, { ...request, signal });
    cancel(); // the headers came; the deadline runs again once the consumer asks for the body
    const chunks = cappedChunks(response, request.bodyCapBytes, { pause: () => cancel(), resume: arm }, request.onChunk);
    return await consume({ status: response.status, headers: response.headers, url: named, chunks });
  } catch (error) {
    if (request.signal?.aborted) throw new CappedFetchError('aborted', 'aborted');
    if (silent) throw new CappedFetchError('timeout', `nothing received for ${request.idle.ms} ms`);
    throw error;
  } finally {
    cancel();
  }
}

/** The idle deadline is paused while a chunk is handed on, and resumed when the consumer wants the next. */
interface SilenceWatch {
  pause: () => void;
  resume: () => void;
}

/** The body's chunks, the idle deadline running only while the next is awaited; past the cap a `body-over-cap`, and the rest is never read. */
async function* cappedChunks(
  response: Response,
  cap: number,
  silence: SilenceWatch,
  onChunk: ((bytes: number) => void) | undefined,
): AsyncGenerator<Buffer> {
  const over = () => new CappedFetchError('body-over-cap', `body over ${cap} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > cap) {
    await response.body?.cancel();
    throw over();
  }
  if (!response.body) return;
  let size = 0;
  silence.resume();
  try {
    for await (const chunk of response.body) {
      silence.pause();
      size += chunk.byteLength;
      if (size > cap) throw over();
      onChunk?.(chunk.byteLength);
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      silence.resume();
    }
    silence.pause(); // the body is complete: nothing more to wait for, however long the consumer takes now
  } catch (error) {
    throw error instanceof CappedFetchError ? error : networkError(error);
  }
}
