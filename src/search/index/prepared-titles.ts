/**
 * Titles folded and keyed as they arrive, before the index's first build. At start-up the catalogue
 * streams a million titles in batches and only then knows their newest-first order, which the build
 * needs (posting lists hold ranks in it). Folding each title and listing its keys does not need the
 * order, so the search worker does it batch by batch while the catalogue's thread is still reading the
 * store; the build that follows the order then only copies each title's folded texts and posts its
 * ready keys (docs/benchmarks.md, "Start-up"). The keys number their unit pairs in `pairs`, which the build's
 * posting builder takes over. Spent by that build: later batches go the ordinary way (staged-titles.ts).
 */

import { maxKeys, titleKeys } from '../tokens/title-keys.js';
import { TitleScan } from '../tokens/title-scan.js';
import { RegionWriter } from './region-writer.js';
import { ROW, ROW_FACTS, ROW_FOLDED_LENGTH, ROW_TEXT_START, type TitleSource, titleChecks, writeRow } from './title-rows.js';
import { UnitPairs } from './unit-pairs.js';

/** Int32s per entry: a title row (title-rows.ts) and where its keys start. */
const ENTRY = ROW + 1;
const ENTRY_KEYS_START = ROW;
/**
 * Once a batch this large arrives (a start-up, not a test's handful), every array is allocated at least
 * this large: above glibc's largest mmap threshold (32 MB), so each is mapped on its own and its memory
 * goes back to the system when the build drops it. Smaller arrays, grown and freed in turn, would stay
 * in the worker's malloc arena: at a million titles that kept about 170 MB of resident memory after
 * start-up. Untouched pages of a mapping cost no memory.
 */
const LARGE_BATCH = 1024;
const MAPPED_BYTES = 33 * 1024 * 1024;

export class PreparedTitles {
  /** The numbering of unit pairs the keys use. */
  readonly pairs = new UnitPairs();
  private readonly scan = new TitleScan(this.pairs);
  private writer = new RegionWriter(1 << 16);
  private mapped = false;
  /** slot → its entry + 1, 0 if none (a slot prepared again points at its newest entry). */
  private entryOf = new Int32Array(0);
  /** One entry per prepared title, in the order they came. */
  private entries = new Int32Array(1024 * ENTRY);
  private count = 0;
  private keys = new Int32Array(1 << 16);
  private keyCount = 0;

  /** Folds the slots' titles and lists their keys. */
  add(titles: TitleSource, slots: ArrayLike<number>): void {
    if (!this.mapped && slots.length >= LARGE_BATCH) this.map();
    for (let index = 0; index < slots.length; index++) this.prepare(slots[index]!, titles.title(slots[index]!));
  }

  /** The slot's entry (an index for the readers below), -1 when it was not prepared. */
  entry(slot: number): number {
    return slot < this.entryOf.length ? this.entryOf[slot]! - 1 : -1;
  }

  /** The folded (then literal) texts every entry's row points into. */
  get units(): Uint16Array {
    return this.writer.units;
  }

  /** Where the entry's texts start and end in `units`. */
  textStart(entry: number): number {
    return this.entries[entry * ENTRY + ROW_TEXT_START]!;
  }

  textEnd(entry: number): number {
    return this.entries[entry * ENTRY + ENTRY + ROW_TEXT_START]!;
  }

  facts(entry: number): number {
    return this.entries[entry * ENTRY + ROW_FACTS]!;
  }

  foldedLength(entry: number): number {
    return this.entries[entry * ENTRY + ROW_FOLDED_LENGTH]!;
  }

  /** The entry's keys are `keyList`[keysStart(entry), keysEnd(entry)). */
  get keyList(): Int32Array {
    return this.keys;
  }

  keysStart(entry: number): number {
    return this.entries[entry * ENTRY + ENTRY_KEYS_START]!;
  }

  keysEnd(entry: number): number {
    return this.entries[entry * ENTRY + ENTRY + ENTRY_KEYS_START]!;
  }

  /** Moves every array into its own mapping (see MAPPED_BYTES). */
  private map(): void {
    this.mapped = true;
    const writer = new RegionWriter(MAPPED_BYTES / 2);
    writer.copy(this.writer.units, 0, this.writer.at);
    this.writer = writer;
    const length = MAPPED_BYTES / 4;
    this.entryOf = grow(this.entryOf, length);
    this.entries = grow(this.entries, length);
    this.keys = grow(this.keys, length);
  }

  private prepare(slot: number, title: string): void {
    if (slot >= this.entryOf.length) this.entryOf = grow(this.entryOf, slot + 1);
    if ((this.count + 2) * ENTRY > this.entries.length) this.entries = grow(this.entries, (this.count + 2) * ENTRY);
    const entry = this.count++;
    this.entryOf[slot] = entry + 1;
    const start = this.writer.at;
    const facts = this.writer.write(title);
    const foldedLength = this.writer.foldedLength;
    const needed = this.keyCount + maxKeys(foldedLength, this.writer.at - start - foldedLength);
    if (needed > this.keys.length) this.keys = grow(this.keys, needed);
    const row = entry * ENTRY;
    writeRow(this.entries, row, start, facts, foldedLength);
    this.entries[row + ENTRY_KEYS_START] = this.keyCount;
    this.scan.begin(this.writer.units, start, start + foldedLength, this.writer.at, titleChecks(facts, foldedLength));
    this.keyCount = titleKeys(this.scan, this.keys, this.keyCount);
    // The next entry's starts end this one's texts and keys.
    this.entries[row + ENTRY + ROW_TEXT_START] = this.writer.at;
    this.entries[row + ENTRY + ENTRY_KEYS_START] = this.keyCount;
  }
}

/** A copy of `from` in a new array at least `needed` long (zeros after it, left untouched). */
function grow(from: Int32Array<ArrayBuffer>, needed: number): Int32Array<ArrayBuffer> {
  const to = new Int32Array(Math.max(needed, from.length * 2));
  to.set(from);
  return to;
}
