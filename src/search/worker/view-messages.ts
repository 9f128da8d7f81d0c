/**
 * The catalogue view as messages to a search worker (search-messages.ts): a batch's titles, the view's
 * order (copied once into shared memory, so every worker of the pool reads one copy and the building
 * worker's build keeps it as its rank order), and every title again for a worker that (re)starts.
 */
import { CONTENT_TYPES } from '../../shared/content-types.js';
import { shared } from '../index/shared-arrays.js';
import type { IndexedTitles } from '../search-engine.js';
import type { OrderMessage, TitlesMessage } from './search-messages.js';

/** Titles per message when the whole view is sent again (a batch of an ordinary load is sent as it is). */
const RESEND_BATCH = 50_000;

export function titlesMessage(view: IndexedTitles, slots: ArrayLike<number>): TitlesMessage {
  const copied = Int32Array.from(slots);
  const lengths = new Int32Array(copied.length);
  const titles = new Array<string>(copied.length);
  for (let index = 0; index < copied.length; index++) {
    // A removed entry's slot holds no title; it is in no order, so the index never shows it.
    const title = view.title(copied[index] as number) ?? '';
    titles[index] = title;
    lengths[index] = title.length;
  }
  return { kind: 'titles', slots: copied, lengths, text: titles.join('') };
}

export function orderMessage(view: IndexedTitles, id: number): OrderMessage {
  const byType = CONTENT_TYPES.map((type) => shared(view.ordered({ type })));
  return { kind: 'order', id, count: view.count, slotCount: view.slotCount, all: shared(view.ordered({})), byType };
}

/** Every slot's title, in messages of RESEND_BATCH titles. */
export function* everyTitle(view: IndexedTitles): Generator<TitlesMessage> {
  for (let start = 0; start < view.slotCount; start += RESEND_BATCH) {
    const slots = new Int32Array(Math.min(RESEND_BATCH, view.slotCount - start)).map((_, index) => start + index);
    yield titlesMessage(view, slots);
  }
}
