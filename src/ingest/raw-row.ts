/** One row of an import file as read, before validation, with the line it starts on (read-rows.ts, csv-rows.ts). */
export interface RawRow {
  line: number;
  value: unknown;
  /** Set when the row could not even be parsed. */
  parseError?: string;
}
