/**
 * The catalogue rows one channel message yields (docs/sources.md): one per share link it holds, found in
 * anchors (their `href`, since the visible text may be shortened) and in plain text, each with the code
 * posted after it (`提取码：xxxx`, `pwd=xxxx`, …), or else before it on its line, carried in the link the
 * way its provider's links carry one (shared/share-links.ts). The title is the first title line of the
 * message, or for a message that lists several titles and links, the title line just above the link (a
 * bare link gets an empty title, which the import rules reject and report); the type is a hashtag's or
 * the source's. A message without a share link yields nothing. The import rules check every row.
 */

import type { ContentType } from '../shared/content-types.js';
import { parseShareLink, withShareCode } from '../shared/share-links.js';
import { typeOfHashtags } from './hashtag-types.js';
import { cleanTitle } from './post-title.js';
import type { ChannelMessage } from './telegram-page.js';

export interface PostedRow {
  title: string;
  source_link: string;
  type: string;
  update_time: string;
}

interface FoundLink {
  start: number;
  end: number;
  link: string;
}

const PLAIN_URL = /https?:\/\/[^\s<>"'，。；、（）()【】「」]+/giu;
const TRAILING = /[.,;:!?…，。；：！？]+$/u;
const CODE = /(?:提取码|提取碼|密码|密碼|访问码|訪問碼|pwd|code)\s*[:：=]?\s*([A-Za-z0-9]{4,8})(?![A-Za-z0-9])/iu;
/** A line that only labels what follows (`链接：`, `夸克网盘:`) or describes the post is never a title. */
const NOT_A_TITLE =
  /^(?:链接|鏈接|地址|网盘|網盘|夸克|百度|阿里|阿里云盘|迅雷|UC|115|123|天翼|下载|資源|资源|描述|简介|簡介|介绍|标签|大小|类型|提取码|密码|访问码|更新|主演|导演)/iu;

const LINK_LABEL_AT_END = /(?:链接|鏈接|地址|网盘|下载)\s*[:：]?\s*$/u;

export function messageRows(message: ChannelMessage, defaultType: ContentType, updateTime: string): PostedRow[] {
  const links = findLinks(message);
  if (links.length === 0) return [];
  const type = typeOfHashtags(message.text) ?? defaultType;
  const titleText = withoutLinks(message.text, links);
  const firstTitle = titleOfPart(titleText);
  const rows: PostedRow[] = [];
  for (const [index, found] of links.entries()) {
    const code = codeOf(message.text, links, index);
    // Several links: each takes the title line just above it (a list of titles and links).
    const previousEnd = index === 0 ? 0 : lineEnd(message.text, (links[index - 1] as FoundLink).end);
    const ownTitle = links.length > 1 ? titleOfPart(titleText.slice(previousEnd, found.start), 'last') : undefined;
    // No title at all (a bare link): the row goes to the import rules anyway, which reject it as untitled.
    const title = ownTitle || firstTitle;
    rows.push({ title, source_link: code ? withShareCode(found.link, code) : found.link, type, update_time: updateTime });
  }
  return rows;
}

/** Share links in text order: anchors by `href`, plain-text ones outside anchors that already gave one. */
function findLinks(message: ChannelMessage): FoundLink[] {
  const found: FoundLink[] = [];
  for (const anchor of message.anchors) {
    if (parseShareLink(anchor.href)) found.push({ start: anchor.start, end: anchor.end, link: anchor.href.trim() });
  }
  const covered = [...found];
  for (const match of message.text.matchAll(PLAIN_URL)) {
    const link = match[0].replace(TRAILING, '');
    const start = match.index;
    const end = start + link.length;
    if (covered.some((anchor) => start < anchor.end && end > anchor.start)) continue;
    if (parseShareLink(link)) found.push({ start, end, link });
  }
  found.sort((a, b) => a.start - b.start);
  return found.filter((link, index) => found.findIndex((other) => other.link === link.link) === index);
}

/** The code posted after a link (up to the next one), else earlier on the link's own line (`提取码：x 链接：…`). */
function codeOf(text: string, links: FoundLink[], index: number): string | undefined {
  const found = links[index] as FoundLink;
  const after = CODE.exec(text.slice(found.end, links[index + 1]?.start ?? text.length))?.[1];
  if (after) return after;
  const previousEnd = index === 0 ? 0 : (links[index - 1] as FoundLink).end;
  const lineStart = Math.max(previousEnd, text.lastIndexOf('\n', found.start - 1) + 1);
  return CODE.exec(text.slice(lineStart, found.start))?.[1];
}

/** The text with every link (and any other URL) blanked out, offsets kept, so a title never holds one. */
function withoutLinks(text: string, links: FoundLink[]): string {
  let masked = text;
  for (const { start, end } of links) masked = masked.slice(0, start) + ' '.repeat(end - start) + masked.slice(end);
  return masked.replace(PLAIN_URL, (url) => ' '.repeat(url.length));
}

/** The first (or last) line of `text` that is a title once cleaned. */
function titleOfPart(text: string, which: 'first' | 'last' = 'first'): string {
  const lines = text.split('\n');
  if (which === 'last') lines.reverse();
  for (const line of lines) {
    const title = cleanTitle(line.replace(LINK_LABEL_AT_END, ''));
    if (title && !NOT_A_TITLE.test(title)) return title;
  }
  return '';
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}
