/**
 * A page's answer as bytes: the envelope serialised by JSON.stringify with an empty `items`, and the
 * items' ready JSON (item-json.ts) copied in between. The bytes are exactly JSON.stringify of the envelope
 * with the items in it, so clients get what they always got, without building an object per item.
 */
import type { ItemJson } from './item-json.js';

const EMPTY_ITEMS = '"items":[]';
const COMMA = 0x2c;

/**
 * @param envelope the answer with `items: []`; `items` must be the first field named so in the text
 *   (every field before it is fixed text of the service, never a client's input).
 */
export function pageJson(envelope: unknown, items: ItemJson, slots: ArrayLike<number>): Buffer {
  const text = JSON.stringify(envelope);
  const split = text.indexOf(EMPTY_ITEMS) + EMPTY_ITEMS.length - 1;
  let bytes = Buffer.byteLength(text) + Math.max(0, slots.length - 1);
  for (let index = 0; index < slots.length; index++) bytes += items.byteLength(slots[index] as number);
  const body = Buffer.allocUnsafe(bytes);
  let at = body.write(text.slice(0, split));
  let first = true;
  for (let index = 0; index < slots.length; index++) {
    const slot = slots[index] as number;
    // An entry removed while a search was under way is left out rather than sent blank.
    if (items.byteLength(slot) === 0) continue;
    if (!first) body[at++] = COMMA;
    first = false;
    at += items.copy(slot, body, at);
  }
  at += body.write(text.slice(split), at);
  return at === bytes ? body : body.subarray(0, at);
}
