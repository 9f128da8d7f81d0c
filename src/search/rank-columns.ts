/**
 * The built index's titles as columns in rank order (the view's newest-first order at build time): the
 * folded texts back to back in one Uint16Array, and per rank the flags, core lengths and type. Candidates
 * come in rank order, so checking them walks these arrays forward instead of chasing a million strings
 * around the heap, and the folded strings themselves can be dropped once a build has copied them. The
 * few titles that folding changes (traditional script, capitals) also keep their literal form here.
 */
import { FOLD_CHANGES } from './title-forms.js';

export interface SlotFacts {
  /** The folded text of a slot indexed since the previous build, else undefined. */
  pendingText(slot: number): string | undefined;
  /** The literal (NFKC) text of a slot, asked only where folding changes it. */
  literalText(slot: number): string;
  flags: Uint8Array;
  literalCoreLengths: Uint8Array;
  foldedCoreLengths: Uint8Array;
  typeOf: Uint8Array;
}

/** Texts back to back: the text at rank r is units[offsets[r], offsets[r + 1]). */
export class TextColumn {
  private constructor(
    readonly offsets: Int32Array,
    readonly units: Uint16Array,
  ) {}

  /** `textOf` gives a string, or a column and rank to copy from; undefined for an empty entry. */
  static build(size: number, textOf: (rank: number) => string | [TextColumn, number] | undefined): TextColumn {
    const offsets = new Int32Array(size + 1);
    for (let rank = 0; rank < size; rank++) {
      const text = textOf(rank);
      const length = text === undefined ? 0 : typeof text === 'string' ? text.length : text[0].length(text[1]);
      offsets[rank + 1] = (offsets[rank] as number) + length;
    }
    const units = new Uint16Array(offsets[size] as number);
    for (let rank = 0; rank < size; rank++) {
      const text = textOf(rank);
      let at = offsets[rank] as number;
      if (typeof text === 'string') for (let index = 0; index < text.length; index++) units[at++] = text.charCodeAt(index);
      else if (text !== undefined) units.set(text[0].units.subarray(text[0].offsets[text[1]], text[0].offsets[text[1] + 1]), at);
    }
    return new TextColumn(offsets, units);
  }

  get bytes(): number {
    return this.offsets.byteLength + this.units.byteLength;
  }

  length(rank: number): number {
    return (this.offsets[rank + 1] as number) - (this.offsets[rank] as number);
  }

  /** The text at a rank as a string, for the rare checks that need one. */
  text(rank: number): string {
    const start = this.offsets[rank] as number;
    const end = this.offsets[rank + 1] as number;
    let text = '';
    for (let at = start; at < end; at += 4096) text += String.fromCharCode(...this.units.subarray(at, Math.min(end, at + 4096)));
    return text;
  }
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
    readonly folded: TextColumn,
    /** Literal texts, only for ranks flagged FOLD_CHANGES (empty elsewhere). */
    readonly literal: TextColumn,
    /** Four bytes per rank (flags, literal core length, folded core length, type): one cache line, not four. */
    readonly rows: Uint8Array,
    /** slot → rank in this build, -1 when absent. */
    readonly rankOfSlot: Int32Array,
  ) {}

  static build(order: Int32Array, slotCount: number, facts: SlotFacts, previous: RankColumns | undefined): RankColumns {
    const size = order.length;
    const rows = new Uint8Array(size * 4);
    const rankOfSlot = new Int32Array(slotCount).fill(-1);
    for (let rank = 0; rank < size; rank++) {
      const slot = order[rank] as number;
      rows[rank * 4 + ROW_FLAGS] = facts.flags[slot] as number;
      rows[rank * 4 + ROW_LITERAL_CORE] = facts.literalCoreLengths[slot] as number;
      rows[rank * 4 + ROW_FOLDED_CORE] = facts.foldedCoreLengths[slot] as number;
      rows[rank * 4 + ROW_TYPE] = facts.typeOf[slot] as number;
      rankOfSlot[slot] = rank;
    }
    // A slot without a pending text was in the previous build, unchanged since: copy its texts.
    const previousRank = (slot: number) => (previous as RankColumns).rankOfSlot[slot] as number;
    const folded = TextColumn.build(size, (rank) => {
      const slot = order[rank] as number;
      return facts.pendingText(slot) ?? [(previous as RankColumns).folded, previousRank(slot)];
    });
    const literal = TextColumn.build(size, (rank) => {
      if (((rows[rank * 4 + ROW_FLAGS] as number) & FOLD_CHANGES) === 0) return undefined;
      const slot = order[rank] as number;
      return facts.pendingText(slot) !== undefined ? facts.literalText(slot) : [(previous as RankColumns).literal, previousRank(slot)];
    });
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
