/** Commands open the configured store for one piece of work and always close it, even on failure. */
import type { Config } from '../config.js';
import { type Database, openDatabase } from '../store/database.js';

export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(config.databaseUrl);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
