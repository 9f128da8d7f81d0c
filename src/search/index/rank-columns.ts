/**
 * The built index's titles as columns in rank order (the view's newest-first order at build time). Per
 * rank a row (title-rows.ts): where its texts start in `units`, its packed facts (flags, core lengths,
 * first folded unit) and its folded length; its slot is `order` at its rank. The texts sit back to back
 * in one Uint16Array: the folded title, then, for the few titles that folding changes (traditional
 * script, capitals), the literal one. A search reads each candidate's row, and for longer keywords its
 * text: at most two cache lines, walking forward through memory.
 * The type per rank has its own byte column, so type-filtered searches skip other types cheaply.
 */

import { STALE } from '../query/title-forms.js';
import { PostingBuilder } from './posting-builder.js';
import type { PinyinLists } from './posting-index.js';
import type { PreparedTitles } from './prepared-titles.js';
import { RegionWriter } from './region-writer.js';
import { moveToShared, shared, sharedInt32, sharedUint8 } from './shared-arrays.js';
import { ROW, ROW_FACTS, ROW_FOLDED_LENGTH, ROW_TEXT_START, type TitleSource, titleChecks, writeRow } from './title-rows.js';

/** A build's columns as arrays, in shared memory: what one worker's build posts to the others. */
export interface ColumnParts {
  order: Int32Array;
  rows: Int32Array;
  units: Uint16Array;
  rankOfSlot: Int32Array;
  types: Uint8Array;
}

/** What a build of the columns reads besides the posting builder it feeds (`RankColumns.build`). */
export interface ColumnSources {
  /** rank → slot: the view's order at build time. */
  order: Int32Array;
  /** slot → rank in `order` (-1 for slots it lacks), kept by the build. */
  rankOfSlot: Int32Array;
  /** The titles by slot, for those neither `previous` nor `prepared` holds. */
  titles: TitleSource;
  /** The build this one follows: its current rows are copied, not folded again. */
  previous?: RankColumns | undefined;
  /** Type code per slot. */
  typeOf: Uint8Array;
  /** The first build's titles, folded and keyed while the store streamed. */
  prepared?: PreparedTitles | undefined;
}

export class RankColumns {
  /** A build holding no title. */
  static readonly EMPTY = new RankColumns(new Int32Array(0), new Int32Array(ROW), new Uint16Array(0), new Int32Array(0), new Uint8Array(0));

  private constructor(
    /** rank → slot (the view's order array, by reference: the view replaces it, never edits it). */
    readonly order: Int32Array,
    /** rows[ROW·r ...]: the row of rank r (title-rows.ts); rows[ROW·size] the end of the texts. */
    readonly rows: Int32Array,
    /** The texts back to back, in rank order. */
    readonly units: Uint16Array,
    /** slot → rank in this build, -1 when absent. */
    readonly rankOfSlot: Int32Array,
    /** Type code per rank again, on its own: a megabyte that stays in cache for type-filtered searches. */
    readonly types: Uint8Array,
  ) {}

