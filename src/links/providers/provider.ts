/**
 * One provider, described in one place (docs/link-health.md, "Providers"): its id, the name people know it
 * by, the forms of its share links, the API hosts its checks may reach, its default checking rate, and
 * the check itself (the requests and the table that reads each answer). The link parser, the web page's
 * labels, the HTTP path's host list and the scheduler's rates all read these descriptors, so adding or
 * changing a provider is one module under `providers/` and one line in `registry.ts`.
 */

import type { SendRequest } from '../provider-http.js';
import type { ProviderId, ShareLink } from '../provider-id.js';
import type { Row, Ruling } from './verdict-table.js';

/** How a provider's links carry a code: `?pwd=`, 115's `?password=`, Tianyi's `（访问码：…）` after the link. */
export type CodeStyle = 'pwd' | 'password' | 'tianyi';

export interface LinkForm {
  /** The hosts of its share links (not its API hosts). */
  hosts: readonly string[];
  /** Reads the share id from the URL's path and query; undefined when the path is not a share. */
  shareId(url: URL): string | undefined;
  codeStyle: CodeStyle;
}

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

/** `/s/<id>` (an optional trailing slash or `.html`): most providers' share path. */
export const sharePath = (url: URL): string | undefined => /^\/s\/([^/]+?)(?:\.html)?\/?$/.exec(url.pathname)?.[1];
