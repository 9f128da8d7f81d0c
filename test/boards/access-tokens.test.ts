// Bearer tokens of the ranking listener (RFC 6750 as docs/decisions.md fixes it): every answer, binding at
// issue and at first use over real sockets from distinct loopback addresses, re-binding, revocation,
// address rules (IPv4-mapped, IPv6 /64, trusted proxies) and what is stored at rest.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { listen, socketRequest } from '../support/net.js';
import { importBoard, issueToken, rankingGet } from './support/helpers.js';

const PATH = '/api/drama-actors/hot-dramas';
const REALM = 'Bearer realm="dramadex-ranking"';

for (const store of STORES) {
  describe(`ranking tokens [${store}]`, () => {
    let ctx: TestContext;
    let port: number;
    before(async () => {
      // These tests try many bad credentials from one address; the throttle on that has its own suite.
      ctx = await createTestContext(store, { RANKING_FAILED_AUTH_LIMIT: '1000' });
      await importBoard(ctx, 'hot-dramas', [{ title: '闪婚后傅总追妻' }]);
      port = await listen(ctx.rankingApp);
    });
    after(() => ctx.close());

    const tokenRow = async (token: string) => (await ctx.services.rankings.tokens.find(token)) ?? assert.fail('token not found');

    test('no Authorization header: 401 UNAUTHORIZED with WWW-Authenticate: Bearer and how to get a token', async () => {
      const response = await rankingGet(ctx, PATH);
      assert.equal(response.statusCode, 401);
      assert.equal(response.headers['www-authenticate'], REALM);
      const body = response.json();
      assert.equal(body.success, false);
      assert.equal(body.error_code, 'UNAUTHORIZED');
      assert.match(body.error, /Authorization/);
      assert.match(body.suggestion, /dramadex token issue/);
      const empty = await rankingGet(ctx, PATH, { authorization: '' });
      assert.equal(empty.statusCode, 401);
      assert.equal(empty.headers['www-authenticate'], REALM);
    });

    test('a Bearer header that breaks the syntax: 400 BAD_REQUEST with WWW-Authenticate error="invalid_request" (RFC 6750)', async () => {
      const token = await issueToken(ctx);
      for (const authorization of ['Bearer', 'Bearer ', `Bearer ${token} extra`, `Bearer ${token}!`, 'bearer a,b']) {
        const response = await rankingGet(ctx, PATH, { authorization });
        assert.equal(response.statusCode, 400, authorization);
        assert.equal(response.json().error_code, 'BAD_REQUEST');
        assert.match(
          String(response.headers['www-authenticate']),
          /^Bearer realm="dramadex-ranking", error="invalid_request"/,
          authorization,
        );
      }
      // The scheme name is case-insensitive (RFC 7235), and the token itself still works.
      assert.equal((await rankingGet(ctx, PATH, { authorization: `bearer ${token}` })).statusCode, 200);
    });

    test('another scheme or a bare token: 401 with WWW-Authenticate: Bearer and no error code', async () => {
      const token = await issueToken(ctx);
      for (const authorization of ['Basic dXNlcjpwYXNz', `Token ${token}`, token]) {
        const response = await rankingGet(ctx, PATH, { authorization });
        assert.equal(response.statusCode, 401, authorization);
        assert.equal(response.json().error_code, 'UNAUTHORIZED');
        assert.equal(response.headers['www-authenticate'], REALM, authorization);
      }
    });

    test('a well-formed bearer token that is not a dramadex token: 401 with error="invalid_token"', async () => {
      const token = await issueToken(ctx);
      for (const authorization of [
        'Bearer abc',
        `Bearer ${token.slice(0, -1)}`,
        `Bearer ${token}x`,
        `Bearer ${token.replace('dxr_', 'dxk_')}`,
      ]) {
        const response = await rankingGet(ctx, PATH, { authorization });
        assert.equal(response.statusCode, 401, authorization);
        assert.match(String(response.headers['www-authenticate']), /error="invalid_token"/, authorization);
      }
    });

    test('unknown token: 401 with error="invalid_token", also when only its first characters match a real one', async () => {
      const unknown = `dxr_${'A'.repeat(43)}`;
      const response = await rankingGet(ctx, PATH, { token: unknown });
      assert.equal(response.statusCode, 401);
      assert.match(String(response.headers['www-authenticate']), /error="invalid_token"/);
      assert.equal(response.json().error_code, 'UNAUTHORIZED');
      const real = await issueToken(ctx);
      const lookalike = `${real.slice(0, 20)}${real.slice(20).replace(/./g, (c) => (c === 'B' ? 'C' : 'B'))}`;
      assert.notEqual(lookalike, real);
      assert.equal((await rankingGet(ctx, PATH, { token: lookalike })).statusCode, 401);
      assert.equal((await rankingGet(ctx, PATH, { token: real })).statusCode, 200);
    });

    test('revoked token: 401 invalid_token saying it was revoked', async () => {
      const token = await issueToken(ctx);
      assert.equal((await rankingGet(ctx, PATH, { token })).statusCode, 200);
      assert.equal(await ctx.services.rankings.tokens.revoke((await tokenRow(token)).id), true);
      const response = await rankingGet(ctx, PATH, { token, headers: { 'accept-language': 'en' } });
      assert.equal(response.statusCode, 401);
      assert.match(String(response.headers['www-authenticate']), /error="invalid_token"/);
      assert.match(response.json().error, /revoked/);
    });

    test('bound at issue: works from its address only; elsewhere 403 FORBIDDEN with how to re-bind', async () => {
      const token = await issueToken(ctx, '127.0.0.2');
      const from2 = await socketRequest(port, PATH, { from: '127.0.0.2', token });
      assert.equal(from2.status, 200);
      assert.equal(from2.json().data.items[0].title, '闪婚后傅总追妻');
      const from3 = await socketRequest(port, PATH, { from: '127.0.0.3', token });
      assert.equal(from3.status, 403);
      const body = from3.json();
      assert.equal(body.error_code, 'FORBIDDEN');
      assert.match(body.error, /127\.0\.0\.3/);
      assert.doesNotMatch(body.error, /127\.0\.0\.2/, 'the bound address is not revealed');
      assert.match(body.suggestion, /rebind/);
    });

    test('bound at first use: the first address that uses it keeps it; another gets 403', async () => {
      const token = await issueToken(ctx);
      assert.equal((await tokenRow(token)).boundAddress, null);
      assert.equal((await socketRequest(port, PATH, { from: '127.0.0.4', token })).status, 200);
      assert.equal((await tokenRow(token)).boundAddress, '127.0.0.4');
      assert.equal((await socketRequest(port, PATH, { from: '127.0.0.5', token })).status, 403);
      assert.equal((await socketRequest(port, PATH, { from: '127.0.0.4', token })).status, 200);
    });

    test('first use from two addresses at once binds exactly one of them', async () => {
      const token = await issueToken(ctx);
      const results = await Promise.all(['127.0.0.6', '127.0.0.7'].map((from) => socketRequest(port, PATH, { from, token })));
      assert.deepEqual(results.map((result) => result.status).sort(), [200, 403]);
      const winner = results[0]?.status === 200 ? '127.0.0.6' : '127.0.0.7';
      assert.equal((await tokenRow(token)).boundAddress, winner);
    });

    test('re-bound: a new address replaces the old one; a cleared binding goes to the next user', async () => {
      const token = await issueToken(ctx, '127.0.0.8');
      const { id } = await tokenRow(token);
      const rebound = await ctx.services.rankings.tokens.rebind(id, '127.0.0.9');
      assert.equal(rebound?.boundAddress, '127.0.0.9');
      assert.equal((await socketRequest(port, PATH, { from: '127.0.0.9', token })).status, 200);
      assert.equal((await socketRequest(port, PATH, { from: '127.0.0.8', token })).status, 403);
      await ctx.services.rankings.tokens.rebind(id, null);
      assert.equal((await socketRequest(port, PATH, { from: '127.0.0.10', token })).status, 200);
      assert.equal((await socketRequest(port, PATH, { from: '127.0.0.9', token })).status, 403);
      // A revoked token cannot be re-bound.
      await ctx.services.rankings.tokens.revoke(id);
      assert.equal(await ctx.services.rankings.tokens.rebind(id, '127.0.0.9'), undefined);
    });

    test('an IPv4-mapped IPv6 peer is its IPv4 address; IPv6 clients are one client per /64', async () => {
      const v4 = await issueToken(ctx, '192.0.2.10');
      assert.equal((await rankingGet(ctx, PATH, { token: v4, from: '::ffff:192.0.2.10' })).statusCode, 200);
      assert.equal((await rankingGet(ctx, PATH, { token: v4, from: '192.0.2.11' })).statusCode, 403);
      const mapped = await issueToken(ctx);
      assert.equal((await rankingGet(ctx, PATH, { token: mapped, from: '::ffff:198.51.100.7' })).statusCode, 200);
      assert.equal((await tokenRow(mapped)).boundAddress, '198.51.100.7');
      const v6 = await issueToken(ctx, '2001:db8:1:2::1');
      assert.equal((await rankingGet(ctx, PATH, { token: v6, from: '2001:db8:1:2:aaaa::99' })).statusCode, 200);
      assert.equal((await rankingGet(ctx, PATH, { token: v6, from: '2001:db8:1:3::1' })).statusCode, 403);
    });

    test('X-Forwarded-For is not believed from an untrusted peer', async () => {
      const token = await issueToken(ctx, '127.0.0.2');
      const spoofed = await socketRequest(port, PATH, { from: '127.0.0.3', token, headers: { 'x-forwarded-for': '127.0.0.2' } });
      assert.equal(spoofed.status, 403);
    });

    test('at rest only the lookup prefix and the SHA-256 of the token are stored', async () => {
      const token = await issueToken(ctx);
      const rows = await ctx.services.database.db.selectFrom('ranking_tokens').selectAll().execute();
      const row = rows.find((candidate) => candidate.token_hash === createHash('sha256').update(token).digest('hex'));
      assert.ok(row, 'the row is found by the hash of the token');
      assert.equal(row.token_prefix, token.slice(0, 16));
      assert.ok(!JSON.stringify(rows).includes(token), 'no column holds the token');
      assert.match(token, /^dxr_[A-Za-z0-9_-]{43}$/);
      assert.notEqual(await issueToken(ctx), token);
    });
  });

  describe(`ranking tokens behind a trusted proxy [${store}]`, () => {
    let ctx: TestContext;
    let port: number;
    before(async () => {
      ctx = await createTestContext(store, { TRUST_PROXY: '127.0.0.1' });
      port = await listen(ctx.rankingApp);
    });
    after(() => ctx.close());

    test("the proxy's X-Forwarded-For is the client address; other peers' is ignored", async () => {
      const token = await issueToken(ctx, '203.0.113.5');
      const viaProxy = await socketRequest(port, PATH, { from: '127.0.0.1', token, headers: { 'x-forwarded-for': '203.0.113.5' } });
      assert.equal(viaProxy.status, 200);
      const otherClient = await socketRequest(port, PATH, { from: '127.0.0.1', token, headers: { 'x-forwarded-for': '203.0.113.6' } });
      assert.equal(otherClient.status, 403);
      const notTheProxy = await socketRequest(port, PATH, { from: '127.0.0.2', token, headers: { 'x-forwarded-for': '203.0.113.5' } });
      assert.equal(notTheProxy.status, 403);
    });
  });
}
