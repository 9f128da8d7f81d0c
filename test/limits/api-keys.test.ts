import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { hashKey } from '../../src/limits/api-keys.js';
import { runCli } from '../support/cli.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { fakeClock, from, LIMITS_ON } from '../support/limits.js';

for (const store of STORES) {
  describe(`API keys [${store}]`, () => {
    let ctx: TestContext;
    let cliEnv: Record<string, string>;
    let clock: ReturnType<typeof fakeClock> | undefined;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      cliEnv = { DATABASE_URL: ctx.config.databaseUrl };
      await ctx.importEntries([entry({ type: 'post' }), entry({ type: 'movie' })]);
    });
    after(() => ctx.close());
    beforeEach(() => {
      clock = undefined;
    });
    afterEach(() => clock?.restore());

    const createKey = async (...args: string[]) => {
      const created = await runCli(['key', 'create', ...args], cliEnv);
      assert.equal(created.code, 0, created.stderr);
      const key = created.stdout.trim().split('\n').pop() ?? '';
      await ctx.services.limits?.sync();
      return { key, stdout: created.stdout };
    };

    test('`key create` prints the key alone on the last line and stores only its hash', async () => {
      const { key, stdout } = await createKey('--rate', '7', '--label', 'tv box');
      assert.match(key, /^ddx_[A-Za-z0-9_-]{32}$/);
      assert.match(stdout, /7 requests per second/);
      const rows = await ctx.services.database.db.selectFrom('api_keys').selectAll().execute();
      const row = rows.find((item) => item.key_hash === hashKey(key));
      assert.ok(row, 'the hash is stored');
      assert.equal(row.rate_per_second, 7);
      assert.equal(row.label, 'tv box');
      assert.ok(!JSON.stringify(rows).includes(key), 'the key itself is nowhere in the table');
      const listed = await runCli(['key', 'list'], cliEnv);
      assert.equal(listed.code, 0);
      assert.match(listed.stdout, new RegExp(`${key.slice(0, 12)}…\\t7/s\\tactive`));
      assert.ok(!listed.stdout.includes(key));
    });

    test('a key has its own rate instead of the per-address rule, with RateLimit headers', async () => {
      const { key } = await createKey('--rate', '3');
      clock = fakeClock();
      const withKey = () => from(ctx.app, '10.4.0.1', '/api/contents', { 'x-api-key': key });
      for (let i = 0; i < 3; i++) {
        const response = await withKey();
        assert.equal(response.statusCode, 200, `request ${i + 1}`);
        assert.equal(response.headers['ratelimit-policy'], '"api-key";q=3;w=1');
        assert.equal(response.headers.ratelimit, `"api-key";r=${2 - i};t=1`);
      }
      const refused = await withKey();
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().retry_after, 1);
      assert.equal(refused.headers['retry-after'], '1');
      assert.match(refused.json().detail, /API key rate limit of 3 requests per second/);
      clock.at(999);
      assert.equal((await withKey()).statusCode, 429);
      clock.at(1000);
      assert.equal((await withKey()).statusCode, 200);
      // The same address without the key is still under the per-address rule, untouched by the key's use.
      assert.equal((await from(ctx.app, '10.4.0.1', '/api/contents')).statusCode, 200);
      assert.equal((await from(ctx.app, '10.4.0.1', '/api/contents')).statusCode, 429);
    });

    test('many refusals on a key never blacklist its address', async () => {
      const { key } = await createKey('--rate', '1');
      clock = fakeClock();
      for (let i = 0; i < 10; i++) await from(ctx.app, '10.4.0.2', '/api/types', { 'x-api-key': key });
      clock.at(1000);
      assert.equal((await from(ctx.app, '10.4.0.2', '/api/types', { 'x-api-key': key })).statusCode, 200);
      assert.equal((await from(ctx.app, '10.4.0.2', '/api/types')).statusCode, 200);
    });

    test('/all with a key: one per minute per key, across types, refused at 59.999 s', async () => {
      const { key } = await createKey('--rate', '100');
      clock = fakeClock();
      const dump = (type: string) => from(ctx.app, '10.4.0.3', `/api/contents/${type}/all`, { 'x-api-key': key });
      const first = await dump('post');
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['ratelimit-policy'], '"api-key";q=100;w=1, "full-dump";q=1;w=60');
      clock.at(59_999);
      const refused = await dump('movie');
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().retry_after, 1);
      assert.match(refused.json().error, /retry in 1 seconds/);
      clock.at(60_000);
      assert.equal((await dump('movie')).statusCode, 200);
    });

    test('an unknown, malformed or revoked key gets 401 UNAUTHORIZED in the error envelope', async () => {
      for (const bad of ['ddx_unknown', '', 'x'.repeat(500)]) {
        const response = await from(ctx.app, '10.4.1.1', '/api/types', { 'x-api-key': bad });
        assert.equal(response.statusCode, 401, JSON.stringify(bad));
        const body = response.json();
        assert.equal(body.success, false);
        assert.equal(body.error_code, 'UNAUTHORIZED');
        assert.ok(body.suggestion);
      }
      const { key } = await createKey();
      assert.equal((await from(ctx.app, '10.4.1.2', '/api/types', { 'x-api-key': key })).statusCode, 200);
      const revoked = await runCli(['key', 'revoke', key.slice(0, 12)], cliEnv);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.match(revoked.stdout, /revoked API key \d+/);
      await ctx.services.limits?.sync();
      const after = await from(ctx.app, '10.4.1.2', '/api/types', { 'x-api-key': key });
      assert.equal(after.statusCode, 401);
      assert.equal(after.json().error_code, 'UNAUTHORIZED');
      const again = await runCli(['key', 'revoke', key.slice(0, 12)], cliEnv);
      assert.notEqual(again.code, 0);
      assert.match(again.stderr.trim(), /^dramadex: no active API key has id or prefix/);
      assert.equal(again.stderr.trim().split('\n').length, 1);
    });

    test('`key create` refuses a bad --rate with one line and a non-zero exit', async () => {
      for (const rate of ['0', '-1', '1.5', 'fast', '100000001']) {
        const result = await runCli(['key', 'create', '--rate', rate], cliEnv);
        assert.notEqual(result.code, 0, rate);
        assert.match(result.stderr.trim(), /^dramadex: --rate must be a whole number/);
      }
      const big = await runCli(['key', 'create', '--rate', '1000000'], cliEnv);
      assert.equal(big.code, 0, big.stderr);
    });
  });
}
