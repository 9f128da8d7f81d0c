/**
 * The link-check settings that name providers (docs/link-health.md, "Guards"): `LINK_CHECK_RATE` (one
 * rate for all, or `<provider>=<rate>` pairs), `LINK_CHECK_HIDE` (`all`, or the providers whose confirmed
 * deads hide entries) and `LINK_CHECK_CANARIES` (`<provider>=<share link>` pairs). Parsed here, once, so a
 * pair naming no provider, a rate that is not a number or a canary of another provider stops the start
 * with one clear line. What a provider defaults to when a setting leaves it out is link health's
 * business (src/links/provider-guards.ts), so these keep only what the operator wrote.
 */

import { PROVIDER_IDS, type ProviderId, parseShareLink } from '../shared/share-links.js';
import { ConfigError } from './environment.js';

export interface ProviderRates {
  /** One number for every provider (`LINK_CHECK_RATE=2`), or undefined. */
  all: number | undefined;
  /** `<provider>=<rate>` pairs as written. */
  each: Partial<Record<ProviderId, number>>;
}

const RATE_MIN = 0.001;
const RATE_MAX = 1000;

export function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

/** `name=value` pairs, comma-separated, each name a provider named once. */
function providerPairs(name: string, text: string, shape: string): Array<[ProviderId, string]> {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator < 0) throw new ConfigError(`${name} entry "${pair}" is not ${shape}`);
      const id = pair.slice(0, separator).trim().toLowerCase();
      if (!isProviderId(id)) throw new ConfigError(`${name} names an unknown provider "${id}" (known: ${PROVIDER_IDS.join(', ')})`);
      if (seen.has(id)) throw new ConfigError(`${name} names provider "${id}" twice`);
      seen.add(id);
      return [id, pair.slice(separator + 1).trim()];
    });
}

function rate(name: string, text: string): number {
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= RATE_MIN && value <= RATE_MAX)) {
    throw new ConfigError(`${name} must be a number of checks a second from ${RATE_MIN} to ${RATE_MAX}, got "${text}"`);
  }
  return value;
}

export function providerRates(text: string | undefined): ProviderRates {
  const written = (text ?? '').trim();
  if (!written) return { all: undefined, each: {} };
  if (!written.includes('=')) return { all: rate('LINK_CHECK_RATE', written), each: {} };
  const each: Partial<Record<ProviderId, number>> = {};
  for (const [id, value] of providerPairs('LINK_CHECK_RATE', written, '<provider>=<rate>'))
    each[id] = rate(`LINK_CHECK_RATE of ${id}`, value);
  return { all: undefined, each };
}

/** The providers named by `LINK_CHECK_HIDE`: every one for `all`, undefined when unset (the default applies). */
export function hidingProviders(text: string | undefined): ProviderId[] | undefined {
  const written = (text ?? '').trim().toLowerCase();
  if (!written) return undefined;
  if (written === 'all') return [...PROVIDER_IDS];
  const ids = written
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (!isProviderId(id))
      throw new ConfigError(`LINK_CHECK_HIDE names an unknown provider "${id}" (known: all, ${PROVIDER_IDS.join(', ')})`);
  }
  return [...new Set(ids)] as ProviderId[];
}

/** `<provider>=<share link>` pairs; each link must be a share link of the provider it is named for. */
export function canaryLinks(text: string | undefined): Partial<Record<ProviderId, string>> {
  const canaries: Partial<Record<ProviderId, string>> = {};
  for (const [id, link] of providerPairs('LINK_CHECK_CANARIES', text ?? '', '<provider>=<share link>')) {
    if (parseShareLink(link)?.provider !== id)
      throw new ConfigError(`LINK_CHECK_CANARIES link of "${id}" is not a ${id} share link: "${link}"`);
    canaries[id] = link;
  }
  return canaries;
}
