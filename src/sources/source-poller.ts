/**
 * Polls sources (docs/sources.md): takes a source's lease in the store, reads it by its kind, writes what
 * it found as one batch through the import path, and records the outcome, the new cursor and the next
 * poll (source-store.ts). A failure is that source's outcome, never an exception: the source is kept and
 * polled again after a backoff, and nothing of the failed poll is written. Used by `serve` for the due
 * sources (source-scheduler.ts) and by `sources poll` for all or the named ones.
 */
import { hostname } from 'node:os';
import type { CatalogueStore } from '../catalogue/catalogue-store.js';
import type { ClientEvent } from '../client/catalogue-client.js';
import type { ReplacedOutcome } from '../ingest/mirror.js';
import { addressGuard } from '../shared/address-guard.js';
import type { LocalClock } from '../shared/local-time.js';
import type { Database } from '../store/database.js';
import type { SourceCounts } from './source-counts.js';
import { type PollOutcome, SourceFailure } from './source-failure.js';
import type { SourceRecord, SourceStore } from './source-store.js';
import { pollTelegram } from './telegram-source.js';
import { pollUpstream } from './upstream-source.js';

export type { SourceCounts } from './source-counts.js';

export type PollReport = { name: string } & (
  | ({ outcome: 'ok' } & SourceCounts)
  | { outcome: Exclude<PollOutcome, 'ok'> | 'busy' | 'unknown'; reason: string }
);

/** What a poll records outside the store (metrics/observability: per source, polls by outcome, entries added). */
export interface SourceRecorder {
  polled(name: string, outcome: PollOutcome, added: number, at: Date): void;
}

export interface PollerOptions {
  telegramOrigin: string;
  /** Private addresses an upstream source may reach after all (SOURCES_ALLOW_PRIVATE; shared/address-guard.ts). */
  allowPrivate?: readonly string[] | undefined;
  clock: LocalClock;
  recorder?: SourceRecorder | undefined;
  /** Who holds the leases this poller takes (default: host, process and a random part). */
  owner?: string;
  now?: () => Date;
  signal?: AbortSignal | undefined;
  /** Waits, retries and bytes of upstream dumps (the command line shows them). */
  onUpstreamEvent?: ((event: ClientEvent) => void) | undefined;
  /**
   * Runs `finish`, the write that records a poll's outcome and cursor, so a caller can commit its own
   * writes with it (an operator's poll and its audit row, docs/console.md); without it `finish` runs alone.
   */
  finishing?: ((report: PollReport, finish: () => Promise<void>) => Promise<void>) | undefined;
  /** Writes that commit with each type an upstream source replaces (ingest/mirror.ts), told the source's name. */
  alongReplace?: ((source: string, database: Database, outcome: ReplacedOutcome) => Promise<void>) | undefined;
}

/** Long enough for an upstream's six dumps at one per minute; a holder that dies frees it when it ends. */
const LEASE_MS: Record<SourceRecord['kind'], number> = { telegram: 5 * 60_000, upstream: 30 * 60_000 };

export class SourcePoller {
  readonly owner: string;
  private readonly now: () => Date;

  constructor(
    private readonly store: CatalogueStore,
    private readonly sources: SourceStore,
    private readonly options: PollerOptions,
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    this.now = options.now ?? (() => new Date());
  }

  /** Polls the due sources whose lease is free, one after another. */
  async pollDue(): Promise<PollReport[]> {
    const reports: PollReport[] = [];
    for (const name of await this.sources.due(this.now())) {
      if (this.options.signal?.aborted) break;
      const report = await this.poll(name, true);
      if (report.outcome !== 'busy') reports.push(report);
    }
    return reports;
  }

  /** Polls the named sources now (all of them when none is named), due or not. */
  async pollNow(names: string[] = []): Promise<PollReport[]> {
    const wanted = names.length > 0 ? names : (await this.sources.list()).map((source) => source.name);
    const reports: PollReport[] = [];
    for (const name of wanted) reports.push(await this.poll(name));
    return reports;
  }

  private async poll(name: string, onlyIfDue = false): Promise<PollReport> {
    const source = await this.sources.get(name);
    if (!source) return { name, outcome: 'unknown', reason: `no source named "${name}"` };
    if (!(await this.sources.claim(name, this.owner, this.now(), LEASE_MS[source.kind], onlyIfDue))) {
      return {
        name,
        outcome: 'busy',
        reason: onlyIfDue ? 'polled or being polled by another instance' : 'another instance is polling it now',
      };
    }
    let report: PollReport;
    let cursor: string | undefined;
    try {
      const polled = await this.read(source);
      cursor = polled.cursor;
      report = { name, outcome: 'ok', ...polled.counts };
    } catch (error) {
      if (!(error instanceof SourceFailure)) {
        await this.sources.finish(name, this.owner, { ok: false, added: 0, outcome: 'failed', error: String(error) }, this.now());
        throw error;
      }
      report = { name, outcome: error.outcome, reason: error.message };
    }
    const at = this.now();
    const added = report.outcome === 'ok' ? report.added : 0;
    const ok = report.outcome === 'ok';
    const finish = () =>
      this.sources.finish(
        name,
        this.owner,
        { ok, cursor, added, outcome: report.outcome, error: 'reason' in report ? report.reason : undefined },
        at,
      );
    await (this.options.finishing ? this.options.finishing(report, finish) : finish());
    this.options.recorder?.polled(name, report.outcome as PollOutcome, added, at);
    return report;
  }

  private read(source: SourceRecord): Promise<{ counts: SourceCounts; cursor: string | undefined }> {
    if (source.kind === 'telegram') {
      return pollTelegram(this.store, source.settings, source.cursor, this.options.clock, {
        origin: this.options.telegramOrigin,
        signal: this.options.signal,
      });
    }
    const along = this.options.alongReplace;
    return pollUpstream(this.store, source.settings, {
      signal: this.options.signal,
      onEvent: this.options.onUpstreamEvent,
      guard: addressGuard(this.options.allowPrivate ?? []),
      alongReplace: along && ((database, outcome) => along(source.name, database, outcome)),
    });
  }
}
