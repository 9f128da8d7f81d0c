/**
 * The ranking service's commands (docs/commands.md, "Command line"): `rankings import <file> --board <board>`
 * stores a snapshot; `token issue [--ip]`, `token list`, `token rebind`, `token revoke` manage the bearer
 * tokens. A new token is printed alone on the last line, so scripts can take it with `tail -n 1`.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { RankingTokens } from '../boards/access-tokens/access-tokens.js';
import type { TokenRecord } from '../boards/access-tokens/token-store.js';
import { parseRecords, RecordError } from '../boards/records.js';
import { type Config, loadConfig } from '../config/config.js';
import { normalizeAddress } from '../http/client-address.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import { isBoard, RANKING_BOARDS } from '../shared/board-names.js';
import { CliError } from './errors.js';
import { withOperations } from './with-database.js';

export function registerRankingCommands(program: Command): void {
  const rankings = program.command('rankings').description('ranking boards');
  rankings
    .command('import')
    .description(`store a ranking snapshot from a JSON array of records (boards: ${RANKING_BOARDS.join(', ')})`)
    .argument('<file>', 'JSON array of records; rank may be omitted (array order is the rank)')
    .requiredOption('--board <board>', `one of ${RANKING_BOARDS.join(', ')}`)
    .option('--dry-run', 'check the file and print what would change against the live board, storing nothing')
    .action(async (file: string, options: { board: string; dryRun?: boolean }) =>
      importRankings(loadConfig(), file, options.board, options.dryRun === true),
    );

  const token = program.command('token').description('ranking service bearer tokens');
  token
    .command('issue')
    .description('print a new ranking token (last line of output)')
    .option('--ip <address>', 'bind it to this address now (else the first address that uses it)')
    .action(async (options: { ip?: string }) =>
      withOperations(loadConfig(), async ({ rankings }) => {
        const { token: secret, record } = await rankings.issueToken(CLI_ACTOR, options.ip === undefined ? undefined : address(options.ip));
        write(`issued token ${record.id} (${record.tokenPrefix}…), bound to ${record.boundAddress ?? 'the first address that uses it'}`);
        write('it is shown only now; only its hash is stored');
        write(secret);
      }),
    );
  token
    .command('list')
    .description('list tokens (never the secrets)')
    .action(async () =>
      withOperations(loadConfig(), async ({ rankings }) => {
        const records = await rankings.tokens.list();
        write(['id', 'prefix', 'bound address', 'owner', 'created', 'status'].join('\t'));
        for (const record of records) write(describe(record));
        write(`${records.length} token(s), ${records.filter((record) => record.revokedAt === null).length} active`);
      }),
    );
  token
    .command('rebind')
    .description('bind a token to another address, or without --ip clear it so its next user binds it')
    .argument('<token>', 'the id `token list` shows, or the token itself')
    .option('--ip <address>', 'the new address')
    .action(async (reference: string, options: { ip?: string }) =>
      withOperations(loadConfig(), async ({ rankings }) => {
        const found = await find(rankings.tokens, reference);
        const rebound = await rankings.rebindToken(CLI_ACTOR, found, options.ip === undefined ? null : address(options.ip));
        write(`token ${rebound.id} is now bound to ${rebound.boundAddress ?? 'the next address that uses it'}`);
      }),
    );
  token
    .command('revoke')
    .description('revoke a token for good')
    .argument('<token>', 'the id `token list` shows, or the token itself')
    .action(async (reference: string) =>
      withOperations(loadConfig(), async ({ rankings }) => {
        const found = await find(rankings.tokens, reference);
        await rankings.revokeToken(CLI_ACTOR, found);
        write(`token ${found.id} (${found.tokenPrefix}…) revoked`);
      }),
    );
}

async function importRankings(config: Config, file: string, board: string, dryRun: boolean): Promise<void> {
  if (!isBoard(board)) throw new CliError(`--board must be one of ${RANKING_BOARDS.join(', ')}, got "${board}"`);
  const text = await readFile(file, 'utf8').catch(() => {
    throw new CliError(`cannot read ${file}`);
  });
  let records: ReturnType<typeof parseRecords>;
  try {
    records = parseRecords(board, JSON.parse(text));
  } catch (error) {
    const reason = error instanceof RecordError ? error.message : `not JSON (${(error as Error).message})`;
    throw new CliError(`${file} was not imported: ${reason}`);
  }
  await withOperations(config, async ({ rankings }) => {
    if (dryRun) {
      const preview = await rankings.boards.preview(board, records);
      const { up, down, same, new: added } = preview.changes;
      write(
        `dry run, nothing stored: board ${board} would hold ${preview.records} records instead of ${preview.replaces} (up ${up}, down ${down}, same ${same}, new ${added})`,
      );
      return;
    }
    const summary = await rankings.importSnapshot(CLI_ACTOR, board, records, file);
    const { up, down, same, new: added } = summary.changes;
    write(
      `stored snapshot ${summary.snapshotId} of board ${board} at ${summary.takenAt}: ${summary.records} records (up ${up}, down ${down}, same ${same}, new ${added})`,
    );
  });
}

async function find(tokens: RankingTokens, reference: string): Promise<TokenRecord> {
  const found = await tokens.find(reference.trim());
  if (!found) throw new CliError(`no token ${/^\d+$/.test(reference.trim()) ? `with id ${reference.trim()}` : 'matches that value'}`);
  return found;
}

function address(text: string): string {
  const normalized = normalizeAddress(text.trim());
  if (normalized === undefined) throw new CliError(`--ip must be an IPv4 or IPv6 address, got "${text}"`);
  return normalized;
}

function describe(record: TokenRecord): string {
  const status = record.revokedAt === null ? 'active' : `revoked ${record.revokedAt}`;
  return [record.id, `${record.tokenPrefix}…`, record.boundAddress ?? '-', record.owner ?? '-', record.createdAt, status].join('\t');
}

function write(line: string): void {
  process.stdout.write(`${line}\n`);
}
