/**
 * The six content types (docs/interface.md), their descriptors for `/api/types`, and the legacy
 * identifier `baidu` that clients of the original service still send for `extsrc`. The vocabulary of
 * the store, the search engine, the catalogue, ingest and the web page alike, so it sits below them all.
 */
export const CONTENT_TYPES = ['post', 'dongman', 'movie', 'tv', 'xuexi', 'extsrc'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const TYPE_DESCRIPTORS: Record<ContentType, { name: string; description: string }> = {
  post: { name: '短剧', description: '短剧、微短剧、网络短剧' },
  dongman: { name: '动漫', description: '国产动漫、日本动漫、欧美动画' },
  movie: { name: '电影', description: '院线电影、网络电影' },
  tv: { name: '电视剧', description: '热播电视剧、经典电视剧' },
  xuexi: { name: '学习', description: '学习资源：教育、技能培训视频' },
  extsrc: { name: '外部短剧', description: '来自外部搜索门户目录的短剧资源' },
};

const ALIASES: Record<string, ContentType> = { baidu: 'extsrc' };

/** The canonical type for an identifier or its legacy alias; undefined when it is neither. */
export function resolveContentType(value: string): ContentType | undefined {
  if ((CONTENT_TYPES as readonly string[]).includes(value)) return value as ContentType;
  return ALIASES[value];
}

/** Index of a type in CONTENT_TYPES: the compact code the in-memory catalogue stores. */
export const TYPE_CODE: Record<ContentType, number> = Object.fromEntries(CONTENT_TYPES.map((type, index) => [type, index])) as Record<
  ContentType,
  number
>;
