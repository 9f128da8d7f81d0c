/**
 * What makes two entries one work on the web page (docs/web.md, "Works"): the same type and the same
 * title after the search's folding (NFKC, so full width and `（` read as half width; lower case;
 * traditional to simplified) with the episode suffix (`（81集）`, `全集`, `完结`…, episode-suffix.ts) and
 * format marks (`4K`, `1080P`…) set aside and punctuation and spaces dropped (text-forms.ts). A sequel's
 * `2` or `第二季` is part of the title, so it stays a work of its own. The id is a hash of type and key:
 * stable across imports and restarts, so a work page can be shared.
 */
import { createHash } from 'node:crypto';
import { suffixStart } from '../search/text/episode-suffix.js';
import { coreText, foldText } from '../search/text/text-forms.js';
import type { ContentType } from '../shared/content-types.js';

/** A format mark at the end of a (folded) title, in brackets or not: a copy's quality, not its work. */
const FORMAT_MARK = /[\s([【〔「『]*(?:4k|8k|1080p|720p|2160p|4k\s*hdr|hdr|高清|超清|蓝光|无删减)[\s)\]】〕」』]*$/u;

/** The title's work key: folded, without suffixes or decoration (the whole title when that is all there is). */
export function workKey(title: string): string {
  let text = foldText(title.normalize('NFKC'));
  for (let round = 0; round < 4; round++) {
    const before = text;
    const mark = FORMAT_MARK.exec(text);
    if (mark && mark.index > 0) text = text.slice(0, mark.index);
    const suffix = suffixStart(text);
    if (suffix > 0) text = text.slice(0, suffix);
    if (text === before) break;
  }
  return coreText(text);
}

/** The work's id: its type and 16 hex digits of a hash of type and key (`post-3f2a…`). */
export function workId(type: ContentType, key: string): string {
  return `${type}-${createHash('sha256').update(`${type}\u0000${key}`).digest('hex').slice(0, 16)}`;
}

const EPISODES = /(\d{1,4})\s*[集话話]/gu;

/** The largest episode count a title names (`（81集）`, `全80集`, `更新至12集`), or 0. */
export function episodeCount(title: string): number {
  let most = 0;
  for (const match of title.normalize('NFKC').matchAll(EPISODES)) most = Math.max(most, Number(match[1]));
  return most;
}
