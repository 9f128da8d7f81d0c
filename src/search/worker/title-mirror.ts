/**
 * The search worker's copy of what the index reads of the catalogue view (search-engine.ts,
 * IndexedTitles): each slot's title and the view's newest-first orders, as the catalogue's thread last
 * sent them. Links and times stay on the catalogue's thread; the worker needs titles only, and only
 * until a build has folded them into the index's own texts.
 */
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../../catalogue/content-types.js';
import type { IndexedTitles } from '../search-engine.js';
import type { OrderMessage, TitlesMessage } from './search-messages.js';

export class TitleMirror implements IndexedTitles {
  private readonly titles: string[] = [];
  private slotCount = 0;
  private orderAll: Int32Array = new Int32Array(0);
  private orderByType: Int32Array[] = CONTENT_TYPES.map(() => new Int32Array(0));

  get count(): number {
    return this.slotCount;
  }

  /** Stores a batch's titles by slot. */
  applyTitles({ slots, lengths, text }: TitlesMessage): void {
    let start = 0;
    for (let index = 0; index < slots.length; index++) {
      const end = start + (lengths[index] as number);
      const slot = slots[index] as number;
      this.titles[slot] = text.slice(start, end);
      if (slot >= this.slotCount) this.slotCount = slot + 1;
      start = end;
    }
  }

  /** Drops every title held: the index has built them into its own texts (IndexedSearch.builds). */
  forgetTitles(): void {
    this.titles.length = 0;
  }

  applyOrder({ count, all, byType }: OrderMessage): void {
    this.slotCount = Math.max(this.slotCount, count);
    this.orderAll = all;
    this.orderByType = byType;
  }

  ordered(filter: { type?: ContentType | undefined }): Int32Array {
    return filter.type === undefined ? this.orderAll : (this.orderByType[TYPE_CODE[filter.type]] as Int32Array);
  }

  title(slot: number): string {
    return this.titles[slot] as string;
  }
}
