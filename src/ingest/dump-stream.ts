/**
 * A full dump read as a stream (@streamparser/json): items are taken one by one as the bytes arrive,
 * checked in batches by the import rules (validate-rows.ts, takedowns included) and written to the
 * staging table (store/staged-entries.ts), so the process holds one batch of a dump, never all of it. The
 * envelope's `success`, `total` and `content_type` are read on the way; what is wrong with the dump as a
 * whole (not JSON, not a success envelope, another type, a total that disagrees) is its `problem`, and
 * then the caller swaps nothing.
 */
import { JSONParser } from '@streamparser/json';
import type { TakedownMatcher } from '../catalogue/takedowns.js';
import { type ContentType, resolveContentType } from '../shared/content-types.js';
import type { Database } from '../store/database.js';
import { clearStaged, stageRows } from '../store/staged-entries.js';
import { type Rejection, validateRows } from './validate-rows.js';

export interface StagedDump {
  items: number;
  staged: number;
  rejected: Rejection[];
  /** Why the dump as a whole cannot be used; undefined when it can. */
  problem: string | undefined;
}

export interface StageOptions {
  database: Database;
  run: string;
  type: ContentType;
  takedowns: TakedownMatcher;
  /** Bytes and items read so far, after each chunk. */
  onProgress?: (bytes: number, items: number) => void;
}

/** Items checked and staged at a time: a few MB of memory whatever the dump's size. */
const STAGE_BATCH = 5_000;
const ITEM_DEPTH = 3; // root, data, items
const FIELD_DEPTH = 2; // root, data

export async function stageDump(chunks: AsyncIterable<Buffer>, options: StageOptions): Promise<StagedDump> {
  const { database, run, type, takedowns } = options;
  await clearStaged(database, run); // a retry starts afresh
  const parser = new JSONParser({ paths: ['$.success', '$.data.total', '$.data.content_type', '$.data.items.*'], keepStack: false });
  const envelope: { success?: unknown; total?: unknown; contentType?: unknown } = {};
  let pending: Array<{ line: number; value: unknown }> = [];
  let parseError: string | undefined;
  let ended = false;
  const result: StagedDump = { items: 0, staged: 0, rejected: [], problem: undefined };
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === ITEM_DEPTH && typeof key === 'number') pending.push({ line: ++result.items, value });
    else if (stack.length === 1 && key === 'success') envelope.success = value;
    else if (stack.length === FIELD_DEPTH && key === 'total') envelope.total = value;
    else if (stack.length === FIELD_DEPTH && key === 'content_type') envelope.contentType = value;
  };
  parser.onError = (error) => {
    parseError ??= error.message;
  };
  parser.onEnd = () => {
    ended = true;
  };
  const flush = async () => {
    const { entries, rejected } = validateRows(pending, { takedowns, type });
    const firstSeq = (pending[0]?.line ?? 0) - 1;
    pending = [];
    result.rejected.push(...rejected);
    await stageRows(database, run, firstSeq, entries);
    result.staged += entries.length;
  };
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (!ended) parser.write(chunk);
    if (parseError) return { ...result, problem: `the answer is not JSON (${where(parseError)})` };
    if (pending.length >= STAGE_BATCH) await flush();
    options.onProgress?.(bytes, result.items);
  }
  if (!ended) parser.end();
  if (parseError || !ended) return { ...result, problem: `the answer is not JSON (it ends after ${bytes} bytes)` };
  await flush();
  return { ...result, problem: envelopeProblem(envelope, result.items, type) };
}

/** Where the parser stopped, from its message (`… (absolute position "12") …`). */
function where(message: string): string {
  const at = /absolute position "(\d+)"/.exec(message)?.[1];
  return at === undefined ? (message.split('.')[0] ?? message) : `unexpected text at byte ${at}`;
}

/** Why an envelope is not a complete dump of `type`, or undefined when it is one. */
function envelopeProblem(
  envelope: { success?: unknown; total?: unknown; contentType?: unknown },
  items: number,
  type: ContentType,
): string | undefined {
  if (envelope.success !== true) return 'the answer is not a success envelope';
  const { total, contentType } = envelope;
  if (typeof contentType === 'string' && resolveContentType(contentType) !== type)
    return `the answer is the dump of "${contentType}", not ${type}`;
  if (total === undefined && items === 0) return 'the answer has no items array';
  if (total !== undefined && total !== items) return `incomplete dump: total says ${String(total)} but ${items} items came`;
  return undefined;
}
