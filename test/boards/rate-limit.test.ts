// The per-token limit of the ranking listener: RANKING_RATE_LIMIT requests a minute per token (60 by
// default), 429 with retry_after/Retry-After as in the catalogue, on a fake clock; shared through Redis
// between two instances when TEST_REDIS_URL points at a server.
import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { buildRankingApp } from '../../src/boards-app.js';
import { createServices } from '../../src/services.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { issueToken, rankingGet } from './support/helpers.js';

const PATH = '/api/extrank/drama/hot';

for (const store of STORES) {
  describe(`per-token rate limit [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store, { RANKING_RATE_LIMIT: '3' });
    });
    after(() => {
      mock.timers.reset();
      return ctx.close();
    });

    test('the fourth request in a minute is 429 with retry_after and Retry-After; the window then reopens', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2025-06-01T00:00:00Z') });
      try {
        const token = await issueToken(ctx);
        const other = await issueToken(ctx);
        for (let i = 0; i < 3; i++) assert.equal((await rankingGet(ctx, PATH, { token })).statusCode, 200, `request ${i + 1}`);
        const limited = await rankingGet(ctx, PATH, { token });
        assert.equal(limited.statusCode, 429);
        assert.equal(limited.headers['retry-after'], '60');
        const body = limited.json();
        assert.equal(body.success, false);
        assert.equal(body.error_code, 'RATE_LIMIT_EXCEEDED');
        assert.equal(body.retry_after, 60);
        assert.match(body.detail, /每分钟 3 次/);
        assert.equal(typeof body.suggestion, 'string');

        // Another token has its own count.
        assert.equal((await rankingGet(ctx, PATH, { token: other })).statusCode, 200);

        mock.timers.tick(20_500);
        const later = await rankingGet(ctx, PATH, { token });
        assert.equal(later.statusCode, 429);
        assert.equal(later.json().retry_after, 40, 'the real remaining wait, rounded up');
        assert.equal(later.headers['retry-after'], '40');

        mock.timers.tick(39_500);
        assert.equal((await rankingGet(ctx, PATH, { token })).statusCode, 200, 'a new minute');
      } finally {
        mock.timers.reset();
      }
    });

    test('rejected credentials do not use up the count of the token', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2025-06-01T01:00:00Z') });
      try {
        const token = await issueToken(ctx, '127.0.0.2');
        for (let i = 0; i < 5; i++) assert.equal((await rankingGet(ctx, PATH, { token, from: '127.0.0.3' })).statusCode, 403);
        for (let i = 0; i < 3; i++) assert.equal((await rankingGet(ctx, PATH, { token, from: '127.0.0.2' })).statusCode, 200);
        assert.equal((await rankingGet(ctx, PATH, { token, from: '127.0.0.2' })).statusCode, 429);
      } finally {
        mock.timers.reset();
      }
    });
  });

  describe(`default per-token rate limit [${store}]`, () => {
    test('60 requests a minute by default', async () => {
      const ctx = await createTestContext(store);
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2025-06-01T02:00:00Z') });
      try {
        const token = await issueToken(ctx);
        for (let i = 0; i < 60; i++) assert.equal((await rankingGet(ctx, PATH, { token })).statusCode, 200, `request ${i + 1}`);
        const limited = await rankingGet(ctx, PATH, { token, headers: { 'accept-language': 'en' } });
        assert.equal(limited.statusCode, 429);
        assert.match(limited.json().error, /60 requests a minute/);
      } finally {
        mock.timers.reset();
        await ctx.close();
      }
    });
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  describe(`per-token rate limit shared through Redis [${store}]`, { skip: redisUrl ? false : 'TEST_REDIS_URL is not set' }, () => {
    test('two instances over one database and one Redis count a token together', async () => {
      const ctx = await createTestContext(store, { RANKING_RATE_LIMIT: '4', REDIS_URL: redisUrl as string });
      const second = await createServices(ctx.config, { pollMs: 0 });
      const secondApp = await buildRankingApp(second);
      try {
        const token = await issueToken(ctx);
        const from = (app: typeof secondApp) => app.inject({ url: PATH, headers: { authorization: `Bearer ${token}` } });
        assert.equal((await from(ctx.rankingApp)).statusCode, 200);
        assert.equal((await from(secondApp)).statusCode, 200);
        assert.equal((await from(ctx.rankingApp)).statusCode, 200);
        assert.equal((await from(secondApp)).statusCode, 200);
        const limited = await from(secondApp);
        assert.equal(limited.statusCode, 429);
        const retryAfter = limited.json().retry_after;
        assert.ok(retryAfter >= 1 && retryAfter <= 60, `retry_after ${retryAfter}`);
        assert.equal((await from(ctx.rankingApp)).statusCode, 429);
      } finally {
        await secondApp.close();
        await second.close();
        await ctx.close();
      }
    });
  });
}
