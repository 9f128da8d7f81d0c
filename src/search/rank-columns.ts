/**
 * The built index's titles as columns in rank order (the view's newest-first order at build time): the
 * folded texts back to back in one Uint16Array, per rank a row of two int32s, where its text starts
 * and its facts (flags, core lengths) packed in one, and the type per rank in a byte column. Candidates come in rank order, so checking one
 * touches its row and its text, walking forward through memory. The few titles that folding changes
 * (traditional script, capitals) also keep their literal form, in a second text column.
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

/** Flag bit set when the slot at a rank is indexed again after the build: the row is outdated. */
export const STALE = 0x80;

/** A rank's facts in one int32: flags, literal core length, folded core length (a byte each). */
export function packFacts(flags: number, literalCore: number, foldedCore: number): number {
  return flags | (literalCore << 8) | (foldedCore << 16);
}
export const flagsOf = (facts: number) => facts & 0xff;
export const literalCoreOf = (facts: number) => (facts >>> 8) & 0xff;
export const foldedCoreOf = (facts: number) => (facts >>> 16) & 0xff;

export class RankColumns {
  private constructor(
    /** rank → slot (the view's order array, by reference: the view replaces it, never edits it). */
    readonly order: Int32Array,
    /** Per rank r: rows[2r] where its folded text starts in `units`, rows[2r + 1] its packed facts; rows[2·size] the end. */
    readonly rows: Int32Array,
    /** The folded titles back to back. */
    readonly units: Uint16Array,
    /** Entry r is the literal title at rank r when it is flagged FOLD_CHANGES, else empty. */
    readonly literal: TextBuffer,
    /** slot → rank in this build, -1 when absent. */
    readonly rankOfSlot: Int32Array,
    /** Type code per rank again, on its own: a megabyte that stays in cache for type-filtered searches. */
    readonly types: Uint8Array,
  ) {}

  static build(order: Int32Array, slotCount: number, facts: SlotFacts, previous: RankColumns | undefined): RankColumns {
    const size = order.length;
    const { staging, stagedEntry } = facts;
    const rows = new Int32Array(size * 2 + 2);
    const types = new Uint8Array(size);
    const rankOfSlot = new Int32Array(slotCount).fill(-1);
    let start = 0;
    for (let rank = 0; rank < size; rank++) {
      const slot = order[rank] as number;
      rows[rank * 2] = start;
      rows[rank * 2 + 1] = packFacts(
        facts.flags[slot] as number,
        facts.literalCoreLengths[slot] as number,
        facts.foldedCoreLengths[slot] as number,
      );
      types[rank] = facts.typeOf[slot] as number;
      rankOfSlot[slot] = rank;
      const entry = stagedEntry[slot] as number;
      start +=
        entry >= 0 ? staging.length(entry) : (previous as RankColumns).foldedLength((previous as RankColumns).rankOfSlot[slot] as number);
    }
    rows[size * 2] = start;
    const units = new Uint16Array(start);
    const literal = new TextBuffer(1024, size);
    copyTexts(order, facts, previous, rows, units, literal);
    return new RankColumns(order, rows, units, literal, rankOfSlot, types);
  }

  get size(): number {
    return this.order.length;
  }

  get bytes(): number {
    return this.rows.byteLength + this.units.byteLength + this.rankOfSlot.byteLength + this.types.byteLength + this.literal.bytes;
  }

  foldedLength(rank: number): number {
    return (this.rows[rank * 2 + 2] as number) - (this.rows[rank * 2] as number);
  }

  /** Marks a slot's row outdated (it was indexed again); false when the slot is not in this build. */
  markStale(slot: number): boolean {
    const rank = slot < this.rankOfSlot.length ? (this.rankOfSlot[slot] as number) : -1;
    if (rank < 0) return false;
    this.rows[rank * 2 + 1] = (this.rows[rank * 2 + 1] as number) | STALE;
    return true;
  }
}

/** Copies every rank's texts into place, from the staging buffer or from the previous build. */
function copyTexts(
  order: Int32Array,
  facts: SlotFacts,
  previous: RankColumns | undefined,
  rows: Int32Array,
  units: Uint16Array,
  literal: TextBuffer,
): void {
  const { staging, stagedEntry, flags } = facts;
  const stagedUnits = staging.units;
  const stagedOffsets = staging.offsets;
  for (let rank = 0; rank < order.length; rank++) {
    const slot = order[rank] as number;
    const entry = stagedEntry[slot] as number;
    const foldChanges = ((flags[slot] as number) & FOLD_CHANGES) !== 0;
    let at = rows[rank * 2] as number;
    if (entry >= 0) {
      const end = stagedOffsets[entry + 1] as number;
      for (let from = stagedOffsets[entry] as number; from < end; from++) units[at++] = stagedUnits[from] as number;
      if (foldChanges) literal.appendCopy(staging, entry + 1);
      else literal.append('');
    } else {
      const old = previous as RankColumns;
      const before = old.rankOfSlot[slot] as number;
      const end = old.rows[before * 2 + 2] as number;
      for (let from = old.rows[before * 2] as number; from < end; from++) units[at++] = old.units[from] as number;
      if (foldChanges) literal.appendCopy(old.literal, before);
      else literal.append('');
    }
  }
}
