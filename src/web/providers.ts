/**
 * The cloud drive a link points at, named from its host (docs/web.md): people choose a link
 * by the drive they have an app for. Matched on the host and its parent domains, so `pan.quark.cn` and
 * `drive.quark.cn` are both Quark; an unknown host is shown as itself. Only http(s) links are links.
 */
import type { Language } from '../config/config.js';
import { PROVIDERS as CHECKED } from '../links/providers/registry.js';

interface Provider {
  /** The drive's key in `?drive=` (the link checker's provider id for the drives it checks). */
  id: string;
  zh: string;
  en: string;
}

/** A link host and its parent domain (`pan.quark.cn` → `quark.cn`), so sibling hosts share the name. */
const domainsOf = (host: string) => [host.replace(/^www\./, ''), host.split('.').slice(-2).join('.')];

/**
 * Drives by domain: the checked providers' names come from their descriptors (links/providers/), and a
 * few drives we show but do not check are named here.
 */
const PROVIDERS: Record<string, Provider> = {
  ...Object.fromEntries(
    Object.values(CHECKED).flatMap((provider) =>
      provider.link.hosts.flatMap(domainsOf).map((domain) => [domain, { id: provider.id, ...provider.label }]),
    ),
  ),
  '139.com': { id: '139', zh: '移动云盘', en: 'China Mobile' },
  'lanzou.com': { id: 'lanzou', zh: '蓝奏云', en: 'Lanzou' },
  'lanzoui.com': { id: 'lanzou', zh: '蓝奏云', en: 'Lanzou' },
  'lanzoux.com': { id: 'lanzou', zh: '蓝奏云', en: 'Lanzou' },
  'pikpak.com': { id: 'pikpak', zh: 'PikPak', en: 'PikPak' },
  'mypikpak.com': { id: 'pikpak', zh: 'PikPak', en: 'PikPak' },
};

/** Every drive the filter offers, in the order of its chips; links of any other host are `other`. */
export const DRIVES: ReadonlyArray<Provider> = [...new Map(Object.values(PROVIDERS).map((provider) => [provider.id, provider])).values()];
export const OTHER_DRIVE = 'other';

/** The drive key of a link (`quark`, `baidu`…, `other`): what `?drive=` filters on. */
export function driveOf(link: string): string {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return OTHER_DRIVE;
  }
  return providerOf(host)?.id ?? OTHER_DRIVE;
}

export interface LinkFacts {
  /** The link is http(s) and parses: it may become an `href`. */
  openable: boolean;
  /** The drive's name, the bare host for an unknown one, or empty for a link that does not parse. */
  provider: string;
}

export function linkFacts(link: string, language: Language): LinkFacts {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { openable: false, provider: '' };
  }
  const openable = url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.toLowerCase();
  return { openable, provider: providerOf(host)?.[language] ?? host.replace(/^www\./, '') };
}

function providerOf(host: string): Provider | undefined {
  for (let domain = host; domain.includes('.'); domain = domain.slice(domain.indexOf('.') + 1)) {
    const known = PROVIDERS[domain];
    if (known) return known;
  }
  return undefined;
}
