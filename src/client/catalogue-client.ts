/**
 * A small typed client of the catalogue interface (docs/openapi-catalogue.json; docs/lifecycle.md), for any
 * TypeScript that reads a compatible catalogue: the original public service or another dramadex.
 * It behaves as the upstream's limits ask (request-pacer.ts), sends `X-API-Key` when given, and makes a
 * request fail cleanly instead of hanging: no data for `idleTimeoutMs` aborts it. 5xx answers, network
 * errors and bodies cut short are retried with exponential backoff; a 429 waits what `Retry-After` or
 * `retry_after` says. Every failure is an `UpstreamError` whose message is one line an operator can read.
 */
import { type ClientClock, systemClock } from './client-clock.js';
import { type PacerLimits, PUBLISHED_LIMITS, RequestPacer } from './request-pacer.js';
import { readBody, retryAfterMs, UpstreamError } from './upstream-response.js';

import type { Envelope, Fetched, FullDumpData, PageData } from './wire-types.js';

export { UpstreamError } from './upstream-response.js';
export type { CatalogueItem, Envelope, Fetched, FullDumpData, PageData } from './wire-types.js';

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
}

export class CatalogueClient {
  readonly baseUrl: string;
  private readonly clock: ClientClock;
  private readonly pacer: RequestPacer;
  private readonly options: Required<
    Pick<CatalogueClientOptions, 'idleTimeoutMs' | 'retries' | 'backoffMs' | 'maxRetryAfterMs' | 'maxRateLimited'>
  >;

  constructor(
    baseUrl: string,
    private readonly settings: CatalogueClientOptions = {},
  ) {
    const url = new URL(baseUrl); // throws on a malformed address
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UpstreamError(`${baseUrl} is not an http(s) address`);
    this.baseUrl = url.toString().replace(/\/+$/, '');
    this.clock = settings.clock ?? systemClock;
    this.pacer = new RequestPacer(this.clock, settings.limits ?? PUBLISHED_LIMITS);
    this.options = {
      idleTimeoutMs: settings.idleTimeoutMs ?? 30_000,
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

  /** One GET through pacing, retries and the idle timeout; the body parsed as JSON. */
  async get<T>(path: string, fullDump: boolean, etag?: string): Promise<Fetched<T>> {
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      await this.pacer.take(fullDump, this.settings.signal);
      const outcome = await this.attempt(path, etag);
      if (outcome.kind === 'done') return outcome.fetched as Fetched<T>;
      if (outcome.kind === 'rate-limited') {
        rateLimited++;
        if (outcome.waitMs > this.options.maxRetryAfterMs || rateLimited > this.options.maxRateLimited) {
          throw new UpstreamError(
            `${path}: the upstream answered 429 (${rateLimited} in a row), asking to wait ${Math.ceil(outcome.waitMs / 1000)} s`,
          );
        }
        this.pacer.holdOff(outcome.waitMs, fullDump);
        this.emit({ kind: 'waiting', ms: outcome.waitMs, reason: `${path}: the upstream answered 429` });
        continue;
      }
      failures++;
      if (failures > this.options.retries) throw new UpstreamError(`${path}: ${outcome.reason} (${failures} attempts)`);
      const backoff = this.options.backoffMs * 2 ** (failures - 1);
      this.emit({ kind: 'retrying', attempt: failures + 1, ms: backoff, reason: `${path}: ${outcome.reason}` });
      this.pacer.holdOff(backoff, fullDump);
    }
  }

  private async attempt(
    path: string,
    etag: string | undefined,
  ): Promise<{ kind: 'done'; fetched: Fetched<unknown> } | { kind: 'rate-limited'; waitMs: number } | { kind: 'failed'; reason: string }> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'dramadex-client' };
    if (this.settings.apiKey) headers['x-api-key'] = this.settings.apiKey;
    if (etag) headers['if-none-match'] = etag;
    const answer = await readBody(`${this.baseUrl}${path}`, headers, {
      clock: this.clock,
      idleTimeoutMs: this.options.idleTimeoutMs,
      signal: this.settings.signal,
      onBytes: (bytes) => this.emit({ kind: 'received', bytes }),
    });
    if (answer.kind === 'failed') return answer;
    const { status, body, headers: got } = answer;
    if (status === 304) return { kind: 'done', fetched: { notModified: true, etag: got.get('etag') ?? etag ?? '' } };
    if (status === 429) return { kind: 'rate-limited', waitMs: retryAfterMs(got.get('retry-after'), body, this.clock.now()) };
    if (status >= 500) return { kind: 'failed', reason: `the upstream answered ${status}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      if (status !== 200) throw new UpstreamError(`${path}: the upstream answered ${status}`, status);
      throw new UpstreamError(`${path}: the answer is not JSON (${body.length} bytes)`);
    }
    if (status !== 200) {
      const error = (parsed as { error?: unknown; error_code?: unknown } | null) ?? {};
      throw new UpstreamError(
        `${path}: the upstream answered ${status} ${String(error.error_code ?? '')} ${String(error.error ?? '')}`.trim(),
        status,
      );
    }
    return { kind: 'done', fetched: { notModified: false, body: parsed, etag: got.get('etag') ?? undefined } };
  }

  private emit(event: ClientEvent): void {
    this.settings.onEvent?.(event);
  }
}
