/**
 * A page's answer as bytes: the envelope serialised by JSON.stringify with an empty `items`, and the
 * items' ready JSON (item-json.ts) copied in between. The bytes are exactly JSON.stringify of the envelope
 * with the items in it, so clients get what they always got, without building an object per item.
 */
import type { ItemJson } from './item-json.js';

const EMPTY_ITEMS = '"items":[]';

/**
 * @param envelope the answer with `items: []`; `items` must be the first field named so in the text
 *   (every field before it is fixed text of the service, never a client's input).
 */
export function pageJson(envelope: unknown, items: ItemJson, slots: ArrayLike<number>): Buffer {
  const text = JSON.stringify(envelope);
  const split = text.indexOf(EMPTY_ITEMS) + EMPTY_ITEMS.length - 1;
  const itemBytes = items.itemsByteLength(slots);
  // Every item comes with a comma after it; the last one's gives way to the closing bracket.
  const body = Buffer.allocUnsafe(Buffer.byteLength(text) + itemBytes - (itemBytes > 0 ? 1 : 0));
  let at = body.write(text.slice(0, split));
  at += items.copyItems(slots, body, at);
  if (itemBytes > 0) at--;
  body.write(text.slice(split), at);
  return body;
}
