/**
 * The answers of the latest few searches (rank/answer.ts). Clients fetch page after page of one query,
 * and each page needs the whole answer for its place and the exact total; keeping it makes pages 2..n a
 * walk over it. Any index change clears it. Bounded by count and by bytes (an answer takes about 6 bytes
 * a match, docs/search.md), least recently used out first; the newest answer is always kept, so paging
 * through even a million matches walks one kept answer.
 */
import type { Answer } from './rank/answer.js';

/** Bytes an answer is counted at per match: its tier code (2) and rank (4) as rank/answer.ts keeps them. */
const BYTES_PER_MATCH = 6;

export class ResultCache {
  private readonly entries = new Map<string, Answer>();
  private bytes = 0;

  constructor(
    private readonly capacity = 16,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(key: string): Answer | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Re-insert to mark it most recently used (a Map iterates in insertion order).
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: Answer): void {
    if (this.capacity === 0) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.total * BYTES_PER_MATCH;
    while (this.entries.size > this.capacity || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.bytes -= found.total * BYTES_PER_MATCH;
  }
}
