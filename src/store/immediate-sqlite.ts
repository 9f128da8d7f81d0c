/**
 * SQLite transactions that queue for the write lock instead of failing (docs/operations.md, "Several
 * writers on one SQLite file"). Kysely begins a transaction with a plain (deferred) `BEGIN`, which takes the
 * write lock only at its first write; a transaction that read first and then finds another process writing
 * cannot wait for it (SQLite answers `database is locked` at once, busy timeout or not, as waiting could
 * deadlock). `BEGIN IMMEDIATE` takes the lock at the start, where the busy timeout applies: two imports,
 * an import and a poll, a takedown during an import, each waits its turn.
 */
import { CompiledQuery, type DatabaseConnection, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
