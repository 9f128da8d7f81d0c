/**
 * The router's query parser: what Fastify's own (fast-querystring) answers, pair by pair, with the
 * percent-escapes decoded by the engine's `decodeURIComponent` instead of fast-decode-uri-component's
 * JavaScript loop. Most queries here carry an escaped keyword (every CJK character is three escapes), and
 * decoding it was most of the parse: 6,900 instructions for `keyword=%E9%BE%98%E9%9D%90` against 4,100
 * this way, and 2,200–2,700 of a replayed search's ≈ 84,000 (2.6–3.1%, docs/deployment.md, "The request
 * path's cost").
 * `test/http/query-string.test.ts` holds it to fast-querystring on random queries.
 */

/** No prototype, so a key such as `__proto__` or `constructor` is a plain key, as fast-querystring keeps it. */
const Query = function (this: object) {} as unknown as new () => Record<string, string | string[]>;
Query.prototype = Object.create(null);

export function parseQueryString(text: string): Record<string, string | string[]> {
  const query = new Query();
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    const equals = text.indexOf('=', start);
    const hasValue = equals !== -1 && equals < end;
    if (hasValue || end > start) {
      const key = decoded(text.slice(start, hasValue ? equals : end));
      const value = hasValue ? decoded(text.slice(equals + 1, end)) : '';
      const earlier = query[key];
      if (earlier === undefined) query[key] = value;
      else if (Array.isArray(earlier)) earlier.push(value);
      else query[key] = [earlier, value];
    }
    start = end + 1;
  }
  return query;
}

/** `+` is a space; an escape that does not decode leaves the part as it came, as fast-querystring does. */
function decoded(part: string): string {
  const spaced = part.includes('+') ? part.replaceAll('+', ' ') : part;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
