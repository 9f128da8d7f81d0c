/**
 * Per-row rules of an import: a non-empty title, an http(s) URL, a known type (or the legacy alias),
 * and a real calendar date-time in `YYYY-MM-DD HH:MM:SS`; no control characters in a title or a link,
 * visible or not (bidi overrides included). A row either becomes an entry or a reason.
 */
import type { EntryInput } from '../catalogue/catalogue-store.js';
import { resolveContentType } from '../shared/content-types.js';
import { parseUpdateTime } from '../shared/local-time.js';

const MAX_TITLE = 500;
const MAX_LINK = 2048;

export function validateEntry(value: unknown): EntryInput | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const row = value as Record<string, unknown>;
  for (const field of ['title', 'source_link', 'type', 'update_time']) {
    if (typeof row[field] !== 'string') return `${field} is missing or not a string`;
  }
  const title = (row.title as string).trim();
  if (!title) return 'title is empty';
  // PostgreSQL cannot store NUL, and no title or link has a reason to hold control characters.
  if (hasControlCharacter(title)) return 'title contains a control character';
  const invisible = invisibleControl(title);
  if (invisible) return `title contains ${invisible}, an invisible control character that can reorder or break the text`;
  if (title.length > MAX_TITLE) return `title is longer than ${MAX_TITLE} characters`;
  const link = (row.source_link as string).trim();
  if (hasControlCharacter(link)) return 'source_link contains a control character';
  const hidden = invisibleControl(link);
  if (hidden) return `source_link contains ${hidden}, an invisible control character that can reorder or break the text`;
  if (link.length > MAX_LINK || !isHttpUrl(link)) return `source_link "${short(link)}" is not an http(s) URL`;
  const type = resolveContentType((row.type as string).trim());
  if (!type) return `type "${short(row.type as string)}" is not one of post, dongman, movie, tv, xuexi, extsrc (or baidu)`;
  const updateTime = (row.update_time as string).trim();
  if (parseUpdateTime(updateTime) === undefined) {
    return `update_time "${short(updateTime)}" is not a real date-time in the form YYYY-MM-DD HH:MM:SS`;
  }
  return { title, source_link: link, type, update_time: updateTime };
}

/** C0 controls and DEL, tabs and newlines included: a title or a link is one line. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Bidirectional formatting characters (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069), C1 controls and
 * the line and paragraph separators: invisible, and able to make a title or a link read backwards
 * ("Trojan Source") or break a line where none shows. Named as `U+XXXX`, since it cannot be seen.
 */
const INVISIBLE_CONTROL = /[\u0080-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

function invisibleControl(text: string): string | undefined {
  const found = INVISIBLE_CONTROL.exec(text)?.[0];
  return found === undefined ? undefined : `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
