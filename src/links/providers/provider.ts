/**
 * The shape of one provider's module (docs/link-health.md, "Providers"): its fixed API hosts, its share
 * page (sent as Referer), and a check that sends its request(s) through the one HTTP path and reads each
 * answer with its table. `index.ts` only dispatches to these; adding a provider is adding one module.
 */
import type { ProviderId, ShareLink } from '../../shared/share-links.js';
import type { SendRequest } from '../provider-http.js';
import type { Ruling } from './verdict-table.js';

export interface ProviderModule {
  id: ProviderId;
  /** The only hosts its requests may go to (or the `LINK_CHECK_ORIGINS` origin in their place). */
  hosts: readonly string[];
  /** The share's page, sent as Referer. */
  sharePage(share: ShareLink): string;
  /** The phone User-Agent for a provider that serves its verdict in a mobile page (UC). */
  phone?: boolean;
  check(share: ShareLink, send: SendRequest): Promise<Ruling>;
}
