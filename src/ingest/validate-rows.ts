/**
 * The rules every incoming row meets, whether it comes from a file (`import`) or an upstream catalogue
 * (`mirror`): the per-row checks of validate-entry.ts, the one type a replace of one type accepts, the
 * takedowns (reason "taken down"), and one entry per `source_link` (the last row wins, earlier ones are
 * reported). Rejects carry the row's line (or item number) and reason.
 */
import type { EntryInput } from '../catalogue/catalogue-store.js';
import type { TakedownMatcher } from '../catalogue/takedowns.js';
import type { ContentType } from '../shared/content-types.js';
import type { RawRow } from './read-rows.js';
import { validateEntry } from './validate-entry.js';

export interface Rejection {
  line: number;
  reason: string;
}

export interface RowRules {
  takedowns?: TakedownMatcher | undefined;
  /** Rows of any other type are rejected. */
  type?: ContentType | undefined;
}

export const TAKEN_DOWN = 'taken down';

export function validateRows(rows: Iterable<RawRow>, rules: RowRules = {}): { entries: EntryInput[]; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const lineByLink = new Map<string, number>();
  const entries = new Map<string, EntryInput>();
  for (const row of rows) {
    const result = row.parseError ?? checkRow(row.value, rules);
    if (typeof result === 'string') {
      rejected.push({ line: row.line, reason: result });
      continue;
    }
    const earlier = lineByLink.get(result.source_link);
    if (earlier !== undefined) {
      rejected.push({ line: earlier, reason: `duplicate source_link, superseded by line ${row.line}` });
      entries.delete(result.source_link); // re-insert so the kept row takes its file position
    }
    lineByLink.set(result.source_link, row.line);
    entries.set(result.source_link, result);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { entries: [...entries.values()], rejected };
}

function checkRow(value: unknown, rules: RowRules): EntryInput | string {
  const entry = validateEntry(value);
  if (typeof entry === 'string') return entry;
  if (rules.type && entry.type !== rules.type) return `type "${entry.type}" is not the type being replaced (${rules.type})`;
  if (rules.takedowns?.matches(entry.source_link)) return TAKEN_DOWN;
  return entry;
}
