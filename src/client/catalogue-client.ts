/**
 * A small typed client of the catalogue interface (docs/openapi-catalogue.json; docs/lifecycle.md), for any
 * TypeScript that reads a compatible catalogue: the original public service or another dramadex.
 * It behaves as the upstream's limits ask (request-pacer.ts: its RateLimit headers, else the published
 * rules), sends `X-API-Key` when given, and makes a request fail cleanly instead of hanging: no data for
 * `idleTimeoutMs` aborts it. 5xx answers, resets, body stalls and bodies cut short are retried with
 * exponential backoff; a refused connection or an unknown host ends at once (no retry cures it), and so
 * does an upstream that takes the connection but never starts its answer; a 429 waits what `Retry-After`
 * or `retry_after` says. Every wait is announced once, as it starts, with its real length and cause. Full dumps can be read as a stream. Every failure is an `UpstreamError` whose
 * message is one line an operator can read.
 */
import type { AddressGuard } from '../shared/address-guard.js';
import { type ClientClock, systemClock } from './client-clock.js';
import { type PacerLimits, PUBLISHED_LIMITS, RequestPacer } from './request-pacer.js';
import { type Failed, retryAfterMs, streamBody, UpstreamError } from './upstream-response.js';

import type { Envelope, Fetched, FullDumpData, PageData } from './wire-types.js';

export { UpstreamError } from './upstream-response.js';
export type { Envelope, Fetched, FullDumpData, PageData } from './wire-types.js';

/** What the client tells its user while it works (waits, retries). */
export type ClientEvent =
  | { kind: 'waiting'; ms: number; reason: string }
  | { kind: 'retrying'; attempt: number; ms: number; reason: string }
  | { kind: 'received'; bytes: number }
  /** A full dump being read as a stream: bytes so far (of `totalBytes` when the upstream said), items so far. */
  | { kind: 'progress'; what: string; bytes: number; totalBytes: number | undefined; items: number };

export interface CatalogueClientOptions {
  apiKey?: string | undefined;
  clock?: ClientClock;
  limits?: PacerLimits;
  /** No byte (headers or body) for this long aborts a request (it is then retried). */
  idleTimeoutMs?: number;
  /** The longest body accepted: a full dump (streamed, default 4 GiB) and any other answer (default 16 MiB). */
  maxDumpBytes?: number;
  maxAnswerBytes?: number;
  /** Attempts after the first for 5xx, network errors and bodies cut short. */
  retries?: number;
  /** The first backoff; it doubles with each retry. */
  backoffMs?: number;
  /** A 429 asking for longer than this (a blacklist) fails the request instead of waiting. */
  maxRetryAfterMs?: number;
  /** 429s in a row after which the request fails. */
  maxRateLimited?: number;
  onEvent?: (event: ClientEvent) => void;
  signal?: AbortSignal;
  /** The address rule, when the base URL is one someone typed in (a source, `mirror`): shared/address-guard.ts. */
  guard?: AddressGuard | undefined;
}

export class CatalogueClient {
  readonly baseUrl: string;
  private readonly clock: ClientClock;
  private readonly pacer: RequestPacer;
  private readonly options: Required<
    Pick<
      CatalogueClientOptions,
      'idleTimeoutMs' | 'retries' | 'backoffMs' | 'maxRetryAfterMs' | 'maxRateLimited' | 'maxDumpBytes' | 'maxAnswerBytes'
    >
  >;

