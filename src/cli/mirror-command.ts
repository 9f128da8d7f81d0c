/**
 * `dramadex mirror <base_url>`: one round over the chosen types (all six by default), or with `--watch`
 * one every `--interval` minutes until SIGINT/SIGTERM. Per type it prints added, updated, unchanged,
 * removed and rejected, or why nothing changed; progress (waits, retries, bytes) goes to standard error.
 * Without `--watch` it exits non-zero when any type failed.
 */
import { CatalogueStore } from '../catalogue/catalogue-store.js';
import { CatalogueClient, UpstreamError } from '../client/catalogue-client.js';
import { systemClock } from '../client/client-clock.js';
import type { Config } from '../config/config.js';
import { mirrorRound, mirrorWatch, newMirrorState, type TypeOutcome } from '../ingest/mirror.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import { replacedLine } from '../operations/mirror-operations.js';
import { addressGuard } from '../shared/address-guard.js';
import { CONTENT_TYPES, type ContentType } from '../shared/content-types.js';
import { CliError } from './errors.js';
import { mirrorProgress } from './mirror-progress.js';
import { withOperations } from './with-database.js';

export interface MirrorCommandOptions {
  types: ContentType[];
  apiKey?: string | undefined;
  watch?: boolean | undefined;
  interval: string;
}

export async function mirrorCommand(config: Config, baseUrl: string, options: MirrorCommandOptions): Promise<void> {
  const minutes = Number(options.interval);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 10_080) {
    throw new CliError(`--interval must be minutes between 1 and 10080, not "${options.interval}"`);
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const progress = mirrorProgress('mirror');
  // The bar is taken down before a type's line, so the line is not drawn over.
  const reportAndClear = (outcome: TypeOutcome) => {
    progress.stop();
    report(outcome);
  };
  let client: CatalogueClient;
  try {
    client = new CatalogueClient(baseUrl, {
      apiKey: options.apiKey,
      onEvent: progress.onEvent,
      signal: stop.signal,
      guard: addressGuard(config.sources.allowPrivate),
    });
  } catch (error) {
    throw new CliError(`cannot mirror ${baseUrl}: ${(error as Error).message}`);
  }
  const types = options.types.length > 0 ? [...new Set(options.types)] : [...CONTENT_TYPES];
  const failed = (outcomes: TypeOutcome[]) => outcomes.filter((outcome) => outcome.state === 'failed').map((outcome) => outcome.type);
  try {
    await withOperations(
      config,
      async ({ mirror }, database) => {
        const store = new CatalogueStore(database);
        // Each type replaced is one audit row (as `cli`), and one more per entry it removed, committed with the replace.
        const alongReplace = mirror.alongReplace(CLI_ACTOR, client.baseUrl);
        if (options.watch) {
          const onRound = () => {
            process.stderr.write(`mirror: next round in ${minutes} min\n`);
          };
          await mirrorWatch(store, client, types, {
            intervalMs: minutes * 60_000,
            clock: systemClock,
            signal: stop.signal,
            onOutcome: reportAndClear,
            alongReplace,
            onProgress: progress.onEvent,
            onRound,
          });
          return;
        }
        const outcomes = await mirrorRound(store, client, types, newMirrorState(progress.onEvent, alongReplace), reportAndClear).catch(
          (error: Error) => {
            if (stop.signal.aborted) return [];
            if (error instanceof UpstreamError) throw new CliError(`mirror of ${client.baseUrl} failed: ${error.message}`);
            throw error;
          },
        );
        const failures = failed(outcomes);
        if (failures.length > 0) throw new CliError(`mirror of ${failures.join(', ')} from ${client.baseUrl} failed (see above)`);
      },
      { mayCreate: true },
    );
  } finally {
    progress.stop();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}

function report(outcome: TypeOutcome): void {
  if (outcome.state === 'failed') {
    process.stdout.write(`${outcome.type}: failed: ${outcome.reason}\n`);
    return;
  }
  if (outcome.state === 'not modified') {
    process.stdout.write(`${outcome.type}: not modified upstream, nothing to do\n`);
    return;
  }
  for (const { line, reason } of outcome.rejected) process.stderr.write(`${outcome.type} item ${line}: ${reason}\n`);
  process.stdout.write(`${outcome.type}: ${replacedLine(outcome)}\n`);
}
