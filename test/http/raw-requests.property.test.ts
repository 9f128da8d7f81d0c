/**
 * Random raw request lines and headers, sent over real sockets to both listeners: whatever arrives, the
 * answer is never a 5xx, any body is the JSON envelope (or, outside `/api/` on the catalogue listener, a
 * web page: docs/web.md), and the connection is answered and closed (no
 * hang: each exchange has a guard far above any answer time, and the request timeout is configured
 * short). Paths mix the real routes with broken and valid percent-encoding, raw non-ASCII bytes and odd
 * forms; headers mix the ones the service reads with random names and values; Host may be missing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { isApiPath } from '../../src/http/paths.js';
import { WECHAT_ENV } from '../boards/support/wechat-fixtures.js';
import { createTestContext, entry, type TestContext } from '../support/harness.js';
import { listen } from '../support/net.js';
import { assertProperty } from '../support/property.js';
import { openRaw, parseRaw } from './raw-socket.js';

const GUARD_MS = 15_000;
const ROUTES = ['/api/contents', '/api/contents/tv', '/api/contents/tv/all', '/api/search', '/api/types', '/api/status', '/api/health'];
const RANKING = ['/api/drama-actors', '/api/drama-actors/female', '/api/extrank/movie/hot', '/wechat'];
const HEADER_NAMES = [
  'accept-language',
  'x-api-key',
  'authorization',
  'x-forwarded-for',
  'content-type',
  'accept-encoding',
  'if-none-match',
  'cookie',
];
const ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?";

const percentEscape = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
  fc.constantFrom('%', '%Z', '%ZZ', '%E6%80', '%ED%A0%80', '%FF', '%C0%AF', '%00', '%2F', '%25', '%61ll', '%E7%9F%AD'),
);
const pathPiece = fc.oneof(
  fc.string({ unit: fc.constantFrom(...ASCII.split('')), maxLength: 12 }),
  percentEscape,
  fc.constantFrom('短剧', '\u00ff', '..', '//', 'all', 'tv', 'x'.repeat(300)),
);
const target = fc.oneof(
  fc.tuple(fc.constantFrom(...ROUTES, ...RANKING), fc.array(pathPiece, { maxLength: 4 })).map(([route, pieces]) => route + pieces.join('')),
  fc.array(pathPiece, { maxLength: 6 }).map((pieces) => `/${pieces.join('')}`),
  fc.constantFrom('*', 'http://x/api/types', '', ' ', '/api/types#frag', '/?today&today', '/api/search?keyword=%FF&keyword=a'),
);
const query = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('page', 'limit', 'today', 'keyword', 'content_type', 'start', 'hit', 'x'),
        fc.array(pathPiece, { maxLength: 3 }),
      ),
      {
        maxLength: 4,
      },
    )
    .map((pairs) => `?${pairs.map(([name, value]) => `${name}=${value.join('')}`).join('&')}`),
  { nil: '' },
);
const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', 'en', 'zh-CN,en;q=0.9', `Bearer dxr_${'A'.repeat(43)}`, 'garbage', '1.2.3.4:80', 'text/xml', '\u00e9\u00e9', 'a\tb'),
);
const header = fc.tuple(fc.oneof(fc.constantFrom(...HEADER_NAMES), fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/)), headerValue);
const request = fc.record({
  method: fc.oneof(
    fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'G ET', 'get'),
    fc.stringMatching(/^[A-Z]{1,8}$/),
  ),
  target,
  query,
  version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.x', 'HTTP/1.1 extra', ''),
  host: fc.boolean(),
  headers: fc.array(header, { maxLength: 5 }),
});

type RandomRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function rawText(r: RandomRequest): string {
  const lines = [`${r.method} ${r.target}${r.query} ${r.version}`.trimEnd()];
  if (r.host) lines.push('Host: dramadex.test');
  // Framing headers are left out: a body promised and never sent would only meet the request timeout.
  for (const [name, value] of r.headers)
    if (!/^(content-length|transfer-encoding|connection|expect|upgrade|host)$/i.test(name)) lines.push(`${name}: ${value}`);
  lines.push('Content-Length: 0', 'Connection: close', '', '');
  return lines.join('\r\n');
}

async function exchange(port: number, text: string): Promise<string> {
  const { socket, closed } = await openRaw(port);
  const guard = setTimeout(() => socket.destroy(new Error('hung')), GUARD_MS);
  socket.write(Buffer.from(text, 'utf8'));
  try {
    return await closed;
  } finally {
    clearTimeout(guard);
  }
}

function assertAnswer(raw: string, r: RandomRequest, listener: string): void {
  const context = `${listener}: ${JSON.stringify(rawText(r))}`;
  assert.ok(raw.length > 0, `no answer (${context})`);
  const { status, headers, body } = parseRaw(raw);
  assert.ok(status < 500, `status ${status} (${context}): ${raw.slice(0, 300)}`);
  const hasBody = r.method !== 'HEAD' && status !== 304 && !/\r\ncontent-length: 0\r\n/i.test(raw.slice(0, raw.indexOf('\r\n\r\n') + 2));
  if (!hasBody) return;
  if (listener === 'catalogue' && /^content-type: text\/html/im.test(headers)) {
    assert.ok(!isApiPath(r.target), `a page under /api/ (${context})`);
    return;
  }
  assert.ok(body !== undefined, `not JSON (${context}): ${raw.slice(0, 300)}`);
  assert.equal(typeof body.success, 'boolean', context);
  if (body.success === false) {
    for (const field of ['message', 'error_code', 'error', 'suggestion'])
      assert.equal(typeof body[field], 'string', `${field} (${context})`);
  }
}

describe('random raw requests at both listeners', () => {
  let ctx: TestContext;
  let ports: Array<[string, number]>;
  before(async () => {
    ctx = await createTestContext('sqlite', { ...WECHAT_ENV, REQUEST_TIMEOUT_SECONDS: '2', KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    await ctx.importEntries([entry({ type: 'tv' })]);
    ports = [
      ['catalogue', await listen(ctx.app)],
      ['ranking', await listen(ctx.rankingApp)],
    ];
  });
  after(() => ctx.close());

  test('no 5xx, no body outside the envelope, no hang', async () => {
    await assertProperty(
      fc.asyncProperty(request, async (r) => {
        for (const [listener, port] of ports) assertAnswer(await exchange(port, rawText(r)), r, listener);
      }),
      { numRuns: 300 },
    );
  });
});
