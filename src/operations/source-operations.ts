/**
 * Sources as operators change them (docs/sources.md, docs/console.md): register a Telegram channel or an
 * upstream catalogue, forget one, poll now. The command line and the console share the reading of what
 * the operator typed (a channel name with or without `@` or `t.me/`, an http(s) base URL) and the limits
 * of each setting, so both refuse the same input with the same words. A poll goes through the same poller
 * as `serve` (its lease keeps it from polling a source a running instance is polling); what it writes
 * takes the import path, and each poll is one audit row, committed with the poll's recorded outcome.
 */
import type { CatalogueStore } from '../catalogue/catalogue-store.js';
import type { ClientEvent } from '../client/catalogue-client.js';
import type { ReplacedOutcome } from '../ingest/mirror.js';
import type { ContentType } from '../shared/content-types.js';
import type { LocalClock } from '../shared/local-time.js';
import { CHANNEL_NAME } from '../sources/channel-name.js';
import type { PollReport } from '../sources/source-poller.js';
import { type NewSource, SourceExistsError, type SourceRecord, SourceStore } from '../sources/source-store.js';
import type { Database } from '../store/database.js';
import { followingTransaction } from '../store/one-transaction.js';
import { type AuditLog, removalRecords } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

const MAX_EVERY_MINUTES = 10_080;
const MAX_BACKFILL = 5_000;

export interface TelegramRequest {
  channel: string;
  type: ContentType;
  everyMinutes: number | string;
  backfill: number | string;
}

export interface UpstreamRequest {
  baseUrl: string;
  types: ContentType[];
  apiKey?: string | undefined;
  everyMinutes: number | string;
}

export interface PollSettings {
  telegramOrigin: string;
  allowPrivate: readonly string[];
  clock: LocalClock;
}

/** The registration of a Telegram channel as typed (`name`, `@name`, `t.me/name`, `https://t.me/name`), or a refusal. */
export function telegramSource(request: TelegramRequest): NewSource {
  const channel = request.channel
    .trim()
    .replace(/^@/, '')
    .replace(/^(?:https?:\/\/)?t\.me\/(?:s\/)?/, ''); // also `t.me/name`, as docs/sources.md lists it
  if (!CHANNEL_NAME.test(channel))
    throw new OperationRefused(`"${request.channel}" is not a public channel name (letters, digits, _; 4 to 32)`);
  const settings = { channel, type: request.type, backfill: whole('--backfill', request.backfill, 1, MAX_BACKFILL) };
  return { name: channel, kind: 'telegram', settings, everyMinutes: whole('--every', request.everyMinutes, 1, MAX_EVERY_MINUTES) };
}

/** The registration of an upstream catalogue, named by its host, or a refusal. */
export function upstreamSource(request: UpstreamRequest): NewSource {
  const url = httpUrl(request.baseUrl.trim());
  // The catalogue's paths are appended to the address: a query or a fragment would swallow them.
  if (/[?#]/.test(request.baseUrl))
    throw new OperationRefused(`"${request.baseUrl.trim()}" has a "?" or "#": give the upstream's origin and path only`);
  const settings = { baseUrl: url.toString().replace(/\/+$/, ''), types: [...new Set(request.types)], apiKey: request.apiKey };
  return { name: url.host, kind: 'upstream', settings, everyMinutes: whole('--every', request.everyMinutes, 1, MAX_EVERY_MINUTES) };
}

export class SourceOperations {
  readonly sources: SourceStore;

  constructor(
    private readonly store: CatalogueStore,
    private readonly audit: AuditLog,
    private readonly afterChange: () => Promise<void>,
    private readonly pollSettings: PollSettings,
  ) {
    this.sources = new SourceStore(followingTransaction(store.database));
  }

  async add(actor: string, source: NewSource, now = new Date()): Promise<void> {
    const what = source.kind === 'telegram' ? `type ${source.settings.type}` : source.settings.baseUrl;
    await this.audit.change(
      actor,
      (database) =>
        new SourceStore(database).add(source, now).catch((error: unknown) => {
          if (error instanceof SourceExistsError) throw new OperationRefused(error.message);
          throw error;
        }),
      () => [{ action: 'sources add', target: source.name, detail: `${source.kind}, ${what}, every ${source.everyMinutes} min` }],
    );
  }

  async remove(actor: string, name: string): Promise<void> {
    await this.audit.change(
      actor,
      async (database) => {
        if (!(await new SourceStore(database).remove(name))) throw new OperationRefused(`no source named "${name}"`);
      },
      () => [{ action: 'sources remove', target: name }],
    );
  }

  /** Polls the named sources (all when none is named) now; one audit row per source polled. */
  async poll(
    actor: string,
    names: string[],
    options: { signal?: AbortSignal | undefined; onUpstreamEvent?: ((event: ClientEvent) => void) | undefined } = {},
  ): Promise<PollReport[]> {
    // Loaded on use: the readers' title rules load search's text tables, which every other command would pay for.
    const { SourcePoller } = await import('../sources/source-poller.js');
    const row = (report: PollReport) => [{ action: 'sources poll', target: report.name, detail: pollDetail(report) }];
    // A polled source's row commits with its recorded outcome and cursor (the sources store joins through
    // followingTransaction); the entries a poll imports commit just before, in the import's own transaction.
    const finished = new Set<PollReport>();
    const finishing = (report: PollReport, finish: () => Promise<void>) => {
      finished.add(report);
      return this.audit.change(actor, finish, () => row(report));
    };
    // The entries an upstream's replace removed are named, one row each, in that replace's own commit.
    const alongReplace = (source: string, database: Database, outcome: ReplacedOutcome) =>
      this.audit.writeIn(database, actor, removalRecords(outcome.removedEntries, `sources poll ${source} ${outcome.type}`));
    const poller = new SourcePoller(this.store, this.sources, { ...this.pollSettings, ...options, finishing, alongReplace });
    const reports = await poller.pollNow(names);
    // An unknown or busy source changed nothing: its row is written on its own.
    await this.audit.record(actor, reports.filter((report) => !finished.has(report)).flatMap(row));
    if (reports.some((report) => report.outcome === 'ok')) await this.afterChange();
    return reports;
  }

  list(): Promise<SourceRecord[]> {
    return this.sources.list();
  }
}

/** A poll's outcome in one line: the counts, or why it failed. */
export function pollDetail(report: PollReport): string {
  if (report.outcome !== 'ok') return `failed (${report.outcome}): ${report.reason}`;
  const removed = report.removed > 0 ? `, removed ${report.removed}` : '';
  return `added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}${removed}, rejected ${report.rejected.length}`;
}

/** A whole number within bounds, from a command's option or a form's field (text) alike. */
function whole(option: string, given: number | string, min: number, max: number): number {
  const value = typeof given === 'number' ? given : /^\s*\d+\s*$/.test(given) ? Number(given) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new OperationRefused(`${option} must be a whole number from ${min} to ${max}, not "${given}"`);
  return value;
}

function httpUrl(text: string): URL {
  if (URL.canParse(text)) {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  }
  throw new OperationRefused(`"${text}" is not an http(s) address`);
}
