/**
 * Mirroring (docs/lifecycle.md, docs/sources.md): each type's `/all` dump is read as a stream into the
 * staging table (dump-stream.ts) and replaces that type here, in one transaction, only when the download
 * is complete and valid: a failed request, a body cut short, an answer that is not the catalogue
 * envelope, or whose `total` disagrees with its items, changes nothing. Items are checked like import rows
 * (validate-rows.ts, takedowns included) and the bad ones reported; a dump with items but not one valid
 * changes nothing either. With the ETag of the last dump, an unchanged type costs a 304. An upstream that
 * cannot be reached at all (refused, no such host) ends the round at once.
 */
import { CatalogueStore, type ImportCounts } from '../catalogue/catalogue-store.js';
import { TakedownStore } from '../catalogue/takedowns.js';
import { type CatalogueClient, type ClientEvent, UpstreamError } from '../client/catalogue-client.js';
import type { ClientClock } from '../client/client-clock.js';
import type { ContentType } from '../shared/content-types.js';
import type { Database } from '../store/database.js';
import { inOneTransaction } from '../store/one-transaction.js';
import { clearStaged, clearStaleRuns, newStagingRun } from '../store/staged-entries.js';
import { stageDump } from './dump-stream.js';
import type { Rejection } from './validate-rows.js';

export type ReplacedOutcome = { type: ContentType; state: 'replaced'; rejected: Rejection[] } & ImportCounts;

export type TypeOutcome =
  | ReplacedOutcome
  | { type: ContentType; state: 'not modified' }
  /** `fromUpstream`: the reason carries the upstream's own words (a status, its error text, a network error). */
  | { type: ContentType; state: 'failed'; reason: string; fromUpstream?: boolean };

/** What one `mirror` keeps between rounds of `--watch`. */
export interface MirrorState {
  /** The ETag of each type's last dump that was applied. */
  etags: Map<ContentType, string>;
  /** The upstream's identifier of a type when it is not ours (the original service calls extsrc `baidu`). */
  upstreamNames: Map<ContentType, string>;
  /** Bytes and items of the dump being read. */
  onProgress?: ((event: Extract<ClientEvent, { kind: 'progress' }>) => void) | undefined;
  /** Writes that commit with a type's replace, through the database of its transaction (the command's audit row). */
  alongReplace?: AlongReplace | undefined;
}

export type AlongReplace = (database: Database, outcome: ReplacedOutcome) => Promise<void>;

export function newMirrorState(onProgress?: MirrorState['onProgress'], alongReplace?: AlongReplace): MirrorState {
  return { etags: new Map(), upstreamNames: new Map(), onProgress, alongReplace };
}

/** Staged rows of a run this old belong to a process that died mid-dump. */
const STALE_RUN_MS = 6 * 3_600_000;

/** One round over `types`; never throws for an upstream failure (it is that type's outcome). */
export async function mirrorRound(
  store: CatalogueStore,
  client: CatalogueClient,
  types: readonly ContentType[],
  state: MirrorState,
  onOutcome?: (outcome: TypeOutcome) => void,
): Promise<TypeOutcome[]> {
  const outcomes: TypeOutcome[] = [];
  for (const type of types) {
    const outcome = await mirrorType(store, client, type, state).catch((error: unknown): TypeOutcome => {
      // An upstream that cannot be reached at all ends the round: every other type would fail the same way.
      if (!(error instanceof UpstreamError) || error.unreachable) throw error;
      return { type, state: 'failed', reason: error.message, fromUpstream: true };
    });
    outcomes.push(outcome);
    onOutcome?.(outcome);
  }
  return outcomes;
}

export interface WatchOptions {
  intervalMs: number;
  clock: ClientClock;
  /** Ends the watch: during a wait at once, during a round when its current request ends. */
  signal: AbortSignal;
  onOutcome?: (outcome: TypeOutcome) => void;
  onProgress?: MirrorState['onProgress'];
  alongReplace?: AlongReplace;
  /** Called after each round, before the wait for the next. */
  onRound?: (outcomes: TypeOutcome[]) => void | Promise<void>;
}

