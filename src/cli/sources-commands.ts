/**
 * `dramadex sources add|list|poll|remove` (docs/sources.md): sources live in the store, so every instance
 * sees what these register; `poll` polls now, from this process, through the same poller `serve` uses
 * (the lease keeps it from polling a source a running instance is polling).
 */
import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { CONTENT_TYPES } from '../shared/content-types.js';
import { CHANNEL_NAME } from '../sources/channel-name.js';
import type { PollReport } from '../sources/source-poller.js';
import { SourceExistsError, type SourceRecord, SourceStore } from '../sources/source-store.js';
import { CliError } from './errors.js';
import { parseType } from './parse-type.js';
import { withDatabase } from './with-database.js';

/** Sources fill a catalogue, so, like `import`, they may create the SQLite file (with-database.ts). */
const withFillingDatabase: typeof withDatabase = (config, work) => withDatabase(config, work, { mayCreate: true });

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
    .action(async (given: string, options: { type: string; every: string; backfill: string }) => {
      const channel = given.replace(/^@/, '').replace(/^https?:\/\/t\.me\/(?:s\/)?/, '');
      if (!CHANNEL_NAME.test(channel)) throw new CliError(`"${given}" is not a public channel name (letters, digits, _; 4 to 32)`);
      const settings = { channel, type: parseType(options.type), backfill: whole('--backfill', options.backfill, 1, 5_000) };
      await addSource({ name: channel, kind: 'telegram', settings, everyMinutes: whole('--every', options.every, 1, 10_080) });
    });
  add
    .command('upstream')
    .description('register a compatible catalogue, read as `mirror` reads it')
    .argument('<base_url>', 'the upstream, e.g. https://example.com')
    .option('--type <type>', 'mirror only this type (repeatable; default all six)', repeatable, [])
    .option('--api-key <key>', 'send this X-API-Key to the upstream')
    .option('--every <minutes>', 'minutes between polls', '60')
    .action(async (baseUrl: string, options: { type: string[]; apiKey?: string; every: string }) => {
      const url = httpUrl(baseUrl);
      const settings = {
        baseUrl: url.toString().replace(/\/+$/, ''),
        types: [...new Set(options.type.map(parseType))],
        apiKey: options.apiKey,
      };
      await addSource({ name: url.host, kind: 'upstream', settings, everyMinutes: whole('--every', options.every, 1, 10_080) });
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
      await withFillingDatabase(loadConfig(), async (database) => {
        if (!(await new SourceStore(database).remove(name))) throw new CliError(`no source named "${name}"`);
        write(`removed source ${name} (its entries stay)`);
      });
    });
}

async function addSource(source: Parameters<SourceStore['add']>[0]): Promise<void> {
  await withFillingDatabase(loadConfig(), async (database) => {
    await new SourceStore(database).add(source, new Date()).catch((error: unknown) => {
      if (error instanceof SourceExistsError) throw new CliError(error.message);
      throw error;
    });
    write(`added ${source.kind} source ${source.name}, polled every ${source.everyMinutes} min`);
  });
}

async function pollCommand(names: string[]): Promise<void> {
  const config = loadConfig();
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    await withFillingDatabase(config, async (database) => {
      // Loaded on use: the reader's title rules load search's text tables, which every other command would pay for.
      const [{ mirrorProgress }, { SourcePoller }, { CatalogueStore }, { LocalClock }] = await Promise.all([
        import('./mirror-progress.js'),
        import('../sources/source-poller.js'),
        import('../catalogue/catalogue-store.js'),
        import('../shared/local-time.js'),
      ]);
      const progress = mirrorProgress('sources');
      const poller = new SourcePoller(new CatalogueStore(database), new SourceStore(database), {
        telegramOrigin: config.sources.telegramOrigin,
        clock: new LocalClock(config.catalogueTimeZone),
        signal: stop.signal,
        onUpstreamEvent: progress.onEvent,
      });
      const reports = await poller.pollNow(names).finally(() => progress.stop());
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
  if (report.outcome !== 'ok') return `${report.name}: failed (${report.outcome}): ${report.reason}`;
  for (const { line, reason } of report.rejected) process.stderr.write(`${report.name} message/item ${line}: ${reason}\n`);
  const removed = report.removed > 0 ? `, removed ${report.removed}` : '';
  return `${report.name}: added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}${removed}, rejected ${report.rejected.length}`;
}

function describe(source: SourceRecord): string {
  const what = source.kind === 'telegram' ? `${source.settings.type}` : source.settings.types.join(',') || CONTENT_TYPES.join(',');
  const last = source.lastPollAt ? `last poll ${source.lastPollAt} ${source.lastOutcome}` : 'never polled';
  const error = source.lastError ? ` (${source.lastError})` : '';
  return `${source.name}\t${source.kind}\t${what}\tevery ${source.everyMinutes} min\t${last}${error}\tadded ${source.entriesAdded}\tnext poll ${source.nextPollAt}`;
}

function whole(option: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new CliError(`${option} must be a whole number from ${min} to ${max}, not "${text}"`);
  return value;
}

function httpUrl(text: string): URL {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // told below
  }
  throw new CliError(`"${text}" is not an http(s) address`);
}
