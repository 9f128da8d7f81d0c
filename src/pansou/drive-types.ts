/**
 * PanSou's drive type names (docs/pansou.md) for the links dramadex keeps: the eight providers link
 * health checks map one to one (shared/share-links.ts is how a link's provider is known, the same
 * reading the checker uses), and the forms it keeps but does not check are told by their scheme or host.
 * `password` is the extraction code the link carries in its provider's own form (`?pwd=`, 115's
 * `?password=`, Tianyi's `（访问码：…）`), read by the same parser.
 */
import { type ProviderId, parseShareLink } from '../shared/share-links.js';

export const DRIVE_TYPES = [
  'quark',
  'uc',
  'baidu',
  'aliyun',
  '123',
  'tianyi',
  '115',
  'xunlei',
  'pikpak',
  'mobile',
  'magnet',
  'ed2k',
  'others',
] as const;
export type DriveType = (typeof DRIVE_TYPES)[number];

const BY_PROVIDER: Record<ProviderId, DriveType> = {
  quark: 'quark',
  uc: 'uc',
  baidu: 'baidu',
  alipan: 'aliyun',
  '123pan': '123',
  tianyi: 'tianyi',
  '115': '115',
  xunlei: 'xunlei',
};

/** Hosts of drives dramadex keeps but does not check, by their registrable domain. */
const UNCHECKED_DOMAINS: Record<string, DriveType> = {
  'mypikpak.com': 'pikpak',
  'pikpak.com': 'pikpak',
  '139.com': 'mobile',
};

export interface DriveLink {
  type: DriveType;
  /** The extraction code the link carries; empty when none. */
  password: string;
  /** The provider dramadex checks, when it checks this link at all. */
  provider: ProviderId | undefined;
}

/** Read afresh for every answer: a bounded cache of links cost more than the parse it saved (docs/benchmarks.md). */
export function driveLink(link: string): DriveLink {
  const share = parseShareLink(link);
  if (share) return { type: BY_PROVIDER[share.provider], password: share.code ?? '', provider: share.provider };
  return { type: uncheckedType(link), password: '', provider: undefined };
}

function uncheckedType(link: string): DriveType {
  const text = link.trim();
  const scheme = text.slice(0, 7).toLowerCase();
  if (scheme === 'magnet:') return 'magnet';
  if (scheme === 'ed2k://') return 'ed2k';
  try {
    const host = new URL(text).hostname.toLowerCase();
    return UNCHECKED_DOMAINS[host.split('.').slice(-2).join('.')] ?? 'others';
  } catch {
    return 'others';
  }
}
