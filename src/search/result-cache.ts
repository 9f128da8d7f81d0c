/**
 * The answers of the latest few searches (rank/answer.ts). Clients fetch page after page of one query,
 * and each page needs the whole answer for its place and the exact total; keeping it makes pages 2..n a
 * walk over it. Any index change clears it.
 */
import type { Answer } from './rank/answer.js';

export class ResultCache {
  private readonly entries = new Map<string, Answer>();

  constructor(private readonly capacity = 16) {}

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
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}
