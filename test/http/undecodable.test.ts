/**
 * Requests the router cannot read, on both listeners: 400 BAD_REQUEST in the envelope (never a framework
 * body), counted by the limits like any request; and the `/all` rule decided from the matched route, so
 * an encoded `/all` cannot dodge it.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import fc from 'fast-check';
import { decodes } from '../../src/http/request-target.js';
import { ApiKeyStore } from '../../src/limits/api-keys.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, from, LIMITS_ON } from '../support/limits.js';
import { assertProperty } from '../support/property.js';

const UNDECODABLE = [
  ['/api/contents/%ff', /path/],
  ['/api/search%ZZ', /path/],
  ['/api/contents/%E6%80', /path/],
  ['/api/search?keyword=%FF', /Parameter keyword/],
  ['/api/search?keyword=%ED%A0%80', /Parameter keyword/],
  ['/api/contents/tv?keyword=%E6%80', /Parameter keyword/],
  ['/api/contents?page=1&to%FFday', /Parameter has broken/],
] as const;

function assertBadRequest(response: { statusCode: number; json(): Record<string, unknown> }, error: RegExp): void {
  assert.equal(response.statusCode, 400);
  const body = response.json();
  assert.equal(body.success, false);
  assert.equal(body.error_code, 'BAD_REQUEST');
  assert.match(String(body.error), error);
  assert.equal(typeof body.suggestion, 'string');
}

for (const store of STORES) {
  describe(`undecodable requests and the matched route [${store}]`, () => {
    let ctx: TestContext;
    let clock: ReturnType<typeof fakeClock>;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      await ctx.importEntries([entry({ type: 'tv' }), entry({ type: 'movie' })]);
    });
    after(() => ctx.close());
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    test('broken percent-encoding or invalid UTF-8 in the path or a parameter is 400 naming the part', async () => {
      for (const [index, [url, error]] of UNDECODABLE.entries()) {
        clock.at((index + 1) * 3000);
        assertBadRequest(await from(ctx.app, '10.20.0.1', url), error);
      }
    });

    test('an over-long path parameter is 400 naming the parameter, on /all too', async () => {
      const long = 'x'.repeat(300);
      assertBadRequest(await from(ctx.app, '10.20.0.2', `/api/contents/${long}`), /content_type/);
      clock.at(3000);
      assertBadRequest(await from(ctx.app, '10.20.0.2', `/api/contents/${long}/all`), /content_type/);
    });

    test('undecodable requests are counted: a burst of them gets 429 and then the blacklist', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await from(ctx.app, '10.20.0.3', '/api/contents/%ff')).statusCode);
      assert.deepEqual(statuses, [400, 429, 429, 429, 429, 429, 429]);
      const blacklisted = await from(ctx.app, '10.20.0.3', '/api/types');
      assert.match(String(blacklisted.json().detail), /^Blacklist/);
    });

    test('the /all rule cannot be dodged by encoding the path', async () => {
      for (const [address, dodge] of [
        ['10.20.1.1', '/api/contents/movie/%61ll'],
        ['10.20.1.2', '/api/contents/movie/al%6C'],
        ['10.20.1.3', '/api/contents/movie/%61ll/'],
        ['10.20.1.4', '/api/contents/m%6Fvie/all'],
      ] as const) {
        clock.at(clock.now() - 1_700_000_000_000 + 61_000);
        assert.equal((await from(ctx.app, address, '/api/contents/tv/all')).statusCode, 200);
        clock.at(clock.now() - 1_700_000_000_000 + 3100);
        const refused = await from(ctx.app, address, dodge);
        assert.equal(refused.statusCode, 429, dodge);
        assert.match(String(refused.json().message), /frequency exceeded/i, dodge);
      }
    });

    test('an encoded /all counts as a full dump for an API key as well', async () => {
      const { key } = await new ApiKeyStore(ctx.services.database).create(100, 'undecodable test');
      await ctx.services.limits?.sync();
      assert.equal((await from(ctx.app, '10.20.2.1', '/api/contents/tv/all', { 'x-api-key': key })).statusCode, 200);
      const refused = await from(ctx.app, '10.20.2.1', '/api/contents/movie/%61ll', { 'x-api-key': key });
      assert.equal(refused.statusCode, 429);
      assert.match(String(refused.headers['ratelimit-policy']), /full-dump/);
    });

    test('a repeated today is still presence', async () => {
      const response = await from(ctx.app, '10.20.3.1', '/api/contents/tv?today&today');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().data.today, true);
      clock.at(3000);
      assert.equal((await from(ctx.app, '10.20.3.1', '/api/contents?today=1&today=')).statusCode, 200);
    });

    test('the ranking listener answers undecodable requests in the envelope too, before any token check', async () => {
      const long = 'y'.repeat(300);
      for (const url of ['/api/extrank/%ff/hot', '/api/drama-actors?x=%E6%80', `/api/extrank/${long}/hot?hit=%ZZ`]) {
        const response = await ctx.rankingApp.inject({ url, headers: { 'accept-language': 'en' } });
        assertBadRequest(response, /percent-encoding/);
      }
      const long404 = await ctx.rankingApp.inject({ url: `/api/extrank/${long}/hot`, headers: { 'accept-language': 'en' } });
      assert.equal(long404.statusCode, 404);
      assert.equal(long404.json().error_code, 'RESOURCE_NOT_FOUND');
    });

    test('the internal route for undecodable requests is not reachable by name', async () => {
      const response = await from(ctx.app, '10.20.4.1', '/.undecodable');
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().error_code, 'RESOURCE_NOT_FOUND');
    });
  });
}

const escapePiece = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
  fc.constantFrom('%', '%Z', '%E6%80', '%ED%A0%80', '%C0%AF', '%E7%9F%AD', '%F0%9F%98%80'),
  fc.string({ maxLength: 3 }),
);

test('the whole target decodes exactly when its path and every query pair do (the one-pass check)', () => {
  const separator = fc.constantFrom('?', '&', '=', '/');
  assertProperty(
    fc.property(fc.array(fc.oneof(escapePiece, separator), { maxLength: 12 }), (pieces) => {
      const url = `/${pieces.join('')}`;
      const queryAt = url.indexOf('?');
      const parts = queryAt === -1 ? [url] : [url.slice(0, queryAt), ...url.slice(queryAt + 1).split('&')];
      assert.equal(decodes(url), parts.every(decodes), url);
    }),
    { numRuns: 20_000 },
  );
});

test('the check agrees with decodeURIComponent on random escapes and text', () => {
  const byDecoding = (text: string) => {
    try {
      decodeURIComponent(text);
      return true;
    } catch {
      return false;
    }
  };
  const piece = fc.oneof(
    fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
    fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`),
    fc.constantFrom('%', '%Z', '%0', '%g1', '%1G', '%E6%80', '%ED%A0%80', '%F4%90%80%80', '%C0%AF', '%E0%80%AF', '%F0%8F%BF%BF'),
    fc.constantFrom('%E7%9F%AD', '%F0%9F%98%80', '%C2%A0', '%EF%BF%BF', '%F4%8F%BF%BF', '%ED%9F%BF', '%EE%80%80'),
    fc.string({ maxLength: 4 }),
  );
  assertProperty(
    fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
      const text = pieces.join('');
      assert.equal(decodes(text), byDecoding(text), text);
    }),
    { numRuns: 20_000 },
  );
  // Every one- to four-byte sequence of lead and continuation bytes that matters, exhaustively for two.
  for (let first = 0; first < 256; first++) {
    for (let second = 0; second < 256; second++) {
      const text = `%${first.toString(16).padStart(2, '0')}%${second.toString(16).padStart(2, '0')}`;
      assert.equal(decodes(text), byDecoding(text), text);
    }
  }
});
