/**
 * Commands open the configured store for one piece of work and always close it, even on failure. Their
 * diagnostics go through the process's logger on stderr; their results are plain text on stdout.
 */
import type { Config } from '../config.js';
import { createLogger, type Logger } from '../observability/logger.js';
import { type Database, openDatabase } from '../store/database.js';

let commandLogger: Logger | undefined;

/** The command line's one logger (stderr, LOG_LEVEL). */
export function commandLog(config: Config): Logger {
  commandLogger ??= createLogger(config.logLevel, 'stderr');
  return commandLogger;
}

export function openCommandDatabase(config: Config): Promise<Database> {
  const log = commandLog(config);
  return openDatabase(config.databaseUrl, {
    onConnectionError: (error) => log.warn({ err: error }, 'a PostgreSQL connection failed; it is replaced or retried'),
  });
}

export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openCommandDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
