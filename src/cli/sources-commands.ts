/**
 * `dramadex sources add|list|poll|remove` (docs/sources.md): sources live in the store, so every instance
 * sees what these register; `poll` polls now, from this process, through the same poller `serve` uses
 * (the lease keeps it from polling a source a running instance is polling). Changes go through
 * src/operations/ and are audited as `cli`.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import { pollDetail, telegramSource, upstreamSource } from '../operations/source-operations.js';
import { CONTENT_TYPES } from '../shared/content-types.js';
import type { PollReport } from '../sources/source-poller.js';
import { type NewSource, type SourceRecord, SourceStore } from '../sources/source-store.js';
import { CliError } from './errors.js';
import { parseType } from './parse-type.js';
import { withDatabase, withOperations } from './with-database.js';

/** Sources fill a catalogue, so, like `import`, they may create the SQLite file (with-database.ts). */
const withFillingDatabase: typeof withDatabase = (config, work) => withDatabase(config, work, { mayCreate: true });
const withFillingOperations: typeof withOperations = (config, work) => withOperations(config, work, { mayCreate: true });

const write = (line: string) => process.stdout.write(`${line}\n`);
const repeatable = (value: string, list: string[]) => [...list, value];

export function registerSourcesCommands(program: Command): void {
  const sources = program.command('sources').description('Telegram channels and upstream catalogues polled on a schedule');
  const add = sources.command('add').description('register a source');
  add
    .command('telegram')
    .description("register a public Telegram channel (read from its public preview's pages)")
    .argument('<channel>', 'the channel name, as in t.me/<channel>')
    .option('--type <type>', 'the type of its entries unless a hashtag names one', 'post')
    .option('--every <minutes>', 'minutes between polls', '30')
    .option('--backfill <messages>', 'messages the first poll reads back', '200')
    .action(async (channel: string, options: { type: string; every: string; backfill: string }) => {
      const type = parseType(options.type);
      await addSource(telegramSource({ channel, type, everyMinutes: options.every, backfill: options.backfill }));
    });
  add
    .command('upstream')
    .description('register a compatible catalogue, read as `mirror` reads it')
    .argument('<base_url>', 'the upstream, e.g. https://example.com')
    .option('--type <type>', 'mirror only this type (repeatable; default all six)', repeatable, [])
    .option('--api-key <key>', 'send this X-API-Key to the upstream')
    .option('--every <minutes>', 'minutes between polls', '60')
    .action(async (baseUrl: string, options: { type: string[]; apiKey?: string; every: string }) => {
      const types = options.type.map(parseType);
      await addSource(upstreamSource({ baseUrl, types, apiKey: options.apiKey, everyMinutes: options.every }));
    });
  sources
    .command('list')
    .description('each source: name, kind, every, last poll and outcome, entries added, next poll')
    .action(async () => {
      await withFillingDatabase(loadConfig(), async (database) => {
        const all = await new SourceStore(database).list();
        if (all.length === 0) write('no sources');
        for (const source of all) write(describe(source));
      });
    });
  sources
    .command('poll')
    .description('poll now (all sources, or the named ones); prints what each added or why it failed')
    .argument('[names...]', 'the sources to poll (as `sources list` names them)')
    .action(async (names: string[]) => pollCommand(names));
  sources
    .command('remove')
    .description('forget a source (its entries stay)')
    .argument('<name>', 'the source, as `sources list` names it')
    .action(async (name: string) => {
      await withFillingOperations(loadConfig(), async ({ sources }) => {
        await sources.remove(CLI_ACTOR, name);
        write(`removed source ${name} (its entries stay)`);
      });
    });
}

async function addSource(source: NewSource): Promise<void> {
  await withFillingOperations(loadConfig(), async ({ sources }) => {
    await sources.add(CLI_ACTOR, source);
    write(`added ${source.kind} source ${source.name}, polled every ${source.everyMinutes} min`);
  });
}

async function pollCommand(names: string[]): Promise<void> {
  const config = loadConfig();
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    await withFillingOperations(config, async ({ sources }) => {
      const { mirrorProgress } = await import('./mirror-progress.js');
      const progress = mirrorProgress('sources');
      const reports = await sources
        .poll(CLI_ACTOR, names, { signal: stop.signal, onUpstreamEvent: progress.onEvent })
        .finally(() => progress.stop());
      if (reports.length === 0) write('no sources');
      for (const report of reports) write(reportLine(report));
      const failed = reports.filter((report) => report.outcome !== 'ok').map((report) => report.name);
      if (failed.length > 0) throw new CliError(`polling ${failed.join(', ')} failed (see above)`);
    });
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}

function reportLine(report: PollReport): string {
  if (report.outcome === 'ok')
    for (const { line, reason } of report.rejected) process.stderr.write(`${report.name} message/item ${line}: ${reason}\n`);
  return `${report.name}: ${pollDetail(report)}`;
}

function describe(source: SourceRecord): string {
  const what = source.kind === 'telegram' ? `${source.settings.type}` : source.settings.types.join(',') || CONTENT_TYPES.join(',');
  const last = source.lastPollAt ? `last poll ${source.lastPollAt} ${source.lastOutcome}` : 'never polled';
  const error = source.lastError ? ` (${source.lastError})` : '';
  return `${source.name}\t${source.kind}\t${what}\tevery ${source.everyMinutes} min\t${last}${error}\tadded ${source.entriesAdded}\tnext poll ${source.nextPollAt}`;
}
