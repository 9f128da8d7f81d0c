// The posting lists' storage: varint gaps must decode (and stream through intersections) to the exact
// ranks whatever the gap size (1 to 4 bytes), and the pinyin-pair keys must see neighbouring characters
// across punctuation but not across other characters, and a title's pinyin lead is its first two undecorated units. Catalogue-sized gaps need millions of titles, so
// this builds the index directly.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PostingBuilder } from '../../src/search/index/posting-builder.js';
import { initialsPairKey, NO_KEY, type PostingIndex } from '../../src/search/index/posting-index.js';
import { ListPool, RankBitset } from '../../src/search/index/posting-lists.js';
import { RankColumns } from '../../src/search/index/rank-columns.js';

function buildIndex(titles: (rank: number) => string, size: number): PostingIndex {
  const order = Int32Array.from({ length: size }, (_, rank) => rank);
  const builder = new PostingBuilder(1024);
  const columns = RankColumns.build({ order, rankOfSlot: order, titles: { title: titles }, typeOf: new Uint8Array(size) }, builder, 1024);
  const index = builder.finish();
  index.attachPairs(columns.pairPostings(1024));
  return index;
}

describe('posting index storage', () => {
  test('ranks decode exactly across 1-, 2-, 3- and 4-byte gaps', () => {
    // Gaps of 1, 126 (1 byte), 128 (2 bytes), 16,384 (3 bytes) and 2,097,152 (4 bytes).
    const ranks = [0, 1, 127, 255, 16_639, 16_640, 2_113_792, 2_113_800];
    const holding = new Set(ranks);
    const index = buildIndex((rank) => (holding.has(rank) ? '龘a' : 'a'), 2_113_801);
    assert.deepEqual(Array.from(index.list('龘'.charCodeAt(0))), ranks);
    assert.equal(index.count('龘'.charCodeAt(0)), ranks.length);
    assert.equal(index.list('a'.charCodeAt(0)).length, 2_113_801);
    assert.equal(index.list('b'.charCodeAt(0)).length, 0);
    // Streamed intersections decode the same gaps: the rare list against the full one and the other way round.
    const pool = new ListPool();
    const marks = new RankBitset(2_113_801);
    const all = index.list('a'.charCodeAt(0));
    assert.deepEqual(Array.from(index.intersect(Int32Array.from(ranks), 'a'.charCodeAt(0), pool, marks)), ranks);
    assert.deepEqual(Array.from(index.intersect(all, '龘'.charCodeAt(0), pool, marks)), ranks);
    assert.deepEqual(
      Array.from(index.intersect(Int32Array.from([5, 127, 16_640, 2_113_799]), '龘'.charCodeAt(0), pool, marks)),
      [127, 16_640],
    );
    // The bitset is left empty: a union after these sees none of their ranks.
    assert.equal(marks.drain(pool).length, 0);
    assert.equal(index.intersect(new Int32Array(0), '龘'.charCodeAt(0), pool, marks).length, 0);
  });

  test('pinyin initial pairs join characters across punctuation, not across other characters', () => {
    const titles = ['霸道总裁', '霸·道', '霸a道', '道霸'];
    const index = buildIndex((rank) => titles[rank] as string, titles.length);
    const pair = (first: string, second: string) =>
      Array.from(index.list(initialsPairKey(first.charCodeAt(0) - 97, second.charCodeAt(0) - 97)));
    assert.deepEqual(pair('b', 'd'), [0, 1]);
    assert.deepEqual(pair('z', 'c'), [0]);
    assert.deepEqual(pair('d', 'b'), [3]);
    // Punctuation is not indexed; letters and Chinese characters are, once per title.
    assert.equal(index.count('·'.charCodeAt(0)), 0);
    assert.deepEqual(Array.from(index.list('道'.charCodeAt(0))), [0, 1, 2, 3]);
  });

  test('pinyin leads are the first two undecorated units of a title', () => {
    const titles = ['霸道总裁', '《霸·道》', 'a霸道', '霸', '', '!'];
    const index = buildIndex((rank) => titles[rank] as string, titles.length);
    const lead = (first: string, second: string) => ((first.charCodeAt(0) << 16) | (second.charCodeAt(0) || 0)) >>> 0;
    assert.deepEqual(Array.from(index.leads), [lead('霸', '道'), lead('霸', '道'), lead('a', '霸'), lead('霸', ''), 0, 0]);
  });

  test('pinyin pairs built a slice of ranks at a time are the lists built at once', () => {
    const titles = ['霸道总裁', '《霸·道》', 'a霸道', '霸', '', '!', '长大重生', '总裁霸道', '重·生'];
    const order = Int32Array.from(titles, (_, rank) => rank);
    const columns = RankColumns.build(
      { order, rankOfSlot: order, titles: { title: (rank) => titles[rank] as string }, typeOf: new Uint8Array(titles.length) },
      new PostingBuilder(1024),
      1024,
    );
    const whole = columns.pairPostings(1024);
    const build = columns.pairPostingsBuild(16);
    const steps: boolean[] = [];
    for (let slice = 0; slice < 4; slice++) steps.push(build.step(2));
    assert.deepEqual(steps, [false, false, false, false]);
    assert.equal(build.step(2), true);
    const sliced = build.finish();
    assert.deepEqual(Array.from(sliced.leads), Array.from(whole.leads));
    for (let first = 0; first < 26; first++) {
      for (let second = 0; second < 26; second++) {
        const key = initialsPairKey(first, second);
        assert.deepEqual(Array.from(sliced.lists.list(key)), Array.from(whole.lists.list(key)), `${first} ${second}`);
      }
    }
  });

  test('unit pairs join neighbouring units across punctuation, not across other units, once per title', () => {
    const titles = ['霸道总裁', '霸·道', '霸a道', '道霸', '霸道霸道'];
    const index = buildIndex((rank) => titles[rank] as string, titles.length);
    const pair = (first: string, second: string) => Array.from(index.list(index.unitPairKey(first.charCodeAt(0), second.charCodeAt(0))));
    assert.deepEqual(pair('霸', '道'), [0, 1, 4]);
    assert.deepEqual(pair('道', '霸'), [3, 4]);
    assert.deepEqual(pair('a', '道'), [2]);
    // A pair no title holds has no key, and its list is empty.
    assert.equal(index.unitPairKey('总'.charCodeAt(0), '霸'.charCodeAt(0)), NO_KEY);
    assert.equal(index.count(NO_KEY), 0);
    assert.equal(index.list(NO_KEY).length, 0);
  });
});
