/**
 * Per-row rules of an import: a non-empty title, an http(s) URL, a known type (or the legacy alias),
 * and a real calendar date-time in `YYYY-MM-DD HH:MM:SS`. A row either becomes an entry or a reason.
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
  if (title.length > MAX_TITLE) return `title is longer than ${MAX_TITLE} characters`;
  const link = (row.source_link as string).trim();
  if (hasControlCharacter(link)) return 'source_link contains a control character';
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
