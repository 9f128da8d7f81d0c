/**
 * Commands open the configured store for one piece of work and always close it, even on failure. A store
 * that cannot be opened, or fails during the work (errors of the drivers carry a `code`: SQLSTATE,
 * SQLITE_…, ECONNREFUSED), is reported as the one line every failing command prints; anything else is a
 * bug and keeps its stack. Diagnostics go through the process's logger on stderr (`commandLog`); results
 * are plain text on stdout. Commands that change data go through src/operations/, which records them in the
 * audit record with the actor `cli`.
 */
import type { Config } from '../config.js';
import { createLogger, type Logger } from '../observability/logger.js';
import type { Operations } from '../operations/operations.js';
import { type Database, openDatabase } from '../store/database.js';
import { CliError } from './errors.js';

let commandLogger: Logger | undefined;

/** The command line's one logger (stderr, LOG_LEVEL). */
export function commandLog(config: Config): Logger {
  commandLogger ??= createLogger(config.logLevel, 'stderr', config.logFormat);
  return commandLogger;
}

export function openCommandDatabase(config: Config): Promise<Database> {
  const log = commandLog(config);
  return openDatabase(config.databaseUrl, {
    onConnectionError: (error) => log.warn({ err: error }, 'a PostgreSQL connection failed; it is replaced or retried'),
  });
}

export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openCommandDatabase(config).catch((error: unknown) => {
    throw new CliError(`cannot open the database ${withoutPassword(config.databaseUrl)}: ${firstLine(error)}`);
  });
  try {
    return await work(database);
  } catch (error) {
    if (error instanceof CliError || typeof (error as { code?: unknown })?.code !== 'string') throw error;
    throw new CliError(`the database failed: ${firstLine(error)}`);
  } finally {
    await database.close();
  }
}

/** As withDatabase, with the operations every data-changing command goes through (their audit rows say `cli`). */
export async function withOperations<T>(config: Config, work: (operations: Operations, database: Database) => Promise<T>): Promise<T> {
  const { createOperations } = await import('../operations/operations.js');
  return withDatabase(config, (database) => work(createOperations({ config, database }), database));
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0] as string;
}

function withoutPassword(url: string): string {
  if (!url.startsWith('postgres')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
