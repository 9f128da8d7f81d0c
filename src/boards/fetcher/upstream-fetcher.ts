/**
 * Pulls boards from configured upstream hot-list URLs on a schedule (RANKING_FETCH_SOURCES, every
 * RANKING_FETCH_INTERVAL_MINUTES, and once at start) and stores each as a new snapshot, like an import.
 * A failing source is reported and skipped; the others and the service carry on. Responses are read
 * through the shared capped reader, bounded in time and size, because the upstream is not ours.
 */
import type { Tally } from '../../observability/instruments.js';
import type { Board } from '../../shared/board-names.js';
import { CappedFetchError, cappedFetch } from '../../shared/capped-fetch.js';
import type { ImportSummary, RankingBoards } from '../ranking-boards.js';
import { mapHotList } from './hot-list.js';

const MAX_REDIRECTS = 3;

export interface FetchSource {
  board: Board;
  url: string;
}

export type FetchOutcome = { board: Board; ok: true; summary: ImportSummary } | { board: Board; ok: false; error: string };

export interface FetcherOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Where failures are reported (one line each). */
  report?: (line: string) => void;
  /** Counts each board's fetch by outcome (metrics). */
  counted?: (board: Board, ok: boolean) => Tally;
}

export class UpstreamFetcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<FetchOutcome[]> | undefined;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly report: (line: string) => void;
  private readonly counted: ((board: Board, ok: boolean) => Tally) | undefined;

  constructor(
    private readonly boards: RankingBoards,
    readonly sources: FetchSource[],
    private readonly intervalMinutes: number,
    options: FetcherOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
    this.report = options.report ?? ((line) => process.stderr.write(`${line}\n`));
    this.counted = options.counted;
  }

  /** Fetches now, then every interval; the timer does not keep the process alive. */
  start(): Promise<FetchOutcome[]> {
    this.timer = setInterval(() => void this.fetchAll(), this.intervalMinutes * 60_000);
    this.timer.unref?.();
    return this.fetchAll();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One round over every source; a round still running is joined, not doubled. */
  fetchAll(): Promise<FetchOutcome[]> {
    this.running ??= (async () => {
      const outcomes: FetchOutcome[] = [];
      for (const source of this.sources) outcomes.push(await this.fetchOne(source));
      return outcomes;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The round in progress, if any (tests and shutdown wait for it). */
  idle(): Promise<unknown> {
    return this.running ?? Promise.resolve();
  }

  private async fetchOne(source: FetchSource): Promise<FetchOutcome> {
    try {
      const document = await this.download(source.url);
      const summary = await this.boards.import(source.board, mapHotList(source.board, document));
      this.counted?.(source.board, true).inc();
      return { board: source.board, ok: true, summary };
    } catch (error) {
      const message = (error as Error).message;
      this.counted?.(source.board, false).inc();
      this.report(`ranking fetch of board ${source.board} failed: ${message}`);
      return { board: source.board, ok: false, error: message };
    }
  }

  /**
   * One source's document through the shared capped reader (docs/architecture.md, "Outbound requests"): a
   * deadline over the whole exchange, the body abandoned past its cap, redirects followed only on the
   * source's own host, scheme and port (a few, for a CDN's trailing-slash hop), so no answer picks the
   * destination.
   */
  private async download(url: string): Promise<unknown> {
    const target = new URL(url);
    const response = await cappedFetch(target, {
      headers: { accept: 'application/json' },
      deadlineMs: this.timeoutMs,
      bodyCapBytes: this.maxBytes,
      redirect: { follow: 'same-hosts', hosts: [target.hostname], max: MAX_REDIRECTS },
    }).catch((error: unknown) => {
      if (error instanceof CappedFetchError && error.failure === 'body-over-cap')
        throw new Error(`upstream response is larger than ${this.maxBytes} bytes`);
      throw error;
    });
    if (response.status < 200 || response.status > 299) throw new Error(`upstream answered HTTP ${response.status}`);
    try {
      return JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new Error('upstream response is not JSON');
    }
  }
}
