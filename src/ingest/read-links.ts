/**
 * The links a `dramadex remove --file` names: an import file (NDJSON, JSON array, or CSV whose header has a
 * `source_link` column), whose rows need only `source_link`, or a plain list with one link a line (blank
 * lines and `#` comments skipped). Rows without a usable link are reported by line, like import rejects.
 */
import { readRows } from './read-rows.js';
import type { Rejection } from './validate-rows.js';

export function readLinks(text: string): { links: string[]; rejected: Rejection[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.trimStart().split('\n', 1)[0] ?? '';
  if (/^[[{]/.test(firstLine) || /(^|,)\s*"?source_link"?\s*(,|$)/.test(firstLine)) return linksOfRows(clean);
  const links: string[] = [];
  for (const line of clean.split('\n')) {
    const link = line.trim();
    if (link && !link.startsWith('#')) links.push(link);
  }
  return { links, rejected: [] };
}

function linksOfRows(text: string): { links: string[]; rejected: Rejection[] } {
  const links: string[] = [];
  const rejected: Rejection[] = [];
  for (const row of readRows(text).rows) {
    const link = (row.value as { source_link?: unknown } | undefined)?.source_link;
    if (row.parseError) rejected.push({ line: row.line, reason: row.parseError });
    else if (typeof link !== 'string' || link.trim() === '')
      rejected.push({ line: row.line, reason: 'source_link is missing or not a string' });
    else links.push(link.trim());
  }
  return { links, rejected };
}
