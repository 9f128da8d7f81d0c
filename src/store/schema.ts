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
  /** 1 while the entry's link is confirmed dead (docs/link-health.md): stored, but no reader serves it. */
  hidden: Generated<number>;
}

/** One share link's health and place in the check queue (docs/link-health.md). Times: ISO 8601 UTC text. */
export interface LinkStatesTable {
  source_link: string;
  /** The provider id, or null for a link no checker reads (verdict `unsupported`). */
  provider: string | null;
  /** The latest verdict (`unknown` included); null until the first check. */
  verdict: string | null;
  checked_at: string | null;
  /** The latest `alive`, `locked` or `dead`: what the confirmation rule compares a new `dead` with. */
  decided_verdict: string | null;
  decided_at: string | null;
  /** When the link was last found alive. */
  alive_at: string | null;
  hidden: Generated<number>;
  /** Queue class (links/check-queue.ts); null: never due. */
  priority: number | null;
  /** Due time, ms since the epoch; within a class, smaller goes first. */
  due_at: number | null;
  reported_at: string | null;
  /** The instance checking it now, until `lease_until` (ms since the epoch). */
  lease_owner: string | null;
  lease_until: number | null;
  /** 1: the latest `dead` came while its provider's breaker was open or its canary failing; it hides nothing. */
  suspect: Generated<number>;
  /** `unknown` verdicts in a row: each asks later (links/check-queue.ts). */
  unknown_streak: Generated<number>;
  /** When a report last moved the link up the queue (ms since the epoch): at most once every few minutes. */
  report_moved_at: number | null;
  /** Reports since the last dismissal (each one counts, also within the cooldown). */
  report_count: Generated<number>;
  /** The first report since the last dismissal (`reported_at` is the latest); migration 012. */
  first_reported_at: string | null;
  /** A confirmed `dead` that may not hide yet (the hourly cap, or its provider outside LINK_CHECK_HIDE). */
  confirmed_at: string | null;
  /** The latest verdict's reason line and evidence (links/link-checker.ts `CheckEvidence`); null before 008. */
  reason: string | null;
  evidence_row: string | null;
  evidence_status: number | null;
  evidence_code: string | null;
  evidence_message: string | null;
  /** The reason of the latest decisive verdict (what hid a hidden entry). */
  decided_reason: string | null;
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
  /** When any instance last saw the key in a request (migration 010); written on the key poll. */
  last_used_at: ColumnType<string | null, string | null | undefined>;
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

/** A link, or a link prefix, kept out of the catalogue; `match` says which (migration 005). */
export interface TakedownsTable {
  pattern: string;
  match: 'exact' | 'prefix';
  reason: string;
  created_at: string;
  /** Who took it down: an account name or `cli` (migration 011); null for older rows. */
  created_by: ColumnType<string | null, string | null | undefined>;
}

/** One change an operator made (migration 011, docs/console.md): never deleted, never keyed to an entry. */
export interface AuditLogTable {
  id: Generated<number>;
  /** ISO 8601 UTC. */
  at: string;
  /** An account name, or `cli` for a `dramadex` command. */
  actor: string;
  action: string;
  target: string;
  detail: string;
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

/** An operator of the console (docs/console.md); the password only as its argon2id hash. */
export interface AdminAccountsTable {
  id: Generated<number>;
  name: string;
  role: 'owner' | 'moderator';
  password_hash: string;
  created_at: string;
  last_sign_in_at: string | null;
}

/** A signed-in console session, keyed by the SHA-256 of its cookie's token. Times: ISO 8601 UTC text. */
export interface AdminSessionsTable {
  token_hash: string;
  account_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
}

/** One provider's guards for the whole deployment (docs/link-health.md, "Guards"); ms since the epoch. */
export interface LinkGuardsTable {
  provider: string;
  paused_until: Generated<number>;
  pause_reason: string | null;
  /** The next pause's length: doubles on each pause in a row, back to the first after a decisive verdict. */
  next_pause_ms: Generated<number>;
  /** The share of the provider's rate in use: divided by 1.5 on a throttle, recovering slowly. */
  rate_factor: Generated<number>;
  rate_changed_at: Generated<number>;
  breaker_open: Generated<number>;
  breaker_opened_at: number | null;
  /** Moving shares of `dead` among decisive verdicts: the last few, and the provider's long-run own. */
  recent_dead: number;
  trailing_dead: number;
  decisive_seen: Generated<number>;
  canary_verdict: string | null;
  canary_reason: string | null;
  canary_checked_at: Generated<number>;
  /** The clock hour (ms / 3600000) `hides_count` counts in. */
  hides_hour: Generated<number>;
  hides_count: Generated<number>;
  /** Confirmed deads the cap made wait, in all (the metric's source across instances). */
  hides_waiting: Generated<number>;
  /** The dead-rate ceiling holds now (1), and until when an operator allowed the provider past it (ms). */
  ceiling_open: Generated<number>;
  ceiling_allowed_until: Generated<number>;
  /** The UTC day (ms / 86400000) `hides_day_count` counts in, and that day's budget (docs/link-health.md, "Daily hide share"). */
  hides_day: Generated<number>;
  hides_day_count: Generated<number>;
  hides_day_budget: Generated<number>;
}

/** A provider's last decisive verdicts, one per slot of a ring (docs/link-health.md, "Dead-rate ceiling"). */
export interface LinkVerdictWindowTable {
  provider: string;
  slot: number;
  dead: number;
}

/** The source that brought a link in (migration 012): a Telegram channel, by its name. */
export interface EntrySourcesTable {
  source_link: string;
  kind: 'telegram' | 'upstream';
  name: string;
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
  link_states: LinkStatesTable;
  link_guards: LinkGuardsTable;
  link_verdict_window: LinkVerdictWindowTable;
  sources: SourcesTable;
  staged_entries: StagedEntriesTable;
  admin_accounts: AdminAccountsTable;
  admin_sessions: AdminSessionsTable;
  audit_log: AuditLogTable;
  entry_sources: EntrySourcesTable;
}
