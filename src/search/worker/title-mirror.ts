/**
 * The search worker's copy of what the index reads of the catalogue view (search-engine.ts,
 * IndexedTitles): each slot's title and the view's newest-first orders, as the catalogue's thread last
 * sent them. Links and times stay on the catalogue's thread; the worker needs titles only, and only
 * until a build has folded them into the index's own texts. Titles stay in the batch texts they came
 * in, found by slot through three typed columns, so a million titles are not a million string objects
 * in the worker's old space; `title()` cuts one out when the index reads it.
 */
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../../shared/content-types.js';
import type { IndexedTitles } from '../search-engine.js';
import type { OrderMessage, TitlesMessage } from './search-messages.js';

export class TitleMirror implements IndexedTitles {
  /** The batch texts still needed; a forgotten one is left undefined. */
  private texts: Array<string | undefined> = [];
  /** Per slot: its batch text (-1: none held), and where its title starts and ends there. */
  private textOfSlot = new Int32Array(0);
  private startOfSlot = new Int32Array(0);
  private endOfSlot = new Int32Array(0);
  private usedSlots = 0;
  private entries = 0;
  private orderAll: Int32Array = new Int32Array(0);
  private orderByType: Int32Array[] = CONTENT_TYPES.map(() => new Int32Array(0));

  /** Entries held, as of the last order (IndexedSearch reads it only after one). */
  get count(): number {
    return this.entries;
  }

  get slotCount(): number {
    return this.usedSlots;
  }

  /** Holds a batch's titles by slot. */
  applyTitles({ slots, lengths, text }: TitlesMessage): void {
    const textIndex = this.texts.push(text) - 1;
    let start = 0;
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      if (slot >= this.textOfSlot.length) this.grow(slot + 1);
      const end = start + (lengths[index] as number);
      this.textOfSlot[slot] = textIndex;
      this.startOfSlot[slot] = start;
      this.endOfSlot[slot] = end;
      if (slot >= this.usedSlots) this.usedSlots = slot + 1;
      start = end;
    }
  }

  /** Drops every title held: the index has built them into its own texts (IndexedSearch.builds). */
  forgetTitles(): void {
    this.texts = [];
    this.textOfSlot = new Int32Array(0);
    this.startOfSlot = new Int32Array(0);
    this.endOfSlot = new Int32Array(0);
  }

  applyOrder({ count, slotCount, all, byType }: OrderMessage): void {
    this.entries = count;
    this.usedSlots = Math.max(this.usedSlots, slotCount);
    this.orderAll = all;
    this.orderByType = byType;
  }

  ordered(filter: { type?: ContentType | undefined }): Int32Array {
    return filter.type === undefined ? this.orderAll : (this.orderByType[TYPE_CODE[filter.type]] as Int32Array);
  }

  title(slot: number): string {
    const text = this.texts[this.textOfSlot[slot] ?? -1];
    if (text === undefined) throw new Error(`the search worker holds no title for slot ${slot}`);
    return text.slice(this.startOfSlot[slot], this.endOfSlot[slot]);
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.textOfSlot.length * 2, 1024);
    const widen = (from: Int32Array, fill: number) => {
      const to = new Int32Array(size).fill(fill);
      to.set(from);
      return to;
    };
    this.textOfSlot = widen(this.textOfSlot, -1);
    this.startOfSlot = widen(this.startOfSlot, 0);
    this.endOfSlot = widen(this.endOfSlot, 0);
  }
}
