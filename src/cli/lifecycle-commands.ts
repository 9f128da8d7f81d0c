/**
 * The catalogue's life after import (docs/lifecycle.md): `dramadex remove`, `takedown add|list|remove`,
 * `export` and `mirror`. Removals and takedowns go through src/operations/ (audited as `cli`) to the store;
 * running instances follow its revision and drop the entries within their refresh delay.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { TakedownStore } from '../catalogue/takedowns.js';
import { loadConfig } from '../config/config.js';
import { readLinks } from '../ingest/read-links.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import { CliError } from './errors.js';
import { parseType } from './parse-type.js';
import { withDatabase, withOperations } from './with-database.js';

const write = (line: string) => process.stdout.write(`${line}\n`);
const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

export function registerLifecycleCommands(program: Command): void {
  program
    .command('remove')
    .description('delete catalogue entries by source_link; prints removed and not found')
    .argument('[links...]', 'the links to delete')
    .option('--file <file>', 'read the links from a file: one a line, or NDJSON/CSV/JSON rows with source_link')
    .action(async (given: string[], options: { file?: string }) => removeCommand(given, options.file));

  const takedown = program.command('takedown').description('links and link prefixes kept out of the catalogue');
  takedown
    .command('add')
    .description(
      'remove the entry with exactly this link (or, with --prefix, every link starting with it) and reject it on every later import and mirror',
    )
    .argument('<link>', 'a link; with --prefix, a link prefix such as https://pan.example.com/s/')
    .option('--prefix', 'take down every link that starts with <link>, not only <link> itself')
    .option('--reason <text>', 'why (shown by takedown list); left out, a takedown added again keeps its reason')
    .option('--dry-run', 'print how many entries it would remove, and change nothing')
    .action(async (pattern: string, options: { reason?: string; prefix?: boolean; dryRun?: boolean }) => {
      const match = options.prefix ? 'prefix' : 'exact';
      const what = match === 'prefix' ? 'every link starting with ' : '';
      await withOperations(loadConfig(), async ({ catalogue }) => {
        if (options.dryRun) {
          const count = await catalogue.previewTakedown(pattern, match);
          write(`dry run, nothing changed: taking down ${what}${pattern.trim()} would remove ${entries(count)}`);
          return;
        }
        const removed = await catalogue.takeDown(CLI_ACTOR, { pattern, match, reason: options.reason });
        write(`took down ${what}${pattern.trim()}: removed ${entries(removed)}`);
      });
    });
  takedown
    .command('list')
    .description('list takedowns (link or prefix, match: exact or prefix, since, reason)')
    .action(async () => {
      await withDatabase(loadConfig(), async (database) => {
        const takedowns = await new TakedownStore(database).list();
        if (takedowns.length === 0) write('no takedowns');
        for (const row of takedowns) write(`${row.pattern}\t${row.match}\t${row.created_at}\t${row.reason}`);
      });
    });
  takedown
    .command('remove')
    .description('lift a takedown: matching rows are accepted again (removed entries are not restored)')
    .argument('<pattern>', 'the link or prefix as `takedown list` shows it')
    .action(async (pattern: string) => {
      await withOperations(loadConfig(), async ({ catalogue }) => {
        await catalogue.liftTakedown(CLI_ACTOR, pattern);
        write(`lifted the takedown of ${pattern.trim()}`);
      });
    });

  program
    .command('export')
    .description('write the catalogue (or one type) as NDJSON, CSV or a JSON array')
    .option('--type <type>', 'only this type')
    .option('--format <format>', 'ndjson, csv or json', 'ndjson')
    .option('--output <file>', 'write to this file instead of standard output')
    .option('--include-hidden', 'also the entries hidden because their links were confirmed dead')
    .action(async (options: { type?: string; format: string; output?: string; includeHidden?: boolean }) => {
      const type = options.type === undefined ? undefined : parseType(options.type);
      const { exportCommand } = await import('./export-command.js');
      await exportCommand(loadConfig(), {
        type,
        format: options.format,
        output: options.output,
        includeHidden: options.includeHidden === true,
      });
    });

  program
    .command('mirror')
    .description('fill and replace types from a compatible upstream catalogue (its /all dumps)')
    .argument('<base_url>', 'the upstream, e.g. https://example.com')
    .option('--type <type>', 'mirror only this type (repeatable; default all six)', (value: string, list: string[]) => [...list, value], [])
    .option('--api-key <key>', 'send this X-API-Key to the upstream')
    .option('--watch', 'keep mirroring every --interval until stopped')
    .option('--interval <minutes>', 'minutes between rounds with --watch', '60')
    .action(async (baseUrl: string, options: { type: string[]; apiKey?: string; watch?: boolean; interval: string }) => {
      const { mirrorCommand } = await import('./mirror-command.js');
      await mirrorCommand(loadConfig(), baseUrl, { ...options, types: options.type.map(parseType) });
    });
}

async function removeCommand(given: string[], file: string | undefined): Promise<void> {
  const links = given.map((link) => link.trim()).filter(Boolean);
  if (file !== undefined) {
    const text = await readFile(file, 'utf8').catch(() => {
      throw new CliError(`cannot read ${file}`);
    });
    let read: ReturnType<typeof readLinks>;
    try {
      read = readLinks(text);
    } catch (error) {
      throw new CliError(`cannot read links from ${file}: ${(error as Error).message}`);
    }
    for (const { line, reason } of read.rejected) process.stderr.write(`line ${line}: ${reason}\n`);
    links.push(...read.links);
  }
  if (links.length === 0) throw new CliError('no links to remove: give them as arguments or with --file');
  await withOperations(loadConfig(), async ({ catalogue }) => {
    const report = await catalogue.remove(CLI_ACTOR, links);
    for (const link of report.notFound) process.stderr.write(`not found: ${link}\n`);
    write(`removed ${report.removed.length}, not found ${report.notFound.length}`);
  });
}
