/**
 * A page's answer as bytes: the envelope's JSON with the items' ready JSON (item-json.ts) copied in where
 * its empty `items` stands. The bytes are exactly JSON.stringify of the envelope with the items in it, so
 * clients get what they always got, without building an object per item.
 *
 * Only the envelope's `data` is serialised per answer: JSON.stringify is compositional, so the answer is
 * `{"success":true,"message":<message>,"data":` + JSON.stringify(data) + `}`, and the text before the
 * items depends on the message alone (ready bytes per message). The message is the one non-ASCII text
 * of a list page, which made serialising and encoding the whole envelope take several times as long.
 */
import { pooledBytes } from '../http/byte-pool.js';
import type { ItemJson } from './item-json.js';

/** An answer of `success()` (http/envelope.ts) whose `data` has `items` first, empty, to be filled. */
export interface PageEnvelope {
  success: true;
  message: string;
  data: { items: readonly never[] };
}

const EMPTY_ITEMS = '{"items":[]';
/** Where the items go in `data`'s JSON: after `{"items":[`. */
const ITEMS_AT = EMPTY_ITEMS.length - 1;

/** By message: the answer's bytes up to its first item, `{"success":true,"message":…,"data":{"items":[`. */
const heads = new Map<string, Buffer>();

function headOf(message: string): Buffer {
  let head = heads.get(message);
  if (head === undefined) {
    head = Buffer.from(`${JSON.stringify({ success: true, message, data: 0 }).slice(0, -2)}${EMPTY_ITEMS.slice(0, ITEMS_AT)}`);
    heads.set(message, head);
  }
  return head;
}

/** @param envelope a PageEnvelope: `success()`'s answer whose `data` has `items` first, empty. */
export function pageJson(envelope: unknown, items: ItemJson, slots: ArrayLike<number>): Buffer {
  const { success, message, data: fields } = envelope as PageEnvelope;
  const data = JSON.stringify(fields);
  if (success !== true || typeof message !== 'string' || !data.startsWith(EMPTY_ITEMS)) {
    throw new Error('pageJson: the envelope must be a success envelope whose data has `items` first, empty');
  }
  const head = headOf(message);
  // The rest of `data` from the bracket that closes the items, and the brace that closes the envelope.
  const tail = `${data.slice(ITEMS_AT)}}`;
  const itemBytes = items.itemsByteLength(slots);
  // Every item comes with a comma after it; the last one's gives way to the closing bracket.
  const body = pooledBytes(head.length + itemBytes - (itemBytes > 0 ? 1 : 0) + Buffer.byteLength(tail));
  head.copy(body, 0);
  let at = head.length + items.copyItems(slots, body, head.length);
  if (itemBytes > 0) at--;
  body.write(tail, at);
  return body;
}
