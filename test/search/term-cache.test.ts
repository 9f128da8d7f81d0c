// The term cache's kept holders (rank/term-cache.ts) come back as they went in, at either width (bytes
// for close holders, two bytes for sparse ones) and across gaps too wide for the width (escaped).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ListPool } from '../../src/search/index/posting-lists.js';
import { TermHolderCache } from '../../src/search/rank/term-cache.js';

test('kept holders come back as kept, at either width and across escaped gaps', () => {
  const close = Int32Array.from({ length: 3000 }, (_, at) => at * 3 + (at > 2000 ? 300_000 : 0));
  const sparse = Int32Array.from({ length: 500 }, (_, at) => at * 700 + (at % 7 === 0 ? 0 : 1) + (at > 400 ? 5_000_000 : 0));
  const edges = Int32Array.from([0, 254, 255, 510, 765 + 0xfffe, 765 + 0xfffe + 0xffff, 2_000_000_000]);
  const cache = new TermHolderCache(0);
  for (const [term, holders] of [
    ['close', close],
    ['sparse', sparse],
    ['edges', edges],
    ['none', new Int32Array(0)],
  ] as const) {
    cache.set(term, holders, holders.length);
    assert.deepEqual(Array.from(cache.get(term, new ListPool()) ?? []), Array.from(holders), term);
  }
});
