/**
 * One provider, described in one place (docs/link-health.md, "Providers"): its id, the name people know it
 * by, the forms of its share links, the API hosts its checks may reach, its default checking rate, and
 * the check itself (the requests and the table that reads each answer). The web page's labels, the HTTP
 * path's host list, the default rates and the checker read these descriptors; the link form is the one
 * `shared/share-links.ts` parses with (config reads it too, below this layer), referenced from here.
 */

import type { LinkForm, ProviderId, ShareLink } from '../../shared/share-links.js';
import type { SendRequest } from '../provider-http.js';
import type { Row, Ruling } from './verdict-table.js';

/** What a check may keep between links, per checker (a cookie, a captcha token), and the clock it reads. */
export interface CheckContext {
  /** A random id per checker, like one browser's (Xunlei's device id). */
  deviceId: string;
  now: () => number;
}

export type CheckShare = (share: ShareLink, send: SendRequest) => Promise<Ruling>;

export interface ProviderDescriptor {
  id: ProviderId;
  /** The drive's name on the web page. */
  label: { zh: string; en: string };
  /** Its share links' hosts and form: `LINK_FORMS[id]` (shared/share-links.ts, which config reads too). */
  link: LinkForm;
  /** The only hosts its requests may go to (or the `LINK_CHECK_ORIGINS` origin in their place). */
  apiHosts: readonly string[];
  /** Checks a second for the whole deployment unless `LINK_CHECK_RATE` says otherwise. */
  defaultRatePerSecond: number;
  /** The share's page, sent as Referer. */
  sharePage(share: ShareLink): string;
  /** The phone User-Agent for a provider that serves its verdict in a mobile page. */
  phone?: boolean;
  /** Every row of its tables, in the order tried (docs, `links probe`, the test that every row is tested). */
  rows: readonly Pick<Row, 'id' | 'when' | 'means'>[];
  /** A check with its own state, one per checker. */
  createCheck(context: CheckContext): CheckShare;
}
