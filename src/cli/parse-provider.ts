/** A `--provider` (or `links breaker reset`) argument: a known provider id, or one line saying which exist. */
import { PROVIDER_IDS, type ProviderId } from '../shared/share-links.js';
import { CliError } from './errors.js';

export function parseProvider(text: string | undefined): ProviderId | undefined {
  if (text === undefined) return undefined;
  const id = text.trim().toLowerCase();
  if (!(PROVIDER_IDS as readonly string[]).includes(id))
    throw new CliError(`unknown provider "${text}": use one of ${PROVIDER_IDS.join(', ')}`);
  return id as ProviderId;
}
