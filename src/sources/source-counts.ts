/** What one poll of a source changed in the catalogue: what the poller reports and each reader returns. */
import type { Rejection } from '../ingest/validate-rows.js';

export interface SourceCounts {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  rejected: Rejection[];
}
