/**
 * `LINK_CHECK_ORIGINS` (docs/link-health.md): `<provider id>=<origin>` pairs, comma-separated. Every
 * request of that provider's checker goes to the origin instead of the provider's hosts, with the same
 * method, path, query, headers and body (a forward proxy, or fixture providers in tests). A pair that
 * names no provider, or an origin that is not a bare http(s) origin, stops the start with a clear error.
 */
import { ConfigError } from '../config/environment.js';
import { PROVIDER_IDS, type ProviderId } from '../shared/share-links.js';

export function parseCheckOrigins(text: string | undefined): Partial<Record<ProviderId, string>> {
  const origins: Partial<Record<ProviderId, string>> = {};
  const pairs = (text ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean);
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator < 0) throw new ConfigError(`LINK_CHECK_ORIGINS entry "${pair}" is not <provider id>=<origin>`);
    const id = pair.slice(0, separator).trim();
    if (!isProviderId(id)) {
      throw new ConfigError(`LINK_CHECK_ORIGINS names an unknown provider "${id}" (known: ${PROVIDER_IDS.join(', ')})`);
    }
    if (origins[id]) throw new ConfigError(`LINK_CHECK_ORIGINS names provider "${id}" twice`);
    origins[id] = bareOrigin(id, pair.slice(separator + 1).trim());
  }
  return origins;
}

function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

/** `http(s)://host[:port]` with at most a trailing slash: no path, query, fragment or credentials. */
function bareOrigin(id: ProviderId, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`LINK_CHECK_ORIGINS origin of "${id}" is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`LINK_CHECK_ORIGINS origin of "${id}" must be http or https: "${value}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || /[?#]$/.test(value)) {
    throw new ConfigError(`LINK_CHECK_ORIGINS origin of "${id}" must be an origin alone, without path, query or credentials: "${value}"`);
  }
  return url.origin;
}
