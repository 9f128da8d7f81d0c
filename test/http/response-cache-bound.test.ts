/** The response cache's bound: total bytes stay under it, and what was used recently survives eviction. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ResponseCache } from '../../src/http/response-cache.js';

const body = (size: number) => () => 'x'.repeat(size - 2); // JSON.stringify adds the two quotes

test('a full cache drops the least recently used entries and keeps its bound', () => {
  const cache = new ResponseCache(16_000); // entries of 1,000 bytes: 16 fit
  for (let i = 0; i < 16; i++) cache.get(1, `k${i}`, body(1_000));
  assert.equal(cache.size, 16_000);
  cache.get(1, 'k0', () => assert.fail('k0 is cached')); // k0 is now the most recently used
  cache.get(1, 'k16', body(1_000)); // over the bound: the least recently used one goes
  assert.equal(cache.size, 16_000);
  assert.ok(cache.has('k0') && cache.has('k16'));
  assert.ok(!cache.has('k1'), 'k1 was least recently used');
  for (const kept of ['k2', 'k15']) assert.ok(cache.has(kept));
});

test('answers larger than a sixteenth of the bound are served but not kept, and a new version starts empty', () => {
  const cache = new ResponseCache(16_000);
  assert.equal(cache.get(1, 'big', body(1_001)).body.length, 1_001);
  assert.equal(cache.get(1, 'bytes', () => Buffer.from('[1]')).body.toString(), '[1]');
  assert.ok(cache.has('bytes'));
  assert.ok(!cache.has('big'));
  cache.get(1, 'small', body(500));
  let built = false;
  cache.get(2, 'small', () => {
    built = true;
    return 'y';
  });
  assert.ok(built);
  assert.equal(cache.size, 3);
  assert.ok(!cache.has('bytes'));
});

test('RESPONSE_CACHE_MB=0 keeps nothing', () => {
  const cache = new ResponseCache(0);
  let builds = 0;
  for (let i = 0; i < 3; i++) cache.get(1, 'k', () => ++builds);
  assert.equal(builds, 3);
  assert.equal(cache.size, 0);
});

test('a cheap answer is kept from its second request on, so pages asked once never fill the cache', () => {
  const cache = new ResponseCache(16_000);
  let builds = 0;
  const page = () => {
    builds++;
    return 'page';
  };
  for (let i = 0; i < 100; i++) cache.getCheap(1, `once${i}`, page);
  assert.equal(cache.size, 0);
  cache.getCheap(1, 'twice', page);
  cache.getCheap(1, 'twice', page);
  cache.getCheap(1, 'twice', () => assert.fail('twice is kept'));
  assert.equal(builds, 102);
  assert.ok(cache.has('twice'));
  cache.getCheap(2, 'twice', page); // a new version forgets what was seen too
  cache.getCheap(2, 'twice', page);
  assert.equal(builds, 104);
});

test('a cheap answer is remembered as asked for the next 8,192 new keys at least and 16,384 at most', () => {
  const cache = new ResponseCache(16_000);
  const page = () => 'page';
  const others = (from: number, count: number) => {
    for (let i = from; i < from + count; i++) cache.getCheap(1, `other${i}`, page);
  };
  cache.getCheap(1, 'near', page);
  others(0, 8_191);
  cache.getCheap(1, 'near', page);
  assert.ok(cache.has('near'), 'asked again within 8,192 new keys: kept');
  cache.getCheap(1, 'far', page);
  others(10_000, 16_384);
  cache.getCheap(1, 'far', page);
  assert.ok(!cache.has('far'), 'asked again after 16,384 new keys: forgotten, so a crawler walking more pages keeps nothing');
});

test("an answer built off the thread (a search) is kept from its key's second request on", () => {
  const cache = new ResponseCache(16_000);
  // As the routes ask: a lookup at the current version, and on a miss the answer built meanwhile.
  const ask = (version: number, key: string) => cache.lookup(version, key) ?? cache.keepRepeated(version, key, 'answer');
  for (let i = 0; i < 100; i++) assert.equal(ask(1, `once${i}`).body.toString(), '"answer"');
  assert.equal(cache.size, 0);
  ask(1, 'twice');
  assert.ok(!cache.has('twice'));
  const kept = ask(1, 'twice');
  assert.equal(ask(1, 'twice'), kept);
  // Built at version 1 and arriving after version 2 was seen: served, never kept.
  ask(1, 'late');
  assert.equal(cache.lookup(2, 'twice'), undefined);
  cache.keepRepeated(1, 'late', 'answer');
  assert.ok(!cache.has('late'));
});
