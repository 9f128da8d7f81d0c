// The remembering query-string parser answers exactly as the router's own parser, every time it is asked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parse } from 'fast-querystring';
import { rememberingQueryParser } from '../../src/http/query-strings.js';
import { assertProperty } from '../support/property.js';

/** find-my-way's default parser, the one Fastify would use. */
const routerDefault = (query: string) => (query.length === 0 ? {} : parse(query));

test('the remembering parser agrees with the router default on random query strings, asked again and again', () => {
  const remembering = rememberingQueryParser();
  const piece = fc.oneof(
    fc.constantFrom('&', '=', '+', '%', '%20', '%E6%80%BB', '%E6%80', '%ZZ', 'keyword', 'page', '1', '__proto__', 'constructor', '0', '10'),
    fc.string({ maxLength: 3 }),
  );
  assertProperty(
    fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
      const query = pieces.join('');
      for (let ask = 0; ask < 3; ask++) {
        const answer = remembering(query);
        const expected = routerDefault(query);
        assert.deepStrictEqual(answer, expected, query);
        assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(answer)), Object.getPrototypeOf(Object.getPrototypeOf(expected)), query);
        assert.deepEqual(Object.keys(answer), Object.keys(expected), query);
      }
    }),
    { numRuns: 5_000 },
  );
});

test('each answer is a fresh object: changing one (as validation may) leaves the next as parsed', () => {
  const remembering = rememberingQueryParser();
  const query = `keyword=${encodeURIComponent('总裁')}&page=1&page=2`;
  const first = remembering(query);
  first.keyword = 'changed';
  (first.page as string[]).push('3');
  assert.deepStrictEqual(remembering(query), parse(query));
});
