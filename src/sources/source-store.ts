/**
 * The registered sources in the store (docs/sources.md), so every instance and the command line see the
 * same list. A poll first takes the source's lease: one conditional UPDATE that succeeds only while no
 * other holder's lease is running, so of several instances exactly one polls a source at a time, and a
 * holder that died frees it when its lease runs out. Finishing a poll records its outcome, moves the
 * cursor, schedules the next poll (later after each failure in a row) and gives the lease back.
 */
import type { Selectable } from 'kysely';
import type { ContentType } from '../shared/content-types.js';
import type { Database } from '../store/database.js';
import type { SourcesTable } from '../store/schema.js';

export interface TelegramSettings {
  channel: string;
  /** The type of the channel's entries unless a hashtag names one. */
  type: ContentType;
  /** Messages the first poll reads back. */
  backfill: number;
}

export interface UpstreamSettings {
  baseUrl: string;
  /** The types mirrored (all six when empty). */
  types: ContentType[];
  apiKey?: string | undefined;
}

export type SourceSettings = { kind: 'telegram'; settings: TelegramSettings } | { kind: 'upstream'; settings: UpstreamSettings };

export type SourceRecord = SourceSettings & {
  name: string;
  everyMinutes: number;
  cursor: string | undefined;
  lastPollAt: string | undefined;
  lastOutcome: string | undefined;
  lastError: string | undefined;
  lastSuccessAt: string | undefined;
  entriesAdded: number;
  nextPollAt: string;
  failures: number;
};

export type NewSource = SourceSettings & { name: string; everyMinutes: number };

export interface PollResult {
  ok: boolean;
  /** The cursor to keep (unchanged when undefined). */
  cursor?: string | undefined;
  added: number;
  /** The outcome in a word or two (`ok`, `rate limited`, `no public preview`, …). */
  outcome: string;
  error?: string | undefined;
}

/** The longest wait after failures in a row. */
const MAX_BACKOFF_MS = 24 * 3_600_000;

export class SourceExistsError extends Error {}

export class SourceStore {
  constructor(private readonly database: Database) {}

  async add(source: NewSource, now: Date): Promise<void> {
    const existing = await this.get(source.name);
    if (existing) throw new SourceExistsError(`a source named "${source.name}" is already registered`);
    await this.database.db
      .insertInto('sources')
      .values({
        name: source.name,
        kind: source.kind,
        settings: JSON.stringify(source.settings),
        every_minutes: source.everyMinutes,
        next_poll_at: now.toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  }

  async get(name: string): Promise<SourceRecord | undefined> {
    const row = await this.database.db.selectFrom('sources').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async list(): Promise<SourceRecord[]> {
    const rows = await this.database.db.selectFrom('sources').selectAll().orderBy('name').execute();
    return rows.map(toRecord);
  }

  /** Forgets a source (its entries stay); false when there was none of that name. */
  async remove(name: string): Promise<boolean> {
    const result = await this.database.db.deleteFrom('sources').where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Names of the sources due at `now` whose lease is free. */
  async due(now: Date): Promise<string[]> {
    const at = now.toISOString();
    const rows = await this.database.db
      .selectFrom('sources')
      .select('name')
      .where('next_poll_at', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .orderBy('next_poll_at')
      .execute();
    return rows.map((row) => row.name);
  }

  /**
   * Takes the lease of `name` for `leaseMs`; false when another holder's lease is running, or, with
   * `onlyIfDue`, when the source is no longer due (another instance polled it since it was listed).
   */
  async claim(name: string, owner: string, now: Date, leaseMs: number, onlyIfDue = false): Promise<boolean> {
    const at = now.toISOString();
    let update = this.database.db
      .updateTable('sources')
      .set({ lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at), eb('lease_owner', '=', owner)]));
    if (onlyIfDue) update = update.where('next_poll_at', '<=', at);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records a poll's result, schedules the next poll and frees the lease. */
  async finish(name: string, owner: string, result: PollResult, now: Date): Promise<void> {
    const source = await this.get(name);
    if (!source) return; // removed while it was being polled
    const failures = result.ok ? 0 : source.failures + 1;
    const every = source.everyMinutes * 60_000;
    const wait = result.ok ? every : Math.min(every * 2 ** (failures - 1), MAX_BACKOFF_MS);
    await this.database.db
      .updateTable('sources')
      .set({
        cursor: result.cursor ?? source.cursor ?? null,
        last_poll_at: now.toISOString(),
        last_outcome: result.outcome,
        last_error: result.error ?? null,
        ...(result.ok ? { last_success_at: now.toISOString() } : {}),
        entries_added: source.entriesAdded + result.added,
        failures,
        next_poll_at: new Date(now.getTime() + wait).toISOString(),
        lease_owner: null,
        lease_until: null,
      })
      .where('name', '=', name)
      .where('lease_owner', '=', owner)
      .execute();
  }
}

function toRecord(row: Selectable<SourcesTable>): SourceRecord {
  const kindAndSettings = { kind: row.kind, settings: JSON.parse(row.settings) } as SourceSettings;
  return {
    ...kindAndSettings,
    name: row.name,
    everyMinutes: Number(row.every_minutes),
    cursor: row.cursor ?? undefined,
    lastPollAt: row.last_poll_at ?? undefined,
    lastOutcome: row.last_outcome ?? undefined,
    lastError: row.last_error ?? undefined,
    lastSuccessAt: row.last_success_at ?? undefined,
    entriesAdded: Number(row.entries_added),
    nextPollAt: row.next_poll_at,
    failures: Number(row.failures),
  };
}
