// The worker's cache of recent answers is bounded by count and by bytes (6 a match), least recently used
// out first, and always keeps the newest answer, however large.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Answer } from '../../src/search/rank/answer.js';
import { ResultCache } from '../../src/search/result-cache.js';

function answer(total: number): Answer {
  return { total, page: () => new Int32Array(0), all: () => new Int32Array(0) };
}

describe('the result cache', () => {
  test('drops the least recently used answers beyond its bytes', () => {
    const cache = new ResultCache(16, 600); // 100 matches
    cache.set('a', answer(40));
    cache.set('b', answer(40));
    assert.ok(cache.get('a')); // now b is the least recently used
    cache.set('c', answer(40));
    assert.equal(cache.get('b'), undefined);
    assert.ok(cache.get('a'));
    assert.ok(cache.get('c'));
  });

  test('keeps the newest answer even when it alone is over the bound', () => {
    const cache = new ResultCache(16, 600);
    cache.set('a', answer(10));
    cache.set('huge', answer(1_000_000));
    assert.ok(cache.get('huge'));
    assert.equal(cache.get('a'), undefined);
    cache.set('small', answer(10));
    assert.equal(cache.get('huge'), undefined);
    assert.ok(cache.get('small'));
  });

  test('counts an answer stored again once, and forgets every byte when cleared', () => {
    const cache = new ResultCache(16, 600);
    for (let round = 0; round < 5; round++) cache.set('a', answer(60));
    cache.set('b', answer(40));
    assert.ok(cache.get('a'));
    assert.ok(cache.get('b'));
    cache.clear();
    cache.set('c', answer(100));
    assert.ok(cache.get('c'));
  });
});
