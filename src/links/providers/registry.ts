/**
 * Every provider the service knows, in one list (docs/link-health.md, "Providers"): the link parser, the
 * web page's drive names, the checker and the default rates all read it. Adding a provider is one
 * descriptor module and one line here (and its id in `PROVIDER_IDS`, which types the rest).
 */
import type { ProviderId } from '../../shared/share-links.js';
import { oneOneFive } from './115.js';
import { pan123 } from './123pan.js';
import { alipan } from './alipan.js';
import { baidu } from './baidu.js';
import type { ProviderDescriptor } from './provider.js';
import { quark } from './quark.js';
import { tianyi } from './tianyi.js';
import { uc } from './uc.js';
import { xunlei } from './xunlei.js';

export const PROVIDERS: Readonly<Record<ProviderId, ProviderDescriptor>> = {
  quark,
  baidu,
  alipan,
  '123pan': pan123,
  tianyi,
  '115': oneOneFive,
  uc,
  xunlei,
};

/** The fixed API hosts of every provider (for docs and the tests that prove nothing else is reached). */
export const PROVIDER_API_HOSTS: Record<ProviderId, readonly string[]> = Object.fromEntries(
  Object.values(PROVIDERS).map((provider) => [provider.id, provider.apiHosts]),
) as Record<ProviderId, readonly string[]>;

/** Checks a second per provider unless `LINK_CHECK_RATE` says otherwise (alipan's quota is far below 1/s). */
export const DEFAULT_RATES: Record<ProviderId, number> = Object.fromEntries(
  Object.values(PROVIDERS).map((provider) => [provider.id, provider.defaultRatePerSecond]),
) as Record<ProviderId, number>;
