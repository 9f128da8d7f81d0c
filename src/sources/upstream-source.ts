/**
 * One poll of an upstream catalogue: the same mirror round as `dramadex mirror` (ingest/mirror.ts: each
 * type's full dump streamed, checked, and swapped in only when complete and valid), its per-type counts
 * summed. A type that failed fails the poll (the types that succeeded stay replaced: each is its own
 * atomic swap); an upstream that cannot be reached at all fails it at once. Addresses meet the address
 * rule (shared/address-guard.ts); the upstream's own words never reach the poll's reason (NO_CATALOGUE).
 */
import type { CatalogueStore } from '../catalogue/catalogue-store.js';
import { CatalogueClient, type ClientEvent, UpstreamError } from '../client/catalogue-client.js';
import { type AlongReplace, mirrorRound, newMirrorState } from '../ingest/mirror.js';
import type { AddressGuard } from '../shared/address-guard.js';
import { CONTENT_TYPES } from '../shared/content-types.js';
import type { SourceCounts } from './source-counts.js';
import { SourceFailure } from './source-failure.js';
import type { UpstreamSettings } from './source-store.js';

/**
 * What a poll says when the upstream did not give a catalogue, whatever the cause: a refused connection,
 * a 404, a 5xx, a stall, an error page. The poll's reason is shown to moderators (the console, the audit
 * record), so it carries neither the upstream's own words (a secret in an internal error page) nor a
 * difference a port scan could read (refused against answered). `dramadex mirror` of the same URL, run by
 * the operator on the server, shows the upstream's own answer.
 */
export const NO_CATALOGUE = 'no catalogue answer from the upstream (upstream_error; `dramadex mirror` on the server shows why)';

export interface UpstreamPollOptions {
  signal?: AbortSignal | undefined;
  onEvent?: ((event: ClientEvent) => void) | undefined;
  guard: AddressGuard;
  /** Writes that commit with each type's replace (an operator's poll: the audit rows of the entries it removed). */
  alongReplace?: AlongReplace | undefined;
}

export async function pollUpstream(
  store: CatalogueStore,
  settings: UpstreamSettings,
  options: UpstreamPollOptions,
): Promise<{ counts: SourceCounts; cursor: undefined }> {
  let client: CatalogueClient;
  try {
    client = new CatalogueClient(settings.baseUrl, {
      apiKey: settings.apiKey,
      signal: options.signal,
      onEvent: options.onEvent,
      guard: options.guard,
    });
  } catch (error) {
    throw new SourceFailure('invalid', `${settings.baseUrl}: ${(error as Error).message}`);
  }
  const types = settings.types.length > 0 ? settings.types : [...CONTENT_TYPES];
  const outcomes = await mirrorRound(store, client, types, newMirrorState(options.onEvent, options.alongReplace)).catch(
    (error: unknown) => {
      if (error instanceof UpstreamError && error.refusedByRule) throw new SourceFailure('invalid', error.message);
      if (error instanceof UpstreamError) throw new SourceFailure('upstream_error', NO_CATALOGUE);
      throw error;
    },
  );
  const counts: SourceCounts = { added: 0, updated: 0, unchanged: 0, removed: 0, rejected: [] };
  const failures = new Set<string>(); // the upstream's failures all read NO_CATALOGUE, once
  for (const outcome of outcomes) {
    if (outcome.state === 'failed') failures.add(outcome.fromUpstream ? NO_CATALOGUE : `${outcome.type}: ${outcome.reason}`);
    if (outcome.state !== 'replaced') continue;
    counts.added += outcome.added;
    counts.updated += outcome.updated;
    counts.unchanged += outcome.unchanged;
    counts.removed += outcome.removed;
    counts.rejected.push(...outcome.rejected);
  }
  if (failures.size > 0) throw new SourceFailure('upstream_error', [...failures].join('; '));
  return { counts, cursor: undefined };
}