  constructor(
    baseUrl: string,
    private readonly settings: CatalogueClientOptions = {},
  ) {
    const url = new URL(baseUrl); // throws on a malformed address
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UpstreamError(`${baseUrl} is not an http(s) address`);
    // The paths are appended to the base: a query or a fragment would swallow them.
    if (url.search !== '' || url.hash !== '' || /[?#]/.test(baseUrl))
      throw new UpstreamError(`${baseUrl} has a "?" or "#": an upstream address is its origin and path only`);
    this.baseUrl = url.toString().replace(/\/+$/, '');
    this.clock = settings.clock ?? systemClock;
    this.pacer = new RequestPacer(this.clock, settings.limits ?? PUBLISHED_LIMITS);
    this.options = {
      idleTimeoutMs: settings.idleTimeoutMs ?? 30_000,
      maxDumpBytes: settings.maxDumpBytes ?? 4 * 1024 ** 3,
      maxAnswerBytes: settings.maxAnswerBytes ?? 16 * 1024 ** 2,
      retries: settings.retries ?? 4,
      backoffMs: settings.backoffMs ?? 5_000,
      maxRetryAfterMs: settings.maxRetryAfterMs ?? 15 * 60_000,
      maxRateLimited: settings.maxRateLimited ?? 6,
    };
  }

  /** `GET /api/types`: the identifiers the upstream knows. */
  async types(): Promise<string[]> {
    const fetched = await this.get<Envelope<{ supported_types: Record<string, unknown> }>>('/api/types', false);
    if (fetched.notModified) return [];
    return Object.keys(fetched.body.data?.supported_types ?? {});
  }

  /** `GET /api/contents[/{type}]`: one page. */
  async page(type: string | undefined, page = 1, limit = 20): Promise<Envelope<PageData>> {
    const path = type === undefined ? '/api/contents' : `/api/contents/${encodeURIComponent(type)}`;
    const fetched = await this.get<Envelope<PageData>>(`${path}?page=${page}&limit=${limit}`, false);
    if (fetched.notModified) throw new UpstreamError('the upstream answered 304 to a request without If-None-Match');
    return fetched.body;
  }

  /** `GET /api/contents/{type}/all`, conditional on `etag` when given. Items are not checked here. */
  fullDump(type: string, etag?: string): Promise<Fetched<Envelope<FullDumpData>>> {
    return this.get<Envelope<FullDumpData>>(`/api/contents/${encodeURIComponent(type)}/all`, true, etag);
  }

  /**
   * `GET /api/contents/{type}/all` with the body handed to `consume` as it streams (the full dump is never
   * held whole); conditional on `etag`. A retry (5xx, a reset, a body cut short, a stall) calls `consume`
   * again from the start, so it must begin afresh each time.
   */
  async streamFullDump<T>(
    type: string,
    etag: string | undefined,
    consume: (chunks: AsyncIterable<Buffer>, totalBytes: number | undefined) => Promise<T>,
  ): Promise<{ notModified: true; etag: string } | { notModified: false; value: T; etag: string | undefined }> {
    const path = `/api/contents/${encodeURIComponent(type)}/all`;
    return this.request(path, true, etag, async (status, got, chunks) => {
      if (status === 304) return { notModified: true, etag: got.get('etag') ?? etag ?? '' };
      const length = Number(got.get('content-length') ?? Number.NaN);
      const value = await consume(chunks, Number.isFinite(length) ? length : undefined);
      return { notModified: false, value, etag: got.get('etag') ?? undefined };
    });
  }

  /** One GET through pacing, retries and the idle timeout; the body parsed as JSON. */
  get<T>(path: string, fullDump: boolean, etag?: string): Promise<Fetched<T>> {
    return this.request(path, fullDump, etag, async (status, got, chunks) => {
      const parts: Buffer[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      const body = Buffer.concat(parts);
      if (status === 304) return { notModified: true, etag: got.get('etag') ?? etag ?? '' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw new UpstreamError(`${path}: the answer is not JSON (${body.length} bytes)`);
      }
      return { notModified: false, body: parsed as T, etag: got.get('etag') ?? undefined };
    });
  }

  /**
   * Pacing, retries and the statuses every request shares; `read` gets the body of a 200 or 304 as it
   * streams. A failure no retry can cure (refused, no such host) ends at once with an `unreachable` error.
   */
  private async request<T>(
    path: string,
    fullDump: boolean,
    etag: string | undefined,
    read: (status: number, headers: Headers, chunks: AsyncIterable<Buffer>) => Promise<T>,
  ): Promise<T> {
    let failures = 0;
    let rateLimited = 0;
    // A wait is announced once, as it starts: by the retry or 429 line that caused it, else here.
    let announced = false;
    for (;;) {
      const gate = this.pacer.waitBefore(fullDump);
      if (gate.ms >= 1_000 && !announced) this.emit({ kind: 'waiting', ms: gate.ms, reason: `${path}: ${gate.why}` });
      announced = false;
      await this.pacer.take(fullDump, this.settings.signal);
      const outcome = await this.attempt(path, fullDump, etag, read);
      if (outcome.kind === 'done') return outcome.value;
      if (outcome.kind === 'rate-limited') {
        rateLimited++;
        const asked = Math.ceil(outcome.waitMs / 1000);
        if (outcome.waitMs > this.options.maxRetryAfterMs || rateLimited > this.options.maxRateLimited) {
          throw new UpstreamError(`${path}: the upstream answered 429 (${rateLimited} in a row), asking to wait ${asked} s`);
        }
        this.pacer.holdOff(outcome.waitMs, fullDump, `the upstream answered 429 and asked to wait ${asked} s`);
        const wait = this.pacer.waitBefore(fullDump);
        this.emit({ kind: 'waiting', ms: wait.ms, reason: `${path}: ${wait.why}` });
        announced = true;
        continue;
      }
      if (!outcome.retryable)
        throw new UpstreamError(`cannot reach ${this.baseUrl}: ${outcome.reason}`, undefined, true, outcome.refusedByRule === true);
      // An upstream that takes the connection and never answers is not asked again: a second wait as long
      // would double the time to a failure that is almost always the same (docs/sources.md, "Stalls").
      if (outcome.unanswered) throw new UpstreamError(`${path}: ${outcome.reason} (the upstream accepts connections but does not answer)`);
      failures++;
      if (failures > this.options.retries) throw new UpstreamError(`${path}: ${outcome.reason} (${failures} attempts)`);
      const backoff = this.options.backoffMs * 2 ** (failures - 1);
      this.pacer.holdOff(backoff, fullDump, `backing off ${Math.ceil(backoff / 1000)} s after a failure`);
      // The attempt goes when both the backoff and the upstream's limits allow it: one line, the real wait.
      const wait = this.pacer.waitBefore(fullDump);
      const later = wait.ms > backoff ? ` (${wait.why})` : '';
      this.emit({ kind: 'retrying', attempt: failures + 1, ms: wait.ms, reason: `${path}: ${outcome.reason}${later}` });
      announced = true;
    }
  }

  private async attempt<T>(
    path: string,
    fullDump: boolean,
    etag: string | undefined,
    read: (status: number, headers: Headers, chunks: AsyncIterable<Buffer>) => Promise<T>,
  ): Promise<{ kind: 'done'; value: T } | { kind: 'rate-limited'; waitMs: number } | Failed> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'dramadex-client' };
    if (this.settings.apiKey) headers['x-api-key'] = this.settings.apiKey;
    if (etag) headers['if-none-match'] = etag;
    const answer = await streamBody(
      `${this.baseUrl}${path}`,
      headers,
      {
        clock: this.clock,
        idleTimeoutMs: this.options.idleTimeoutMs,
        maxBytes: fullDump ? this.options.maxDumpBytes : this.options.maxAnswerBytes,
        signal: this.settings.signal,
        onBytes: (bytes) => this.emit({ kind: 'received', bytes }),
        guard: this.settings.guard,
      },
      async ({ status, headers: got, chunks }) => {
        this.pacer.observe(got, fullDump);
        if (status === 200 || status === 304) return { kind: 'done' as const, value: await read(status, got, chunks) };
        const parts: Buffer[] = [];
        for await (const chunk of chunks) parts.push(chunk);
        const body = Buffer.concat(parts);
        if (status === 429) return { kind: 'rate-limited' as const, waitMs: retryAfterMs(got.get('retry-after'), body, this.clock.now()) };
        if (status >= 500) return { kind: 'failed' as const, reason: `the upstream answered ${status}`, retryable: true };
        const error = (safeJson(body) as { error?: unknown; error_code?: unknown } | null) ?? {};
        throw new UpstreamError(
          `${path}: the upstream answered ${status} ${String(error.error_code ?? '')} ${String(error.error ?? '')}`.trim(),
          status,
        );
      },
    );
    return answer.kind === 'done' ? answer.value : answer;
  }

  private emit(event: ClientEvent): void {
    this.settings.onEvent?.(event);
  }
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
