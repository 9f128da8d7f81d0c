/** Table types of the one database both stores share (Kysely's typed schema). */
import type { ColumnType, Generated } from 'kysely';

export interface EntriesTable {
  id: Generated<number>;
  title: string;
  source_link: string;
  type: string;
  update_time: string;
  /** The import revision that last added or changed the entry; lets instances load only what changed. */
  revision: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  key_hash: string;
  /** First characters of the key, so operators can tell keys apart without the secret. */
  key_prefix: string;
  label: string;
  rate_per_second: number;
  created_at: string;
  revoked_at: string | null;
}

/** One row when an address is blacklisted (`until` set) and one when an operator clears it. */
export interface BlacklistEventsTable {
  id: Generated<number>;
  address: string;
  kind: 'blocked' | 'cleared';
  /** ISO 8601 UTC times, so they compare as text on both stores. */
  at: string;
  until: string | null;
}

export interface RankingTokensTable {
  id: Generated<number>;
  token_hash: string;
  token_prefix: string;
  bound_address: string | null;
  /** OpenID of the messaging-account user the token was issued to, if any. */
  owner: string | null;
  created_at: string;
  revoked_at: string | null;
}

export interface RankingSnapshotsTable {
  id: Generated<number>;
  board: string;
  taken_at: string;
  /** JSON array of the board's records, `hot_change` already computed. */
  records: string;
}

/** An entry deleted by the revision `revision` (docs/lifecycle.md): running instances drop it from memory. */
export interface RemovedEntriesTable {
  entry_id: number;
  revision: number;
}

/** A link, or a link prefix, kept out of the catalogue. */
export interface TakedownsTable {
  pattern: string;
  reason: string;
  created_at: string;
}

/** A registered source (docs/sources.md); times are ISO 8601 UTC, so they compare as text on both stores. */
export interface SourcesTable {
  name: string;
  kind: 'telegram' | 'upstream';
  /** JSON: the kind's settings (channel, type, backfill; base URL, types, API key). */
  settings: string;
  every_minutes: number;
  /** Where the last successful poll stopped (a channel's newest message id). */
  cursor: string | null;
  last_poll_at: string | null;
  last_outcome: string | null;
  last_error: string | null;
  last_success_at: string | null;
  entries_added: ColumnType<number, number | undefined>;
  next_poll_at: string;
  /** Failed polls in a row (the backoff grows with it). */
  failures: ColumnType<number, number | undefined>;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
}

/** One row of an upstream dump while it streams in, under the run that reads it. */
export interface StagedEntriesTable {
  run: string;
  seq: number;
  title: string;
  source_link: string;
  type: string;
  update_time: string;
}

export interface Schema {
  entries: EntriesTable;
  meta: MetaTable;
  api_keys: ApiKeysTable;
  blacklist_events: BlacklistEventsTable;
  ranking_tokens: RankingTokensTable;
  ranking_snapshots: RankingSnapshotsTable;
  removed_entries: RemovedEntriesTable;
  takedowns: TakedownsTable;
  sources: SourcesTable;
  staged_entries: StagedEntriesTable;
}