/** `mirror --watch`: a round, a wait of `intervalMs`, and again, until `signal` aborts. */
export async function mirrorWatch(
  store: CatalogueStore,
  client: CatalogueClient,
  types: readonly ContentType[],
  options: WatchOptions,
): Promise<void> {
  const state = newMirrorState(options.onProgress, options.alongReplace);
  while (!options.signal.aborted) {
    const outcomes = await mirrorRound(store, client, types, state, options.onOutcome).catch((error: unknown) => {
      if (options.signal.aborted) return undefined;
      if (!(error instanceof UpstreamError && error.unreachable)) throw error;
      // Watching outlasts an outage: the round fails, the next one tries again.
      const failed = types.map((type): TypeOutcome => ({ type, state: 'failed', reason: error.message }));
      for (const outcome of failed) options.onOutcome?.(outcome);
      return failed;
    });
    if (!outcomes) return;
    await options.onRound?.(outcomes);
    if (options.signal.aborted) return;
    const waited = await options.clock.sleep(options.intervalMs, options.signal).then(
      () => true,
      () => false,
    );
    if (!waited) return;
  }
}

async function mirrorType(store: CatalogueStore, client: CatalogueClient, type: ContentType, state: MirrorState): Promise<TypeOutcome> {
  const { database } = store;
  const takedowns = await new TakedownStore(database).matcher();
  const run = newStagingRun(Date.now());
  await clearStaleRuns(database, Date.now() - STALE_RUN_MS);
  try {
    const fetched = await fetchDump(client, type, state, (chunks, totalBytes) =>
      stageDump(chunks, {
        database,
        run,
        type,
        takedowns,
        onProgress: (bytes, items) => state.onProgress?.({ kind: 'progress', what: type, bytes, totalBytes, items }),
      }),
    );
    if (fetched.notModified) return { type, state: 'not modified' };
    const { problem, rejected, staged } = fetched.value;
    if (problem)
      return { type, state: 'failed', reason: `/api/contents/${state.upstreamNames.get(type) ?? type}/all: ${problem}; nothing changed` };
    if (staged === 0 && rejected.length > 0) {
      return {
        type,
        state: 'failed',
        reason: `none of its ${rejected.length} items is valid (item 1: ${rejected[0]?.reason}); nothing changed`,
      };
    }
    const outcome = await inOneTransaction(database, async (bound) => {
      const replaced: ReplacedOutcome = {
        type,
        state: 'replaced',
        rejected,
        ...(await new CatalogueStore(bound).replaceFromStaged(run, type)),
      };
      await state.alongReplace?.(bound, replaced);
      return replaced;
    });
    if (fetched.etag) state.etags.set(type, fetched.etag);
    return outcome;
  } finally {
    await clearStaged(database, run);
  }
}

/**
 * The type's dump under our identifier; an upstream that answers 400 to `extsrc` (the original service,
 * which knows it as `baidu`, decisions.md) is asked for `baidu`, and remembered, at the cost of one request.
 */
async function fetchDump<T>(
  client: CatalogueClient,
  type: ContentType,
  state: MirrorState,
  consume: (chunks: AsyncIterable<Buffer>, totalBytes: number | undefined) => Promise<T>,
) {
  const name = state.upstreamNames.get(type) ?? type;
  try {
    return await client.streamFullDump(name, state.etags.get(type), consume);
  } catch (error) {
    const alias = LEGACY_NAMES[type];
    if (!(error instanceof UpstreamError) || error.status !== 400 || alias === undefined || name === alias) throw error;
    state.upstreamNames.set(type, alias);
    return client.streamFullDump(alias, state.etags.get(type), consume);
  }
}

const LEGACY_NAMES: Partial<Record<ContentType, string>> = { extsrc: 'baidu' };
