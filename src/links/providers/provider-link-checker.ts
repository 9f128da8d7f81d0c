/**
 * The link checker (docs/link-health.md, "Providers"): reads a link with the share-link parser, sends it
 * to its provider's check through the one HTTP path, and turns whatever happens into an outcome with its
 * evidence. A link of no known provider is `unsupported` and costs no request; an exception, a timeout or
 * an abort is `unknown` with a reason, never a throw, so the scheduler above knows nothing of any provider.
 */
import { randomBytes } from 'node:crypto';
import type { ProviderId } from '../../shared/share-links.js';
import { parseShareLink } from '../../shared/share-links.js';
import { type CheckOutcome, cutMessage, type LinkChecker, outcomeOf } from '../link-checker.js';
import { DESKTOP_USER_AGENT, type Exchange, PHONE_USER_AGENT, providerHttp } from '../provider-http.js';
import type { CheckShare } from './provider.js';
import { PROVIDERS } from './registry.js';

export { DEFAULT_RATES, PROVIDER_API_HOSTS } from './registry.js';

export interface LinkCheckerOptions {
  /** `LINK_CHECK_ORIGINS`: per provider, the origin that takes its requests instead of its hosts. */
  origins?: Partial<Record<ProviderId, string>>;
  /** The deadline of each request (default 10 s). */
  timeoutMs?: number;
  /** The most body bytes read from one answer (default 256 KiB); more is `unknown`. */
  bodyCapBytes?: number;
  /** Told of every request and its answer (`links probe`). */
  onExchange?: (exchange: Exchange) => void;
  now?: () => number;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;
export const DEFAULT_BODY_CAP_BYTES = 256 * 1024;

export function createLinkChecker(options: LinkCheckerOptions = {}): LinkChecker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const bodyCapBytes = options.bodyCapBytes ?? DEFAULT_BODY_CAP_BYTES;
  // Each checker has its own checks, like one browser: Baidu keeps a cookie, Xunlei a captcha token.
  const context = { deviceId: randomBytes(16).toString('hex'), now: options.now ?? Date.now };
  const checks = Object.fromEntries(Object.values(PROVIDERS).map((provider) => [provider.id, provider.createCheck(context)])) as Record<
    ProviderId,
    CheckShare
  >;
  return {
    async check(link: string, signal?: AbortSignal): Promise<CheckOutcome> {
      const share = parseShareLink(link);
      if (!share) return outcomeOf('unsupported', undefined, { row: 'unsupported', message: 'not a share link of a known provider' });
      const unknown = (row: string, message: string): CheckOutcome =>
        outcomeOf('unknown', share.provider, { row, message: cutMessage(message) });
      if (signal?.aborted) return unknown('aborted', 'aborted');
      try {
        const provider = PROVIDERS[share.provider];
        const send = providerHttp({
          hosts: provider.apiHosts,
          origin: options.origins?.[share.provider],
          timeoutMs,
          bodyCapBytes,
          userAgent: provider.phone ? PHONE_USER_AGENT : DESKTOP_USER_AGENT,
          referer: provider.sharePage(share),
          signal,
          onExchange: options.onExchange,
        });
        const ruled = await checks[share.provider](share, send);
        if (signal?.aborted) return unknown('aborted', 'aborted');
        return outcomeOf(ruled.verdict, share.provider, ruled.evidence, ruled.throttled, ruled.step);
      } catch (error) {
        return unknown('check-failed', `check failed: ${(error as Error).message}`);
      }
    },
  };
}
