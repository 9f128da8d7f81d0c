/**
 * Commands open the configured store for one piece of work and always close it, even on failure. A store
 * that cannot be opened, or fails during the work (errors of the drivers carry a `code`: SQLSTATE,
 * SQLITE_…, ECONNREFUSED), is reported as the one line every failing command prints; anything else is a
 * bug and keeps its stack. Diagnostics go through the process's logger on stderr (`commandLog`); results
 * are plain text on stdout. Commands that change data go through src/operations/, which records them in the
 * audit record with the actor `cli`.
 *
 * Only the commands that fill a catalogue (`serve`, `import`, `mirror`, `sources`) may create a SQLite
 * file: any other command run from the wrong directory, or with a mistyped path, would otherwise answer
 * from an empty database made on the spot ("no takedowns") and write where nothing is served.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { oneLineReason } from '../boot/startup-error.js';
import type { Config } from '../config/config.js';
import { createLogger, type Logger } from '../observability/logger.js';
import type { OperationParts, Operations } from '../operations/operations.js';
import { type Database, openDatabase } from '../store/database.js';
import { CliError } from './errors.js';

let commandLogger: Logger | undefined;

/** The command line's one logger (stderr, LOG_LEVEL). */
export function commandLog(config: Config): Logger {
  commandLogger ??= createLogger(config.logLevel, 'stderr', config.logFormat);
  return commandLogger;
}

export interface CommandDatabaseOptions {
  /** A missing SQLite file is created (and migrated) instead of refused: the commands that fill a catalogue. */
  mayCreate?: boolean;
}

export function openCommandDatabase(config: Config, options: CommandDatabaseOptions = {}): Promise<Database> {
  if (!options.mayCreate) requireSqliteFile(config.databaseUrl);
  const log = commandLog(config);
  return openDatabase(config.databaseUrl, {
    onConnectionError: (error) => log.warn({ err: error }, 'a PostgreSQL connection failed; it is replaced or retried'),
  });
}

function requireSqliteFile(url: string): void {
  if (!url.startsWith('sqlite:')) return;
  const path = url.slice('sqlite:'.length);
  if (path === ':memory:' || existsSync(path)) return;
  throw new CliError(
    `no database at ${resolve(path)} (DATABASE_URL=${url}): check DATABASE_URL and the directory; only serve, import, mirror and sources create one`,
  );
}

export async function withDatabase<T>(
  config: Config,
  work: (database: Database) => Promise<T>,
  options: CommandDatabaseOptions = {},
): Promise<T> {
  // openDatabase's failure already names the store ("cannot open the database …: reason"): said once.
  const database = await openCommandDatabase(config, options).catch((error: unknown) => {
    throw error instanceof CliError ? error : new CliError(oneLineReason(error));
  });
  try {
    return await work(database);
  } catch (error) {
    if (error instanceof CliError || typeof (error as { code?: unknown })?.code !== 'string') throw error;
    throw new CliError(`the database failed: ${oneLineReason(error)}`);
  } finally {
    await database.close();
  }
}

/**
 * As withDatabase, with the operations every data-changing command goes through (their audit rows say
 * `cli`); `parts` adds what only some commands need (the accounts' store of `admin`).
 */
export async function withOperations<T>(
  config: Config,
  work: (operations: Operations, database: Database) => Promise<T>,
  options: CommandDatabaseOptions & Pick<OperationParts, 'accountsOf'> = {},
): Promise<T> {
  const { createOperations } = await import('../operations/operations.js');
  return withDatabase(
    config,
    (database) => work(createOperations({ config, database, accountsOf: options.accountsOf }), database),
    options,
  );
}
