/**
 * One poll of an upstream catalogue: the same mirror round as `dramadex mirror` (ingest/mirror.ts: each
 * type's full dump streamed, checked, and swapped in only when complete and valid), its per-type counts
 * summed. A type that failed fails the poll (the types that succeeded stay replaced: each is its own
 * atomic swap); an upstream that cannot be reached at all fails it at once.
 */
import type { CatalogueStore } from '../catalogue/catalogue-store.js';
import { CatalogueClient, type ClientEvent, UpstreamError } from '../client/catalogue-client.js';
import { mirrorRound, newMirrorState } from '../ingest/mirror.js';
import { CONTENT_TYPES } from '../shared/content-types.js';
import type { SourceCounts } from './source-counts.js';
import { SourceFailure } from './source-failure.js';
import type { UpstreamSettings } from './source-store.js';

export interface UpstreamPollOptions {
  signal?: AbortSignal | undefined;
  onEvent?: ((event: ClientEvent) => void) | undefined;
}

export async function pollUpstream(
  store: CatalogueStore,
  settings: UpstreamSettings,
  options: UpstreamPollOptions,
): Promise<{ counts: SourceCounts; cursor: undefined }> {
  let client: CatalogueClient;
  try {
    client = new CatalogueClient(settings.baseUrl, { apiKey: settings.apiKey, signal: options.signal, onEvent: options.onEvent });
  } catch (error) {
    throw new SourceFailure('invalid', `${settings.baseUrl}: ${(error as Error).message}`);
  }
  const types = settings.types.length > 0 ? settings.types : [...CONTENT_TYPES];
  const outcomes = await mirrorRound(store, client, types, newMirrorState(options.onEvent)).catch((error: unknown) => {
    if (error instanceof UpstreamError) throw new SourceFailure('unreachable', error.message);
    throw error;
  });
  const counts: SourceCounts = { added: 0, updated: 0, unchanged: 0, removed: 0, rejected: [] };
  const failures: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.state === 'failed') failures.push(`${outcome.type}: ${outcome.reason}`);
    if (outcome.state !== 'replaced') continue;
    counts.added += outcome.added;
    counts.updated += outcome.updated;
    counts.unchanged += outcome.unchanged;
    counts.removed += outcome.removed;
    counts.rejected.push(...outcome.rejected);
  }
  if (failures.length > 0) throw new SourceFailure('upstream_error', failures.join('; '));
  return { counts, cursor: undefined };
}
