/**
 * What the engine knows per slot, always current: the title facts (flags, core lengths) and, for the
 * slots indexed since the last build (the delta), their folded and literal code units in a staging
 * buffer. A build copies the staged texts into rank order and the staging buffer starts over with only
 * the slots the build could not take (applied to the view but not yet in its order).
 */
import type { RankColumns, SlotFacts } from './rank-columns.js';
import { TextBuffer } from './text-buffer.js';
import { FOLD_CHANGES, titleFacts } from './title-forms.js';
import type { UnitTitle } from './unit-tiers.js';

export class StagedTitles {
  flags = new Uint8Array(1024);
  literalCoreLengths = new Uint8Array(1024);
  foldedCoreLengths = new Uint8Array(1024);
  /** slot → its entry in `staging` (the folded text; the literal one follows when folding changes it), -1 if none. */
  stagedEntry = new Int32Array(1024).fill(-1);
  staging = new TextBuffer();
  /** The delta: slots with a staged entry. */
  slots: number[] = [];

  /** Records a slot's (new) title. */
  stage(slot: number, title: string): void {
    if (slot >= this.flags.length) this.grow(slot + 1);
    const facts = titleFacts(title);
    this.flags[slot] = facts.flags;
    this.literalCoreLengths[slot] = facts.literalCoreLength;
    this.foldedCoreLengths[slot] = facts.foldedCoreLength;
    if (this.stagedEntry[slot] === -1) this.slots.push(slot);
    this.stagedEntry[slot] = this.staging.append(facts.folded);
    if ((facts.flags & FOLD_CHANGES) !== 0) this.staging.append(facts.literal);
  }

  isStaged(slot: number): boolean {
    return slot < this.stagedEntry.length && (this.stagedEntry[slot] as number) >= 0;
  }

  /** What a build reads: these facts plus each slot's current type. */
  factsWith(typeOf: Uint8Array): SlotFacts {
    const { staging, stagedEntry, flags, literalCoreLengths, foldedCoreLengths } = this;
    return { staging, stagedEntry, flags, literalCoreLengths, foldedCoreLengths, typeOf };
  }

  /** After a build: keeps staged only the slots it did not take. */
  settle(columns: RankColumns): void {
    const remaining = this.slots.filter((slot) => (columns.rankOfSlot[slot] ?? -1) < 0);
    const staging = new TextBuffer();
    const entries = remaining.map((slot) => {
      const entry = this.stagedEntry[slot] as number;
      const copy = staging.appendCopy(this.staging, entry);
      if (((this.flags[slot] as number) & FOLD_CHANGES) !== 0) staging.appendCopy(this.staging, entry + 1);
      return copy;
    });
    this.stagedEntry.fill(-1);
    for (const [index, slot] of remaining.entries()) this.stagedEntry[slot] = entries[index] as number;
    this.staging = staging;
    this.slots = remaining;
  }

  /** Points `title` at a staged slot's texts. */
  describe(slot: number, title: UnitTitle): UnitTitle {
    const entry = this.stagedEntry[slot] as number;
    const foldChanges = ((this.flags[slot] as number) & FOLD_CHANGES) !== 0;
    const { units, offsets } = this.staging;
    const literalEntry = foldChanges ? entry + 1 : entry;
    title.foldedUnits = units;
    title.foldedStart = offsets[entry] as number;
    title.foldedEnd = offsets[entry + 1] as number;
    title.literalUnits = units;
    title.literalStart = offsets[literalEntry] as number;
    title.literalEnd = offsets[literalEntry + 1] as number;
    title.foldChanges = foldChanges;
    title.literalCoreLength = this.literalCoreLengths[slot] as number;
    title.foldedCoreLength = this.foldedCoreLengths[slot] as number;
    return title;
  }

  get bytes(): number {
    return this.flags.byteLength * 3 + this.stagedEntry.byteLength + this.staging.bytes;
  }

  private grow(needed: number): void {
    const capacity = Math.max(needed, this.flags.length * 2);
    const bytes = (from: Uint8Array) => {
      const to = new Uint8Array(capacity);
      to.set(from);
      return to;
    };
    this.flags = bytes(this.flags);
    this.literalCoreLengths = bytes(this.literalCoreLengths);
    this.foldedCoreLengths = bytes(this.foldedCoreLengths);
    const entries = new Int32Array(capacity).fill(-1);
    entries.set(this.stagedEntry);
    this.stagedEntry = entries;
  }
}
