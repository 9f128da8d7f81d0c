/**
 * Mirroring (docs/lifecycle.md): each type is fetched from the upstream's `/all` dump and replaces that
 * type here, in one transaction, only when the download is complete and valid: a failed request, a body
 * cut short, an answer that is not the catalogue envelope, or whose `total` disagrees with its items,
 * changes nothing. Items are checked like import rows (validate-rows.ts, takedowns included) and the bad
 * ones reported; a dump with items but not one valid changes nothing either. With the ETag of the last
 * dump, an unchanged type costs a 304.
 */
import type { CatalogueStore, ImportCounts } from '../catalogue/catalogue-store.js';
import { TakedownStore } from '../catalogue/takedowns.js';
import { type CatalogueClient, type FullDumpData, UpstreamError } from '../client/catalogue-client.js';
import type { ClientClock } from '../client/client-clock.js';
import { type ContentType, resolveContentType } from '../shared/content-types.js';
import { type Rejection, validateRows } from './validate-rows.js';

export type TypeOutcome =
  | ({ type: ContentType; state: 'replaced'; rejected: Rejection[] } & ImportCounts)
  | { type: ContentType; state: 'not modified' }
  | { type: ContentType; state: 'failed'; reason: string };

/** What one `mirror` keeps between rounds of `--watch`. */
export interface MirrorState {
  /** The ETag of each type's last dump that was applied. */
  etags: Map<ContentType, string>;
  /** The upstream's identifier of a type when it is not ours (the original service calls extsrc `baidu`). */
  upstreamNames: Map<ContentType, string>;
}

export function newMirrorState(): MirrorState {
  return { etags: new Map(), upstreamNames: new Map() };
}

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
      if (!(error instanceof UpstreamError)) throw error;
      return { type, state: 'failed', reason: error.message };
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
  const state = newMirrorState();
  while (!options.signal.aborted) {
    const outcomes = await mirrorRound(store, client, types, state, options.onOutcome).catch((error: unknown) => {
      if (options.signal.aborted) return undefined;
      throw error;
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
  const fetched = await fetchDump(client, type, state);
  if (fetched.notModified) return { type, state: 'not modified' };
  const problem = dumpProblem(fetched.body, type);
  if (problem) return { type, state: 'failed', reason: `${problem}; nothing changed` };
  const items = fetched.body.data.items;
  const takedowns = await new TakedownStore(store.database).matcher();
  const { entries, rejected } = validateRows(
    items.map((value, index) => ({ line: index + 1, value })),
    { takedowns, type },
  );
  if (entries.length === 0 && rejected.length > 0) {
    return {
      type,
      state: 'failed',
      reason: `none of its ${rejected.length} items is valid (item 1: ${rejected[0]?.reason}); nothing changed`,
    };
  }
  const counts = await store.importEntries(entries, { replace: true, type });
  if (fetched.etag) state.etags.set(type, fetched.etag);
  return { type, state: 'replaced', rejected, ...counts };
}

/** Why an answer is not a complete dump of `type`, or undefined when it is one. */
function dumpProblem(body: unknown, type: ContentType): string | undefined {
  const envelope = body as { success?: unknown; data?: Partial<FullDumpData> } | null;
  if (envelope?.success !== true || typeof envelope.data !== 'object' || envelope.data === null)
    return 'the answer is not a success envelope';
  const { items, total, content_type } = envelope.data;
  if (!Array.isArray(items)) return 'the answer has no items array';
  if (typeof content_type === 'string' && resolveContentType(content_type) !== type)
    return `the answer is the dump of "${content_type}", not ${type}`;
  if (total !== undefined && total !== items.length) return `incomplete dump: total says ${String(total)} but ${items.length} items came`;
  return undefined;
}

/**
 * The type's dump under our identifier; an upstream that answers 400 to `extsrc` (the original service,
 * which knows it as `baidu`, decisions.md) is asked for `baidu`, and remembered, at the cost of one request.
 */
async function fetchDump(client: CatalogueClient, type: ContentType, state: MirrorState) {
  const name = state.upstreamNames.get(type) ?? type;
  try {
    return await client.fullDump(name, state.etags.get(type));
  } catch (error) {
    const alias = LEGACY_NAMES[type];
    if (!(error instanceof UpstreamError) || error.status !== 400 || alias === undefined || name === alias) throw error;
    state.upstreamNames.set(type, alias);
    return client.fullDump(alias, state.etags.get(type));
  }
}

const LEGACY_NAMES: Partial<Record<ContentType, string>> = { extsrc: 'baidu' };
