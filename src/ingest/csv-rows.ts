/**
 * CSV import rows through csv-parse's own per-record error handling: a record it cannot read (a stray
 * quote, a quote never closed, a row longer than MAX_ROW_CHARACTERS) is reported with its line and
 * skipped, and the rest of the file is still read. A quote that is never closed swallows everything
 * after it into one field, which csv-parse reports only at the end (or at the size bound); reading then
 * starts again on the line after the bad record. The header is checked once, up front, and must name the
 * four columns, so a wrong header is one clear failure instead of a "title missing" on every row; a file
 * whose first line does not end within the bound (a large file without newlines) is not a CSV header.
 */
import { type CsvError, parse } from 'csv-parse/sync';
import { restoreCell } from './csv-formulas.js';
import type { RawRow } from './raw-row.js';

export const MAX_ROW_CHARACTERS = 64 * 1024;
/** What an import's CSV header must name; `remove --file` asks only for `source_link`. */
export const IMPORT_COLUMNS: readonly string[] = ['title', 'source_link', 'type', 'update_time'];
/** Errors after which csv-parse cannot find the next record by itself. */
const UNRECOVERABLE = new Set(['CSV_QUOTE_NOT_CLOSED', 'CSV_MAX_RECORD_SIZE']);

export function csvRows(text: string, required: readonly string[] = IMPORT_COLUMNS): RawRow[] {
  if (text.trim() === '') return [];
  const { columns, bodyStart } = header(text, required);
  const rows: RawRow[] = [];
  let offset = bodyStart;
  let linesBefore = 1; // the header
  while (offset < text.length) {
    let lastLine = 0;
    let stuck: CsvError | undefined;
    const records = parse(text.slice(offset), {
      columns,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      max_record_size: MAX_ROW_CHARACTERS,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        if (!error) return;
        if (UNRECOVERABLE.has(error.code)) stuck = error;
        else {
          lastLine = Math.max(lastLine, lineOf(error));
          rows.push(unreadable(linesBefore + lineOf(error), error));
        }
      },
    }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
    for (const { record, info } of records) {
      rows.push({ line: linesBefore + info.lines, value: restoredRecord(record) });
      lastLine = Math.max(lastLine, info.lines);
    }
    if (stuck === undefined) break;
    // The bad record starts on the first line after the last one read; start again on the line after it.
    let badLine = lastLine + 1;
    while (isBlankLine(text, lineStart(text, offset, badLine - 1))) badLine++;
    rows.push(unreadable(linesBefore + badLine, stuck));
    offset = lineStart(text, offset, badLine);
    linesBefore += badLine;
  }
  return rows.sort((a, b) => a.line - b.line);
}

/** A record with the `'` an export put before formula-like cells taken off again (csv-formulas.ts). */
function restoredRecord(record: Record<string, string>): Record<string, string> {
  for (const [column, value] of Object.entries(record)) if (typeof value === 'string') record[column] = restoreCell(value);
  return record;
}

function header(text: string, required: readonly string[]): { columns: string[]; bodyStart: number } {
  const end = text.indexOf('\n');
  const line = end === -1 ? text : text.slice(0, end);
  if (line.length > MAX_ROW_CHARACTERS) {
    throw new Error(`line 1 is longer than ${MAX_ROW_CHARACTERS} characters, so it is no CSV header (is the file CSV with line breaks?)`);
  }
  const columns = (parse(line, { to_line: 1 }) as string[][])[0]?.map((name) => name.trim()) ?? [];
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new Error(`the CSV header must name ${required.join(', ')}; "${line.slice(0, 120).trim()}" lacks ${missing.join(', ')}`);
  }
  return { columns, bodyStart: end === -1 ? text.length : end + 1 };
}

/** Where the line after `lines` lines from `offset` starts (the text's end when there is none). */
function lineStart(text: string, offset: number, lines: number): number {
  let at = offset;
  for (let i = 0; i < lines; i++) {
    const next = text.indexOf('\n', at);
    if (next === -1) return text.length;
    at = next + 1;
  }
  return at;
}

function isBlankLine(text: string, at: number): boolean {
  const end = text.indexOf('\n', at);
  return end === at || (end === at + 1 && text[at] === '\r');
}

function lineOf(error: CsvError): number {
  return Number((error as CsvError & { lines?: number }).lines ?? 0);
}

function unreadable(line: number, error: CsvError): RawRow {
  const reason =
    error.code === 'CSV_MAX_RECORD_SIZE'
      ? `the row is longer than ${MAX_ROW_CHARACTERS} characters (or an opening quote is never closed)`
      : error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'an opening quote is never closed'
        : `not valid CSV (${error.message.replace(/ at line \d+.*$/s, '')})`;
  return { line, value: undefined, parseError: reason };
}
