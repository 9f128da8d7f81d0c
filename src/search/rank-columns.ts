/**
 * The built index's titles as columns in rank order (the view's newest-first order at build time): the
 * folded texts back to back, and per rank a four-byte row of flags, core lengths and type. Candidates
 * come in rank order, so checking them walks these arrays forward instead of chasing strings around
 * the heap. The few titles that folding changes (traditional script, capitals) also keep their literal
 * form, in a second text column.
 */
import { TextBuffer } from './text-buffer.js';
import { FOLD_CHANGES } from './title-forms.js';

/** Where a build reads each slot from: titles indexed since the last build are staged, the rest copied. */
export interface SlotFacts {
  /** Staged texts: the folded text at an entry, followed by the literal one when folding changes it. */
  staging: TextBuffer;
  /** slot → its staged entry, -1 when unchanged since the previous build. */
  stagedEntry: Int32Array;
  flags: Uint8Array;
  literalCoreLengths: Uint8Array;
  foldedCoreLengths: Uint8Array;
  typeOf: Uint8Array;
}

/** Byte offsets within a rank's four-byte row of `RankColumns.rows`. */
export const ROW_FLAGS = 0;
export const ROW_LITERAL_CORE = 1;
export const ROW_FOLDED_CORE = 2;
export const ROW_TYPE = 3;
/** Flag bit set when the slot at a rank is indexed again after the build: the row is outdated. */
export const STALE = 4;

export class RankColumns {
  private constructor(
    /** rank → slot (the view's order array, by reference: the view replaces it, never edits it). */
    readonly order: Int32Array,
    /** Entry r is the folded title at rank r. */
    readonly folded: TextBuffer,
    /** Entry r is the literal title at rank r when it is flagged FOLD_CHANGES, else empty. */
    readonly literal: TextBuffer,
    /** Four bytes per rank (flags, literal core length, folded core length, type): one cache line, not four. */
    readonly rows: Uint8Array,
    /** slot → rank in this build, -1 when absent. */
    readonly rankOfSlot: Int32Array,
  ) {}

  static build(order: Int32Array, slotCount: number, facts: SlotFacts, previous: RankColumns | undefined): RankColumns {
    const size = order.length;
    const { staging, stagedEntry } = facts;
    const rows = new Uint8Array(size * 4);
    const rankOfSlot = new Int32Array(slotCount).fill(-1);
    let foldedUnits = 0;
    let literalUnits = 0;
    for (let rank = 0; rank < size; rank++) {
      const slot = order[rank] as number;
      const flags = facts.flags[slot] as number;
      rows[rank * 4 + ROW_FLAGS] = flags;
      rows[rank * 4 + ROW_LITERAL_CORE] = facts.literalCoreLengths[slot] as number;
      rows[rank * 4 + ROW_FOLDED_CORE] = facts.foldedCoreLengths[slot] as number;
      rows[rank * 4 + ROW_TYPE] = facts.typeOf[slot] as number;
      rankOfSlot[slot] = rank;
      const entry = stagedEntry[slot] as number;
      const before = entry >= 0 ? -1 : ((previous as RankColumns).rankOfSlot[slot] as number);
      foldedUnits += entry >= 0 ? staging.length(entry) : (previous as RankColumns).folded.length(before);
      if ((flags & FOLD_CHANGES) !== 0)
        literalUnits += entry >= 0 ? staging.length(entry + 1) : (previous as RankColumns).literal.length(before);
    }
    const folded = new TextBuffer(foldedUnits, size);
    const literal = new TextBuffer(literalUnits, size);
    copyTexts(order, facts, previous, folded, literal);
    return new RankColumns(order, folded, literal, rows, rankOfSlot);
  }

  get size(): number {
    return this.order.length;
  }

  get bytes(): number {
    return this.rows.byteLength + this.rankOfSlot.byteLength + this.folded.bytes + this.literal.bytes;
  }

  /** Marks a slot's row outdated (it was indexed again); false when the slot is not in this build. */
  markStale(slot: number): boolean {
    const rank = slot < this.rankOfSlot.length ? (this.rankOfSlot[slot] as number) : -1;
    if (rank < 0) return false;
    this.rows[rank * 4 + ROW_FLAGS] = (this.rows[rank * 4 + ROW_FLAGS] as number) | STALE;
    return true;
  }
}

/** Appends every rank's texts in order, from the staging buffer or from the previous build. */
function copyTexts(order: Int32Array, facts: SlotFacts, previous: RankColumns | undefined, folded: TextBuffer, literal: TextBuffer): void {
  const { staging, stagedEntry, flags } = facts;
  for (let rank = 0; rank < order.length; rank++) {
    const slot = order[rank] as number;
    const entry = stagedEntry[slot] as number;
    const foldChanges = ((flags[slot] as number) & FOLD_CHANGES) !== 0;
    if (entry >= 0) {
      folded.appendCopy(staging, entry);
      if (foldChanges) literal.appendCopy(staging, entry + 1);
      else literal.append('');
    } else {
      const before = (previous as RankColumns).rankOfSlot[slot] as number;
      folded.appendCopy((previous as RankColumns).folded, before);
      if (foldChanges) literal.appendCopy((previous as RankColumns).literal, before);
      else literal.append('');
    }
  }
}
