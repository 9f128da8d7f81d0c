/**
 * The link checker (docs/link-health.md, "Providers"): reads a link with the share-link parser, sends it
 * to its provider's module through the one HTTP path, and turns whatever happens into an outcome. A link
 * of no known provider is `unsupported` and costs no request; an exception, a timeout or an abort is
 * `unknown` with a reason, never a throw, so the scheduler above knows nothing of any provider.
 */
import { randomBytes } from 'node:crypto';
import { type ProviderId, parseShareLink } from '../../shared/share-links.js';
import { type CheckOutcome, cutMessage, type LinkChecker, outcomeOf } from '../link-checker.js';
import { DESKTOP_USER_AGENT, PHONE_USER_AGENT, providerHttp } from '../provider-http.js';
import { oneOneFive } from './115.js';
import { pan123 } from './123pan.js';
import { alipan } from './alipan.js';
import { baidu } from './baidu.js';
import type { ProviderModule } from './provider.js';
import { quark } from './quark.js';
import { tianyi } from './tianyi.js';
import { uc } from './uc.js';
import { xunlei } from './xunlei.js';

export interface LinkCheckerOptions {
  /** `LINK_CHECK_ORIGINS`: per provider, the origin that takes its requests instead of its hosts. */
  origins?: Partial<Record<ProviderId, string>>;
  /** The deadline of each request (default 10 s). */
  timeoutMs?: number;
  /** The most body bytes read from one answer (default 256 KiB); more is `unknown`. */
  bodyCapBytes?: number;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;
export const DEFAULT_BODY_CAP_BYTES = 256 * 1024;

/** Each checker has its own modules (Xunlei keeps a captcha token per checker). */
function createModules(): Record<ProviderId, ProviderModule> {
  return {
    quark,
    baidu,
    alipan,
    '123pan': pan123,
    tianyi,
    '115': oneOneFive,
    uc,
    xunlei: xunlei(randomBytes(16).toString('hex')),
  };
}

/** The fixed API hosts of every provider (for docs and the tests that prove nothing else is reached). */
export const PROVIDER_API_HOSTS: Record<ProviderId, readonly string[]> = Object.fromEntries(
  Object.values(createModules()).map((module) => [module.id, module.hosts]),
) as Record<ProviderId, readonly string[]>;

export function createLinkChecker(options: LinkCheckerOptions = {}): LinkChecker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const bodyCapBytes = options.bodyCapBytes ?? DEFAULT_BODY_CAP_BYTES;
  const modules = createModules();
  return {
    async check(link: string, signal?: AbortSignal): Promise<CheckOutcome> {
      const share = parseShareLink(link);
      if (!share) return outcomeOf('unsupported', undefined, { row: 'unsupported', message: 'not a share link of a known provider' });
      const unknown = (row: string, message: string): CheckOutcome =>
        outcomeOf('unknown', share.provider, { row, message: cutMessage(message) });
      if (signal?.aborted) return unknown('aborted', 'aborted');
      try {
        const module = modules[share.provider];
        const send = providerHttp({
          hosts: module.hosts,
          origin: options.origins?.[share.provider],
          timeoutMs,
          bodyCapBytes,
          userAgent: module.phone ? PHONE_USER_AGENT : DESKTOP_USER_AGENT,
          referer: module.sharePage(share),
          signal,
        });
        const ruled = await module.check(share, send);
        if (signal?.aborted) return unknown('aborted', 'aborted');
        return outcomeOf(ruled.verdict, share.provider, ruled.evidence, ruled.throttled, ruled.step);
      } catch (error) {
        return unknown('check-failed', `check failed: ${(error as Error).message}`);
      }
    },
  };
}
