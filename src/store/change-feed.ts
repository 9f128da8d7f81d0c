/**
 * Cross-instance freshness on PostgreSQL: every import that changes the catalogue sends a NOTIFY on one
 * channel inside its transaction (PostgreSQL delivers it at commit, never for a rolled-back import), and
 * every instance LISTENs on a dedicated connection and refreshes at once. The poll of the revision stays as
 * the fallback: when the listening connection drops, the feed reconnects with backoff and signals a change
 * on reconnecting, because notifications sent while it was away are lost. SQLite has no such channel; there
 * the poll alone carries changes made by other processes.
 */

import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { postgresClientConfig } from './postgres-connection.js';
import type { Schema } from './schema.js';

export const CATALOGUE_CHANNEL = 'dramadex_catalogue';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

export interface ChangeFeed {
  /** Whether a listening connection is up now (always false on SQLite). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** Queues the notification in the import's transaction; a no-op on SQLite. */
export async function notifyCatalogueChanged(database: Database, trx: Kysely<Schema>, revision: number): Promise<void> {
  if (database.dialect !== 'postgres') return;
  await sql`select pg_notify(${CATALOGUE_CHANNEL}, ${String(revision)})`.execute(trx);
}

/**
 * Calls `onChange` when a transaction (here or in any process) commits a catalogue change. Failures of the
 * listening connection go to the database's `onConnectionError`; it is retried until closed.
 */
export async function watchCatalogueChanges(database: Database, onChange: () => void): Promise<ChangeFeed> {
  if (database.dialect !== 'postgres') return { listening: false, close: async () => undefined };
  const feed = new PostgresChangeFeed(database.url, onChange, database.onConnectionError);
  await feed.connect();
  return feed;
}

class PostgresChangeFeed implements ChangeFeed {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onChange: () => void,
    private readonly onError: (error: Error) => void,
  ) {}

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Opens the listening connection; on failure schedules a retry instead of throwing. */
  async connect(): Promise<void> {
    const client = new pg.Client(postgresClientConfig(this.url));
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      if (error) this.onError(error);
      client.end().catch(() => undefined); // swallow-ok: the loss was reported above; this only frees the socket
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) this.onChange();
    });
    try {
      await client.connect();
      await client.query(`listen ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined); // swallow-ok: closing a connection no longer wanted
      return;
    }
    // The listener must not keep a process alive by itself (the HTTP server or the command does that).
    socketOf(client)?.unref?.();
    const reconnected = this.retryMs > RECONNECT_MIN_MS;
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    if (reconnected) this.onChange(); // whatever was notified while we were away
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    // Referenced again while it closes: awaiting an unreferenced socket lets the process (or a test)
    // end with the close still pending.
    socketOf(client)?.ref?.();
    await client?.end().catch(() => undefined); // swallow-ok: shutting down; the listener is dropped either way
  }
}

/** node-postgres keeps its socket on a private field; it is only ever ref'd or unref'd here. */
function socketOf(client: pg.Client | undefined): { ref?: () => void; unref?: () => void } | undefined {
  return (client as unknown as { connection?: { stream?: { ref?: () => void; unref?: () => void } } } | undefined)?.connection?.stream;
}
