/**
 * The links a `dramadex remove --file` names: an import file (NDJSON, JSON array, or CSV whose header has a
 * `source_link` column), whose rows need only `source_link`, or a plain list with one link a line (blank
 * lines and `#` comments skipped). Rows without a usable link are reported by line, like import rejects;
 * a file that cannot be read at all (a CSV header without `source_link`, a broken JSON array) throws.
 */
import { readRows } from './read-rows.js';
import type { Rejection } from './validate-rows.js';

export function readLinks(text: string): { links: string[]; rejected: Rejection[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const lines = clean.split('\n').map((line) => line.trim());
  const first = lines.find((line) => line !== '' && !line.startsWith('#')) ?? '';
  // A list of links starts with one; anything else is an import file (JSON, NDJSON, or CSV with a header).
  if (!/^https?:\/\//i.test(first)) return first === '' ? { links: [], rejected: [] } : linksOfRows(clean);
  return { links: lines.filter((line) => line !== '' && !line.startsWith('#')), rejected: [] };
}

function linksOfRows(text: string): { links: string[]; rejected: Rejection[] } {
  const links: string[] = [];
  const rejected: Rejection[] = [];
  for (const row of readRows(text, ['source_link']).rows) {
    const link = (row.value as { source_link?: unknown } | undefined)?.source_link;
    if (row.parseError) rejected.push({ line: row.line, reason: row.parseError });
    else if (typeof link !== 'string' || link.trim() === '')
      rejected.push({ line: row.line, reason: 'source_link is missing or not a string' });
    else links.push(link.trim());
  }
  return { links, rejected };
}
