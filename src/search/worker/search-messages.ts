/**
 * The messages between the catalogue's thread and its search workers (docs/search.md, "Off the event
 * loop", "Every core"). Each worker receives them in the order they were posted, so a search posted after
 * a batch or an order is answered over them, exactly as the index would answer on the catalogue's thread.
 * A build travels as its arrays in shared memory (index/shared-arrays.ts): posting it passes the memory.
 */
import type { BuildParts } from '../built-index.js';
import type { PinyinParts } from '../index/posting-index.js';

/** Titles applied to the view: `text` holds them back to back, `lengths[i]` code units for `slots[i]`. */
export interface TitlesMessage {
  kind: 'titles';
  slots: Int32Array;
  lengths: Int32Array;
  text: string;
}

/** Entries removed from the view: their slots. */
export interface RemoveMessage {
  kind: 'remove';
  slots: Int32Array;
}

/** A build made by the building worker, named so its pinyin lists can follow it. */
export interface SharedBuild {
  id: string;
  parts: BuildParts;
}

/** The building worker's pinyin-pair lists for the build `buildId`, made after it (built-index.ts `buildAhead`). */
export interface SharedPinyin {
  buildId: string;
  parts: PinyinParts;
}

/**
 * The view reordered: its newest-first order of every slot, and per content type code (in shared memory:
 * every worker reads one copy). `adopt`: the build a following worker takes instead of building.
 */
export interface OrderMessage {
  kind: 'order';
  id: number;
  /** Entries held, and slots ever used. */
  count: number;
  slotCount: number;
  all: Int32Array;
  byType: Int32Array[];
  adopt?: SharedBuild | undefined;
}

/** A search: `typeCode` is the content type's code, -1 for every type; `limit` -1 asks for every match. */
export interface FindMessage {
  kind: 'find';
  id: number;
  keyword: string;
  typeCode: number;
  offset: number;
  limit: number;
}

/** The building worker's pinyin lists, for a following worker to read instead of making its own. */
export interface PinyinMessage {
  kind: 'pinyin';
  pinyin: SharedPinyin;
}

/** Answered at once: the worker has applied every change posted before it. */
export interface SyncMessage {
  kind: 'sync';
  id: number;
}

export type ToWorker = TitlesMessage | RemoveMessage | OrderMessage | FindMessage | PinyinMessage | SyncMessage;

/**
 * The answer to a find (the slots asked for, and how many match in all) or to an order (`slots` empty:
 * the index is ready; `build` when the building worker built), a failure, or the building worker's
 * pinyin lists, posted once they are made.
 */
export type FromWorker =
  | { kind: 'answer'; id: number; slots: Int32Array; total: number; build?: SharedBuild | undefined }
  | { kind: 'failed'; id: number; error: string }
  | { kind: 'pinyin'; pinyin: SharedPinyin };
