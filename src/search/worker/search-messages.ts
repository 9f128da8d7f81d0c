/**
 * The messages between the catalogue's thread and its search worker (docs/search.md, "Off the event
 * loop"). The worker receives them in the order they were posted, so a search posted after a batch or
 * an order is answered over them, exactly as the index would answer on the catalogue's thread.
 */

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

/** The view reordered: its newest-first order of every slot, and per content type code. */
export interface OrderMessage {
  kind: 'order';
  id: number;
  /** Entries held, and slots ever used. */
  count: number;
  slotCount: number;
  all: Int32Array;
  byType: Int32Array[];
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

export type ToWorker = TitlesMessage | RemoveMessage | OrderMessage | FindMessage;

/**
 * The answer to a find (the slots asked for, and how many match in all) or to an order (`slots` empty:
 * the index is ready), or a failure.
 */
export type FromWorker =
  | { id: number; slots: Int32Array; total: number; error?: undefined }
  | { id: number; slots?: undefined; error: string };
