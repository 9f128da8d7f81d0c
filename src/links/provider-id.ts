/**
 * The ids of the providers and the shape of a parsed share link: the names every part of link health
 * types itself with. Kept apart from the parser (share-links.ts) and the descriptors (providers/), which
 * both use them, so neither imports the other's module for a type.
 */
export const PROVIDER_IDS = ['quark', 'baidu', 'alipan', '123pan', 'tianyi', '115', 'uc', 'xunlei'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ShareLink {
  provider: ProviderId;
  /** The share's id as the provider's API takes it (Baidu: the `surl`, without the leading `1`). */
  shareId: string;
  /** The extraction code carried in the link, if any. */
  code: string | undefined;
}
