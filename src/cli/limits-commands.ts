/**
 * `dramadex key create|list|revoke` and `dramadex blacklist list|clear`. Keys and the blacklist record
 * live in the catalogue database, so these work whether or not a server is running; running servers
 * pick changes up within their poll interval. With REDIS_URL, `blacklist clear` also deletes the
 * address's shared counter in Redis, so the blacklist is lifted for every instance at once.
 */
import type { Command } from 'commander';
import { Redis } from 'ioredis';
import { type Config, loadConfig } from '../config/config.js';
import { type ApiKeyRow, ApiKeyStore, MAX_KEY_RATE } from '../limits/api-keys.js';
import { BlacklistRecord } from '../limits/blacklist-record.js';
import { liftSharedBlacklists } from '../limits/stored-keys.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import { DEFAULT_KEY_RATE, KeyOperations } from '../operations/key-operations.js';
import { CliError } from './errors.js';
import { withDatabase, withOperations } from './with-database.js';

export function registerLimitsCommands(program: Command): void {
  const key = program.command('key').description('catalogue API keys: sent as X-API-Key, each with its own rate');
  key
    .command('create')
    .description('create a key; it is printed once, alone on the last line')
    .option('--rate <requests per second>', `the key's rate (1 to ${MAX_KEY_RATE})`, String(DEFAULT_KEY_RATE))
    .option('--label <text>', 'a note that tells operators whose key it is', '')
    .action(async (options: { rate: string; label: string }) => {
      const rate = KeyOperations.parseRate(options.rate);
      await withOperations(loadConfig(), async ({ keys }) => {
        const { key: secret, row } = await keys.create(CLI_ACTOR, rate, options.label);
        write(`created API key ${row.id} (${row.prefix}…), ${rate} requests per second${row.label ? `, label "${row.label}"` : ''}`);
        write('send it as the X-API-Key header; only its hash is stored, so it is shown this once:');
        write(secret);
      });
    });
  key
    .command('list')
    .description('list keys (id, prefix, rate, label, state); never the keys themselves')
    .action(async () => {
      await withDatabase(loadConfig(), async (database) => {
        const rows = await new ApiKeyStore(database).list();
        if (rows.length === 0) write('no API keys');
        for (const row of rows) write(describeKey(row));
      });
    });
  key
    .command('revoke')
    .description('revoke a key; requests carrying it get 401 from then on')
    .argument('<key>', 'the id or the prefix that `key list` shows')
    .action(async (reference: string) => {
      await withOperations(loadConfig(), async ({ keys }) => {
        const revoked = await keys.revoke(CLI_ACTOR, reference);
        for (const row of revoked) write(`revoked API key ${row.id} (${row.prefix}…)`);
      });
    });

  const blacklist = program.command('blacklist').description('addresses blacklisted after 5 rate-limit violations in a row');
  blacklist
    .command('list')
    .description('list blacklisted addresses with the time their blacklist ends')
    .action(async () => {
      await withDatabase(loadConfig(), async (database) => {
        const entries = await new BlacklistRecord(database).active();
        if (entries.length === 0) write('no blacklisted addresses');
        for (const entry of entries) write(`${entry.address}\tsince ${entry.since}\tuntil ${entry.until}`);
      });
    });
  blacklist
    .command('clear')
    .description('lift the blacklist of one address, or of every address')
    .argument('[address]', 'the address (or IPv6 /64) as `blacklist list` shows it; all when left out')
    .action(async (address: string | undefined) => {
      const config = loadConfig();
      await withOperations(config, async ({ blacklist }) => {
        const wanted = await blacklist.toClear(address);
        // The shared counters go first: they commit with nothing, and the record's rows say what was lifted.
        if (config.redisUrl) await deleteSharedCounters(config, wanted);
        const cleared = await blacklist.clear(CLI_ACTOR, address);
        write(cleared.length === 0 ? 'no blacklisted addresses' : `cleared ${cleared.join(', ')}`);
      });
    });
}

function describeKey(row: ApiKeyRow): string {
  const state = row.revokedAt ? `revoked ${row.revokedAt}` : 'active';
  return `${row.id}\t${row.prefix}…\t${row.ratePerSecond}/s\t${state}\tcreated ${row.createdAt}${row.label ? `\t${row.label}` : ''}`;
}

async function deleteSharedCounters(config: Config, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  const redis = new Redis(config.redisUrl as string, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    commandTimeout: 2000,
  });
  try {
    await redis.connect();
    await liftSharedBlacklists(redis, config.limits.redisKeyPrefix, addresses);
  } catch (error) {
    throw new CliError(`cannot reach Redis at REDIS_URL to lift the shared blacklist: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

function write(line: string): void {
  process.stdout.write(`${line}\n`);
}