  /**
   * One pass in rank order: each title that is new or changed since `previous` (absent from it, or its
   * row there STALE) is folded from `titles` straight into place, every other one copied from
   * `previous`, and its characters are handed to `postings` while it is in cache. The sources of a block of ranks
   * are touched first, in a tight loop, so their cache misses overlap. `capacity`: expected text units.
   * A title in `prepared` is copied from there with its ready keys.
   */
  static build(sources: ColumnSources, postings: PostingBuilder, capacity: number): RankColumns {
    const { order, rankOfSlot, titles, previous, typeOf, prepared } = sources;
    const size = order.length;
    // Every array of a finished build is in shared memory, read by every search worker (shared-arrays.ts).
    const rows = sharedInt32(size * ROW + ROW);
    const types = sharedUint8(size);
    const writer = new RegionWriter(capacity);
    const old = previous ?? RankColumns.EMPTY;
    for (let block = 0; block < size; block += BLOCK) {
      const blockEnd = Math.min(size, block + BLOCK);
      touchSources(sources, old, block, blockEnd);
      for (let rank = block; rank < blockEnd; rank++) {
        const slot = order[rank] as number;
        const start = writer.at;
        types[rank] = typeOf[slot] as number;
        const entry = prepared ? prepared.entry(slot) : -1;
        if (entry >= 0 && prepared) {
          writer.copy(prepared.units, prepared.textStart(entry), prepared.textEnd(entry));
          writeRow(rows, rank * ROW, start, prepared.facts(entry), prepared.foldedLength(entry));
          postings.addKeys(rank, prepared.keyList, prepared.keysStart(entry), prepared.keysEnd(entry));
          continue;
        }
        const oldRow = old.currentRow(slot);
        let facts: number;
        let foldedLength: number;
        if (oldRow >= 0) {
          facts = old.rows[oldRow + ROW_FACTS] as number;
          foldedLength = old.rows[oldRow + ROW_FOLDED_LENGTH] as number;
          writer.copy(old.units, old.rows[oldRow + ROW_TEXT_START] as number, old.rows[oldRow + ROW + ROW_TEXT_START] as number);
        } else {
          facts = writer.write(titles.title(slot));
          foldedLength = writer.foldedLength;
        }
        writeRow(rows, rank * ROW, start, facts, foldedLength);
        postings.addWritten(rank, writer, start, foldedLength, titleChecks(facts, foldedLength));
      }
    }
    rows[size * ROW + ROW_TEXT_START] = writer.at;
    // The order and slot ranks stay in use by their owners (the view, the engine): copied, not moved.
    return new RankColumns(shared(order), rows, moveToShared(writer.units.subarray(0, writer.at)), shared(rankOfSlot), types);
  }

  /** Columns over the parts another worker's build posted (search-worker.ts); no array is copied. */
  static fromParts({ order, rows, units, rankOfSlot, types }: ColumnParts): RankColumns {
    return new RankColumns(order, rows, units, rankOfSlot, types);
  }

  get parts(): ColumnParts {
    const { order, rows, units, rankOfSlot, types } = this;
    return { order, rows, units, rankOfSlot, types };
  }

  /**
   * The pinyin-pair lists and leads of these titles: one pass over the texts in rank order, memory read forward
   * (the texts never change after the build, so the lists are the same whenever they are made).
   */
  pairPostings(expectedBytes: number): PinyinLists {
    return this.pairPostingsBuild(expectedBytes).finish();
  }

  /** `pairPostings`, built a slice of ranks at a time (`PinyinPairsBuild.step`). */
  pairPostingsBuild(expectedBytes: number): PinyinPairsBuild {
    return new PinyinPairsBuild(this, expectedBytes);
  }

  /** Where the slot's row starts when this build holds it and it is not STALE, else -1. */
  currentRow(slot: number): number {
    const rank = slot < this.rankOfSlot.length ? (this.rankOfSlot[slot] as number) : -1;
    if (rank < 0 || ((this.rows[rank * ROW + ROW_FACTS] as number) & STALE) !== 0) return -1;
    return rank * ROW;
  }

  /** Text units in use (the array may hold unused room at its end, which costs no memory until written). */
  get usedUnits(): number {
    return this.rows[this.size * ROW + ROW_TEXT_START] as number;
  }

  get size(): number {
    return this.order.length;
  }

  get bytes(): number {
    return this.rows.byteLength + this.usedUnits * 2 + this.rankOfSlot.byteLength + this.types.byteLength;
  }

  /**
   * Ranks this worker marked outdated since the build. Counted here, not from the rows: the rows are
   * shared, and another worker may have set a row's STALE bit first (the pool posts a change to every
   * worker only once no search is under way, so no search sees a bit its own worker has not set yet;
   * docs/search.md, "Every core").
   */
  private readonly staleRanks = new Set<number>();

  /** Rows marked outdated since the build, as this worker knows them. */
  get staleRows(): number {
    return this.staleRanks.size;
  }

