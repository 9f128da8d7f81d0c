/** Answers cut from shared slabs (src/http/byte-pool.ts) never share bytes, and kept answers own theirs. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ownBytes, pooledBytes } from '../../src/http/byte-pool.js';
import { ResponseCache } from '../../src/http/response-cache.js';

test('pooled answers never overlap, across slabs, while every one is still held', () => {
  const held: Buffer[] = [];
  // 3,000 answers of 997 to 1,003 bytes: about three slabs.
  for (let index = 0; index < 3_000; index++) {
    const bytes = pooledBytes(997 + (index % 7));
    bytes.fill(index % 251);
    held.push(bytes);
  }
  held.forEach((bytes, index) => {
    assert.equal(bytes.length, 997 + (index % 7));
    assert.ok(
      bytes.every((byte) => byte === index % 251),
      `answer ${index} was overwritten`,
    );
  });
});

test('a large answer gets memory of its own; ownBytes copies only slices of a slab', () => {
  const large = pooledBytes(200_000);
  assert.equal(large.buffer.byteLength, 200_000);
  assert.equal(ownBytes(large), large);
  const small = pooledBytes(100).fill(7);
  const own = ownBytes(small);
  assert.notEqual(own.buffer, small.buffer);
  assert.deepEqual(own, small);
});

test('the response cache keeps a pooled answer in bytes of its own, with the same content', () => {
  const cache = new ResponseCache(1_000_000);
  const built = pooledBytes(5_000).fill(42);
  const kept = cache.get(0, 'page', () => built);
  assert.deepEqual(kept.body, built);
  assert.ok(kept.body.buffer.byteLength < 1024 * 1024, 'the kept answer does not hold a slab');
  cache.get(0, 'page', () => assert.fail('page is kept'));
});
