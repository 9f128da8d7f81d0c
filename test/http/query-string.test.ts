// The router's query parser (src/http/query-string.ts) answers exactly what fast-querystring, Fastify's
// own, answers: on random queries made of the characters that matter (separators, `+`, escapes that
// decode and escapes that do not, UTF-8 of every length, keys an object's prototype holds).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import fastQuerystring from 'fast-querystring';
import { parseQueryString } from '../../src/http/query-string.js';
import { assertProperty } from '../support/property.js';

const escaped = (text: string) => encodeURIComponent(text);
const piece = fc.oneof(
  fc.constantFrom('&', '=', '+', '%', '%2', '%zz', '%2B', '%26', '%3D', '%C0%80', '%ED%A0%80', '%F4%90%80%80', '%E6%80', '%FF'),
  fc.constantFrom('keyword', 'page', 'limit', 'content_type', 'today', '__proto__', 'constructor', 'toString', 'a', ''),
  fc.string({ unit: 'grapheme', maxLength: 4 }).map(escaped),
  fc.string({ maxLength: 4 }),
);
const query = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

const plain = (parsed: object) => JSON.parse(JSON.stringify(parsed));

test('parses every query as fast-querystring does', () => {
  assertProperty(
    fc.property(query, (text) => {
      const ours = parseQueryString(text);
      assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(ours)), null);
      assert.deepEqual(Object.keys(ours), Object.keys(fastQuerystring.parse(text)));
      assert.deepEqual(plain(ours), plain(fastQuerystring.parse(text)));
    }),
    { numRuns: 5_000 },
  );
});

test('the cases the service meets', () => {
  for (const text of [
    'keyword=%E9%BE%98%E9%9D%90',
    'keyword=%E9%9C%B8%E9%81%93%E6%80%BB%E8%A3%81&page=3&limit=20',
    'today',
    'page=1&page=2&page=3',
    'keyword=a+b%2Bc',
    'keyword=%FF&page=1',
    '&&=x&y=&__proto__=1',
  ])
    assert.deepEqual(plain(parseQueryString(text)), plain(fastQuerystring.parse(text)), text);
});