  /** Marks a slot's row outdated (it was indexed again); false when the slot is not in this build. */
  markStale(slot: number): boolean {
    const rank = slot < this.rankOfSlot.length ? (this.rankOfSlot[slot] as number) : -1;
    if (rank < 0) return false;
    this.staleRanks.add(rank);
    // Every worker sets the same bit of an otherwise unchanging int: the atomic OR keeps the write whole.
    Atomics.or(this.rows, rank * ROW + ROW_FACTS, STALE);
    return true;
  }

  /**
   * The slots below `slotCount` whose titles a worker adopting this build must be given: those the build
   * lacks, and those whose rows are marked outdated. Every other title is in the build's texts.
   */
  static slotsNotBuilt({ rows, rankOfSlot }: ColumnParts, slotCount: number): Int32Array {
    const slots: number[] = [];
    for (let slot = 0; slot < slotCount; slot++) {
      const rank = slot < rankOfSlot.length ? (rankOfSlot[slot] as number) : -1;
      if (rank < 0 || ((rows[rank * ROW + ROW_FACTS] as number) & STALE) !== 0) slots.push(slot);
    }
    return Int32Array.from(slots);
  }

  /** The slots of rows other workers marked outdated before this one took the build (a worker started later). */
  staleSlots(): number[] {
    const slots: number[] = [];
    for (let rank = 0; rank < this.size; rank++) {
      if (((this.rows[rank * ROW + ROW_FACTS] as number) & STALE) === 0) continue;
      this.staleRanks.add(rank);
      slots.push(this.order[rank] as number);
    }
    return slots;
  }
}

/** Ranks whose sources are touched ahead of their copy at a time. */
const BLOCK = 64;
const touched = new Int32Array(1);

/** Reads where the texts of ranks [first, end) come from: independent loads whose cache misses overlap. */
function touchSources({ order, titles, prepared }: ColumnSources, old: RankColumns, first: number, end: number): void {
  let sum = 0;
  for (let rank = first; rank < end; rank++) {
    const slot = order[rank] as number;
    const entry = prepared ? prepared.entry(slot) : -1;
    if (entry >= 0 && prepared) {
      sum += (prepared.units[prepared.textStart(entry)] as number) + (prepared.keyList[prepared.keysStart(entry)] as number);
      continue;
    }
    const oldRow = old.currentRow(slot);
    if (oldRow >= 0) sum += old.units[old.rows[oldRow + ROW_TEXT_START] as number] as number;
    else {
      // A title's first and last units: its header and the lines its units take (it may cross into the next).
      const title = titles.title(slot);
      sum += title.length > 0 ? title.charCodeAt(title.length - 1) : 0;
    }
  }
  touched[0] = sum;
}

/** The pinyin-pair lists of a build under way, ranks added in order (`RankColumns.pairPostings`). */
export class PinyinPairsBuild {
  private readonly builder: PostingBuilder;
  private readonly leads: Uint32Array;
  private next = 0;

  constructor(
    private readonly columns: RankColumns,
    expectedBytes: number,
  ) {
    this.builder = new PostingBuilder(expectedBytes);
    this.leads = new Uint32Array(columns.size);
  }

  /** Adds the next `count` ranks' pairs; true once every rank is in. */
  step(count: number): boolean {
    const { rows, units } = this.columns;
    const end = Math.min(this.columns.size, this.next + count);
    for (let rank = this.next; rank < end; rank++) {
      const start = rows[rank * ROW + ROW_TEXT_START] as number;
      this.leads[rank] = this.builder.addPairs(rank, units, start, start + (rows[rank * ROW + ROW_FOLDED_LENGTH] as number));
    }
    this.next = end;
    return end === this.columns.size;
  }

  /** The lists and leads, the ranks not added yet added now. */
  finish(): PinyinLists {
    this.step(this.columns.size);
    return { lists: this.builder.finish(), leads: moveToShared(this.leads) };
  }
}
