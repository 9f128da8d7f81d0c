/**
 * The router's query-string parser, remembering the query strings it had to percent-decode. Decoding is
 * most of a replayed search's extra cost over a list page (a keyword's `%E6%80%BB%E8%A3%81` decoded byte by
 * byte into a two-byte string: about 2,900 of its ≈ 106,000 instructions, docs/deployment.md "Trimming the
 * request path"), and a client repeating a search sends the same query string again. The answer is the
 * router's own parser's (fast-querystring, which find-my-way uses by default), copied: an object of
 * strings and arrays of strings on fast-querystring's own empty prototype, a fresh one on every call
 * (validation may coerce it in place). Query strings without escapes or `+` are parsed every time:
 * they cost little and remembering them would buy nothing.
 */
import { parse } from 'fast-querystring';
import { LRUCache } from 'lru-cache';

type Query = Record<string, string | string[]>;

/** Query strings remembered, and their characters in all: a long one (up to Node's 16 KB of headers) is not kept. */
const REMEMBERED = 2_048;
const REMEMBERED_CHARACTERS = 256 * 1024;
const LONGEST_REMEMBERED = 1_024;

/** Made as fast-querystring makes its answers: with its own prototype, an empty object without one. */
const Empty = function (this: Query) {} as unknown as new () => Query;
Empty.prototype = Object.getPrototypeOf(parse('a'));

export function rememberingQueryParser(): (query: string) => Query {
  const parsed = new LRUCache<string, Query>({
    max: REMEMBERED,
    maxSize: REMEMBERED_CHARACTERS,
    maxEntrySize: LONGEST_REMEMBERED,
    sizeCalculation: (_query, text) => text.length,
  });
  return (query) => {
    // find-my-way's default parser answers an empty query with a plain object.
    if (query.length === 0) return {};
    if (!query.includes('%') && !query.includes('+')) return parse(query) as Query;
    let known = parsed.get(query);
    if (known === undefined) {
      known = parse(query) as Query;
      parsed.set(query, known);
    }
    return copy(known);
  };
}

function copy(query: Query): Query {
  const fresh = new Empty();
  for (const name in query) {
    const value = query[name] as string | string[];
    fresh[name] = typeof value === 'string' ? value : value.slice();
  }
  return fresh;
}
