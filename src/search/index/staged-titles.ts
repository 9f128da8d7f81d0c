/**
 * The titles indexed since the last build. They are only noted at first (pending): a build reads them
 * from the view and folds them straight into place, so the million titles of a start-up are folded once,
 * with no staging copy. Searches before the next build need them as a delta: `stagePending` then folds
 * the pending titles into a staging buffer (regions as in built columns: the folded title, then the literal
 * one when folding changes it), checked one by one. After a build only the slots it could not take
 * (applied to the view but not yet in its order) stay.
 */

import type { RankColumns } from './rank-columns.js';
import { RegionWriter } from './region-writer.js';
import { describeRow, ROW, ROW_TEXT_START, type TitleSource, type UnitTitle, writeRow } from './title-rows.js';

export class StagedTitles {
  /** Slots indexed but not staged yet, once each (the first `pendingCount`); `pendingUnits` sums their title lengths. */
  private pending = new Int32Array(1024);
  private pendingCount = 0;
  private pendingMark = new Uint8Array(0);
  pendingUnits = 0;
  /** slot → its staged entry, -1 if none. */
  private entryOf = new Int32Array(0);
  /** One row per staged title (title-rows.ts), in the order their regions were written, and the end row. */
  private entries = new Int32Array(64 * ROW);
  private count = 0;
  private staging = new RegionWriter(0);
  /** The staged delta: slots with an entry. */
  slots: number[] = [];

  /** Slots indexed since the last build, staged or pending. */
  get size(): number {
    return this.slots.length + this.pendingCount;
  }

  get hasPending(): boolean {
    return this.pendingCount > 0;
  }

  /** Notes slots whose titles changed; nothing is folded until a build or a search needs them. */
  note(titles: TitleSource, slots: ArrayLike<number>): void {
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index]!;
      if (slot >= this.pendingMark.length) this.pendingMark = grow(this.pendingMark, slot + 1, 0);
      if (this.pendingMark[slot] === 1) continue;
      this.pendingMark[slot] = 1;
      if (this.pendingCount === this.pending.length) this.pending = grow(this.pending, this.pendingCount + 1, 0);
      this.pending[this.pendingCount++] = slot;
      this.pendingUnits += titles.title(slot).length;
    }
  }

  /** Folds the pending titles into the staging buffer. */
  stagePending(titles: TitleSource): void {
    for (let index = 0; index < this.pendingCount; index++) {
      const slot = this.pending[index]!;
      this.pendingMark[slot] = 0;
      this.stage(slot, titles.title(slot));
    }
    this.pendingCount = 0;
    this.pendingUnits = 0;
  }

  /** After a build from `titles`: keeps (staged) only the slots it did not take. */
  settle(columns: RankColumns, titles: TitleSource): void {
    const built = columns.rankOfSlot;
    const left: number[] = [];
    for (const slot of this.slots) {
      this.entryOf[slot] = -1;
      if (slot >= built.length || built[slot]! < 0) left.push(slot);
    }
    for (let index = 0; index < this.pendingCount; index++) {
      const slot = this.pending[index]!;
      this.pendingMark[slot] = 0;
      if (slot >= built.length || built[slot]! < 0) left.push(slot);
    }
    this.pendingCount = 0;
    this.pendingUnits = 0;
    this.slots = [];
    this.count = 0;
    this.staging = new RegionWriter(0);
    for (const slot of left) if ((this.entryOf[slot] ?? -1) < 0) this.stage(slot, titles.title(slot));
  }

  /** Points `title` at a staged slot's texts. */
  describe(slot: number, title: UnitTitle): UnitTitle {
    return describeRow(this.entries, this.staging.units, this.entryOf[slot]! * ROW, title);
  }

  get bytes(): number {
    return this.pendingMark.byteLength + this.entryOf.byteLength + this.entries.byteLength + this.staging.units.byteLength;
  }

  private stage(slot: number, title: string): void {
    if (slot >= this.entryOf.length) this.entryOf = grow(this.entryOf, slot + 1, -1);
    if (this.entryOf[slot] === -1) this.slots.push(slot);
    if ((this.count + 2) * ROW > this.entries.length) this.entries = grow(this.entries, (this.count + 2) * ROW, 0);
    const row = this.count * ROW;
    this.entryOf[slot] = this.count++;
    const start = this.staging.at;
    const facts = this.staging.write(title);
    writeRow(this.entries, row, start, facts, this.staging.foldedLength);
    // The next row's start ends this one's texts, as in built columns.
    this.entries[row + ROW + ROW_TEXT_START] = this.staging.at;
  }
}

function grow<T extends Uint8Array | Int32Array>(from: T, needed: number, fill: number): T {
  const to = new (from.constructor as new (length: number) => T)(Math.max(needed, from.length * 2));
  to.set(from);
  to.fill(fill, from.length);
  return to;
}
