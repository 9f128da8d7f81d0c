/**
 * Reads an import file into raw rows with the line each starts on: NDJSON (one object a line), CSV
 * with a `title,source_link,type,update_time` header (csv-rows.ts), or a JSON array. The format is the one
 * the operator named (`import --format`), else the file's extension says (`.ndjson`/`.jsonl`, `.csv`,
 * `.json`), else the first non-blank character: `[` a JSON array, `{` NDJSON, anything else CSV. An
 * extension is believed over the content, so a `.ndjson` file of plain text is reported as broken NDJSON,
 * the error its author can act on, rather than as a CSV without a header.
 */
import { extname } from 'node:path';
import { csvRows, IMPORT_COLUMNS } from './csv-rows.js';
import type { RawRow } from './raw-row.js';

export type { RawRow } from './raw-row.js';

export type ImportFormat = 'ndjson' | 'csv' | 'json';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['ndjson', 'csv', 'json'];

const EXTENSION_FORMATS: Record<string, ImportFormat> = { '.ndjson': 'ndjson', '.jsonl': 'ndjson', '.csv': 'csv', '.json': 'json' };

/** The format a file's name announces, or undefined (no extension, or one of no format). */
export function formatOfPath(path: string): ImportFormat | undefined {
  return EXTENSION_FORMATS[extname(path).toLowerCase()];
}

export function detectFormat(text: string): ImportFormat {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === '[') return 'json';
  if (first === '{') return 'ndjson';
  return 'csv';
}

/** `csvColumns`: the columns a CSV header must name (an import's four by default). */
export function readRows(
  text: string,
  csvColumns: readonly string[] = IMPORT_COLUMNS,
  given?: ImportFormat,
): { format: ImportFormat; rows: RawRow[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const format = given ?? detectFormat(clean);
  if (format === 'ndjson') return { format, rows: ndjsonRows(clean) };
  if (format === 'json') return { format, rows: jsonArrayRows(clean) };
  return { format, rows: csvRows(clean, csvColumns) };
}

function ndjsonRows(text: string): RawRow[] {
  const rows: RawRow[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] as string).trim();
    if (!line) continue;
    try {
      rows.push({ line: index + 1, value: JSON.parse(line) });
    } catch (error) {
      rows.push({ line: index + 1, value: undefined, parseError: `not valid JSON (${(error as Error).message})` });
    }
  }
  return rows;
}

/** JSON.parse the whole array, then find where each element starts to report its line. */
function jsonArrayRows(text: string): RawRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`the file is not a valid JSON array (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new Error('the file is not a JSON array');
  const lines = elementLines(text);
  return parsed.map((value, index) => ({ line: lines[index] ?? 0, value }));
}

/** Line numbers where each top-level array element starts (a tokenizer that only tracks strings and depth). */
function elementLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectingValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') continue;
    if (depth === 1 && expectingValue && c !== ']') {
      starts.push(line);
      expectingValue = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expectingValue = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectingValue = true;
  }
  return starts;
}
