// Property: whatever query string a client sends to whatever catalogue path, the answer is never a
// 5xx and its body is always one of the two envelopes, with every documented field of the right type.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { assertProperty } from '../support/property.js';

const PATHS = [
  '/api/contents',
  '/api/contents/post',
  '/api/contents/baidu',
  '/api/contents/nope',
  '/api/search',
  '/api/types',
  '/api/status',
  '/api/contents/tv/all',
];
const NAMES = ['page', 'limit', 'keyword', 'content_type', 'today', 'x', 'page[]', 'limit.a', '__proto__', 'constructor'];
const VALUES = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.constantFrom(
    '',
    '0',
    '1',
    '1000',
    '1001',
    '100',
    '101',
    '-1',
    '1e3',
    '1.0',
    'Infinity',
    'NaN',
    ' 7',
    'post',
    'baidu',
    '霸道',
    '＜',
    '%',
    '%zz',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const PAIR = fc.tuple(fc.constantFrom(...NAMES), fc.option(VALUES, { nil: undefined }));

function queryString(pairs: Array<[string, string | undefined]>): string {
  return pairs
    .map(([name, value]) => (value === undefined ? encodeURIComponent(name) : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`))
    .join('&');
}

for (const store of STORES) {
  describe(`any query string [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries([entry({ title: '霸道总裁' }), entry({ type: 'tv' })]);
    });
    after(() => ctx.close());

    test('never yields a 5xx or a body outside the envelope', async () => {
      await assertProperty(
        fc.asyncProperty(fc.constantFrom(...PATHS), fc.array(PAIR, { maxLength: 5 }), fc.boolean(), async (path, pairs, rawPercent) => {
          const query = queryString(pairs);
          // Also send raw, possibly malformed percent sequences as clients do.
          const url = `${path}?${rawPercent ? query.replace(/%25/g, '%') : query}`;
          const response = await ctx.app.inject(url);
          assert.ok(response.statusCode < 500, `${url} → ${response.statusCode}`);
          const body = response.json();
          if (response.statusCode === 200) {
            assert.equal(body.success, true, url);
            assert.equal(typeof body.message, 'string');
            assert.equal(typeof body.data, 'object');
            if ('items' in body.data) {
              for (const item of body.data.items) {
                for (const field of ['title', 'source_link', 'type', 'update_time']) assert.equal(typeof item[field], 'string');
              }
            }
            for (const field of ['page', 'limit', 'total', 'total_pages']) {
              if (field in body.data) assert.ok(Number.isInteger(body.data[field]), `${url} ${field}`);
            }
          } else {
            assert.equal(body.success, false, url);
            for (const field of ['message', 'error_code', 'error', 'suggestion'])
              assert.equal(typeof body[field], 'string', `${url} ${field}`);
          }
        }),
        { numRuns: 400 },
      );
    });
  });
}
