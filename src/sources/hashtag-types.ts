/**
 * Which hashtag names which catalogue type (docs/sources.md, "Telegram channels"): a channel's message tagged
 * `#电影` is a movie whatever the source's `--type` says. One table, read by the reader and the docs.
 */
import type { ContentType } from '../shared/content-types.js';

export const HASHTAG_TYPES: Readonly<Record<string, ContentType>> = {
  短剧: 'post',
  微短剧: 'post',
  动漫: 'dongman',
  动画: 'dongman',
  番剧: 'dongman',
  国漫: 'dongman',
  电影: 'movie',
  影片: 'movie',
  电视剧: 'tv',
  剧集: 'tv',
  美剧: 'tv',
  韩剧: 'tv',
  日剧: 'tv',
  综艺: 'tv',
  学习: 'xuexi',
  教程: 'xuexi',
  课程: 'xuexi',
};

/** The type the first hashtag of the table names, or undefined. */
export function typeOfHashtags(text: string): ContentType | undefined {
  for (const match of text.matchAll(HASHTAG)) {
    const type = HASHTAG_TYPES[match[1] as string];
    if (type) return type;
  }
  return undefined;
}

/** A hashtag as Telegram renders it: `#` and a run of letters, digits and underscores. */
export const HASHTAG = /#([\p{L}\p{N}_]+)/gu;
