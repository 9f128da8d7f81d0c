/**
 * Kysely prepares a new better-sqlite3 statement for every query it runs. Each one holds native memory that
 * is not returned when the statement is dropped: measured on Node 24 with better-sqlite3 13, about 4 KB per
 * query, so a server's link checks, polls and console writes grew its RSS without bound (100,000 selects
 * took a process from 63 MB to 468 MB; with this cache it stayed at 63 MB). The queries a process runs come
 * from a small set of SQL texts, so each text is prepared once and its statement reused, as better-sqlite3
 * intends. A statement still busy with an open iterator (a stream) is never handed out twice: the caller
 * gets a fresh one, which replaces it in the cache. The cache is bounded, for texts that vary (a batch
 * insert's last, shorter batch).
 */
import type { SqliteDatabase, SqliteStatement } from 'kysely';

interface BusyStatement extends SqliteStatement {
  readonly busy: boolean;
}

interface PreparingDatabase {
  prepare(sql: string): BusyStatement;
  close(): void;
}

/** Distinct SQL texts kept; the oldest used goes first beyond it. */
const KEPT_STATEMENTS = 500;

export class CachedStatements implements SqliteDatabase {
  readonly #statements = new Map<string, BusyStatement>();

  constructor(private readonly connection: PreparingDatabase) {}

  prepare(sql: string): SqliteStatement {
    const kept = this.#statements.get(sql);
    this.#statements.delete(sql);
    const statement = kept && !kept.busy ? kept : this.connection.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > KEPT_STATEMENTS) this.#statements.delete(this.#statements.keys().next().value as string);
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.connection.close();
  }
}
