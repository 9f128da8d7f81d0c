// What an import file must hold (parseRecords): the rules `dramadex rankings import` and the fetcher apply.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_RECORDS, parseRecords, RecordError } from '../../src/boards/records.js';

describe('ranking records', () => {
  test('defaults: array order is the rank, omitted fields are empty, category is the board, text is trimmed', () => {
    assert.deepEqual(
      parseRecords('drama', [
        { title: ' 龙王殿 ', genres: [' 战神 ', ''] },
        { title: '偏偏宠爱', hot_score: 5 },
      ]),
      [
        {
          rank: 1,
          title: '龙王殿',
          hot_score: 0,
          tag: '',
          cover: '',
          description: '',
          category: 'drama',
          genres: ['战神'],
          actors: [],
          url: '',
        },
        {
          rank: 2,
          title: '偏偏宠爱',
          hot_score: 5,
          tag: '',
          cover: '',
          description: '',
          category: 'drama',
          genres: [],
          actors: [],
          url: '',
        },
      ],
    );
    assert.deepEqual(parseRecords('actors', [{ name: '林婉清', gender: '女' }, { name: '沈星河', gender: 'M' }, { name: '小鹿' }]), [
      { rank: 1, name: '林婉清', gender: 'female', hot_score: 0, avatar: '', works: [], url: '' },
      { rank: 2, name: '沈星河', gender: 'male', hot_score: 0, avatar: '', works: [], url: '' },
      { rank: 3, name: '小鹿', gender: 'unknown', hot_score: 0, avatar: '', works: [], url: '' },
    ]);
  });

  test('given ranks order the records and must be 1..n', () => {
    assert.deepEqual(
      parseRecords('tv', [
        { title: 'b', rank: 2 },
        { title: 'a', rank: 1 },
      ]).map((record) => 'title' in record && record.title),
      ['a', 'b'],
    );
  });

  const refused: Array<[string, unknown, RegExp]> = [
    ['not an array', { title: 'a' }, /JSON array/],
    ['a record that is not an object', ['a'], /record 1: must be a JSON object/],
    ['a missing title', [{ hot_score: 1 }], /record 1: title is required/],
    ['a blank title', [{ title: '  ' }], /title is required/],
    ['a title that is not a string', [{ title: 5 }], /title must be a string/],
    ['a missing name on the actor board', [{ title: 'x' }], /name is required/],
    ['an unknown gender', [{ name: 'x', gender: 'other' }], /gender must be female, male or unknown/],
    ['a negative hot_score', [{ title: 'a', hot_score: -1 }], /hot_score must be a non-negative integer/],
    ['a fractional hot_score', [{ title: 'a', hot_score: 1.5 }], /hot_score/],
    ['a hot_score as text', [{ title: 'a', hot_score: '5' }], /hot_score/],
    ['genres that are not strings', [{ title: 'a', genres: [1] }], /genres must be an array of strings/],
    ['a non-http cover', [{ title: 'a', cover: 'javascript:alert(1)' }], /cover must be an http\(s\) URL or empty/],
    ['a relative url', [{ title: 'a', url: '/x' }], /url must be an http\(s\) URL/],
    [
      'ranks with a gap',
      [
        { title: 'a', rank: 1 },
        { title: 'b', rank: 3 },
      ],
      /ranks must be 1 to 2 without gaps or repeats/,
    ],
    [
      'repeated ranks',
      [
        { title: 'a', rank: 1 },
        { title: 'b', rank: 1 },
      ],
      /ranks must be 1 to 2/,
    ],
    ['rank on some records only', [{ title: 'a', rank: 1 }, { title: 'b' }], /on every record or on none/],
    ['rank 0', [{ title: 'a', rank: 0 }], /rank must be a positive integer/],
    ['the same title twice (after normalisation)', [{ title: 'ＡＢ' }, { title: 'ab' }], /"ab" appears twice/],
    ['too long a text', [{ title: 'a', description: 'x'.repeat(2001) }], /description is longer than 2000/],
  ];
  for (const [what, input, reason] of refused) {
    test(`refuses ${what}`, () => {
      assert.throws(
        () => parseRecords(what.includes('actor') || what.includes('gender') ? 'actors' : 'movie', input),
        (error: Error) => {
          assert.ok(error instanceof RecordError);
          assert.match(error.message, reason);
          return true;
        },
      );
    });
  }

  test(`refuses more than ${MAX_RECORDS} records`, () => {
    assert.throws(
      () =>
        parseRecords(
          'movie',
          Array.from({ length: MAX_RECORDS + 1 }, (_, i) => ({ title: `t${i}` })),
        ),
      /at most 5000/,
    );
  });
});
