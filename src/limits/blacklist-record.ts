/**
 * The durable record of blacklistings, in the catalogue's own database. The limiter state itself lives
 * in memory or Redis; this record is what lets `dramadex blacklist list|clear` work from another process
 * whichever of the two holds it: the limits write a `blocked` row when they blacklist an address, the
 * command writes `cleared` rows, and every running instance follows the `cleared` rows to lift the
 * blacklist from its own memory. Rows older than a day are pruned (at most hourly) as new ones are written.
 */
import type { Database } from '../store/database.js';

const KEEP_MS = 24 * 60 * 60 * 1000;

export interface BlacklistEntry {
  address: string;
  since: string;
  until: string;
}

export class BlacklistRecord {
  private pending: Array<{ address: string; kind: 'blocked'; at: string; until: string }> = [];
  private flushing: Promise<void> | undefined;
  private lastPrune = 0;

  constructor(private readonly database: Database) {}

  /**
   * Records a blacklisting. Rows are written in batches, one per event-loop turn, so a flood of
   * blacklistings (many addresses at once) costs a few statements rather than one each.
   */
  blocked(address: string, since: Date, until: Date): Promise<void> {
    this.pending.push({ address, kind: 'blocked', at: since.toISOString(), until: until.toISOString() });
    this.flushing ??= this.flush();
    return this.flushing;
  }

  /** Waits for blacklistings not yet written (on shutdown, before the database closes). */
  async settle(): Promise<void> {
    await this.flushing?.catch(() => undefined); // swallow-ok: blocked()'s caller logs a failed write
  }

  private async flush(): Promise<void> {
    try {
      await new Promise((resolve) => setImmediate(resolve));
      while (this.pending.length > 0) {
        await this.database.db.insertInto('blacklist_events').values(this.pending.splice(0, 500)).execute();
      }
      if (Date.now() - this.lastPrune > KEEP_MS / 24) {
        this.lastPrune = Date.now();
        await this.database.db
          .deleteFrom('blacklist_events')
          .where('at', '<', new Date(Date.now() - KEEP_MS).toISOString())
          .execute();
      }
    } finally {
      this.flushing = undefined;
    }
  }

  /** Addresses blacklisted now and not cleared since, one entry each (the latest blacklisting). */
  async active(now = new Date()): Promise<BlacklistEntry[]> {
    const rows = await this.database.db
      .selectFrom('blacklist_events as b')
      .select(['b.address', 'b.at', 'b.until'])
      .where('b.kind', '=', 'blocked')
      .where('b.until', '>', now.toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('blacklist_events as c')
              .select('c.id')
              .whereRef('c.address', '=', 'b.address')
              .where('c.kind', '=', 'cleared')
              .whereRef('c.id', '>', 'b.id'),
          ),
        ),
      )
      .orderBy('b.id')
      .execute();
    const latest = new Map<string, BlacklistEntry>();
    for (const row of rows) latest.set(row.address, { address: row.address, since: row.at, until: row.until ?? row.at });
    return [...latest.values()];
  }

  /** Clears one address, or every active one when `address` is undefined; returns what was cleared. */
  async clear(address: string | undefined, now = new Date()): Promise<string[]> {
    const active = (await this.active(now)).map((entry) => entry.address).filter((item) => address === undefined || item === address);
    if (active.length > 0) {
      await this.database.db
        .insertInto('blacklist_events')
        .values(active.map((item) => ({ address: item, kind: 'cleared' as const, at: now.toISOString(), until: null })))
        .execute();
    }
    return active;
  }

  /** The newest row's id: where a starting instance begins following. */
  async latestId(): Promise<number> {
    const row = await this.database.db
      .selectFrom('blacklist_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** `cleared` rows after `afterId`, oldest first. */
  async clearedAfter(afterId: number): Promise<Array<{ id: number; address: string }>> {
    const rows = await this.database.db
      .selectFrom('blacklist_events')
      .select(['id', 'address'])
      .where('kind', '=', 'cleared')
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: Number(row.id), address: row.address }));
  }
}
