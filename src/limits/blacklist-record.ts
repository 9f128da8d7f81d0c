/**
 * The durable record of blacklistings, in the catalogue's own database. The limiter state itself lives
 * in memory or Redis; this record is what lets `dramadex blacklist list|clear` work from another process
 * whichever of the two holds it: the limits write a `blocked` row when they blacklist an address, the
 * command writes `cleared` rows, and every running instance follows the `cleared` rows to lift the
 * blacklist from its own memory. Rows older than a day are pruned as new ones are written.
 */
import type { Database } from '../store/database.js';

const KEEP_MS = 24 * 60 * 60 * 1000;

export interface BlacklistEntry {
  address: string;
  since: string;
  until: string;
}

export class BlacklistRecord {
  constructor(private readonly database: Database) {}

  async blocked(address: string, since: Date, until: Date): Promise<void> {
    const { db } = this.database;
    await db
      .insertInto('blacklist_events')
      .values({ address, kind: 'blocked', at: since.toISOString(), until: until.toISOString() })
      .execute();
    await db
      .deleteFrom('blacklist_events')
      .where('at', '<', new Date(since.getTime() - KEEP_MS).toISOString())
      .execute();
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
