// `/metrics` after a mix of requests on both listeners: each counter moved by what those requests did,
// routes are labelled by pattern (never by raw URL), and the gauges read the services' state.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiKeyStore } from '../../src/limits/api-keys.js';
import { buildMetricsApp } from '../../src/observability/metrics-app.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { from } from '../support/limits.js';

/** The value of one sample in a Prometheus text exposition, or 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

for (const store of STORES) {
  describe(`metrics [${store}]`, () => {
    let ctx: TestContext;
    let text: string;

    before(async () => {
      ctx = await createTestContext(store, { RATE_LIMITS: 'on', EXEMPT_ADDRESSES: '10.20.0.9' });
      await ctx.importEntries([
        entry({ title: '霸道总裁爱上我', type: 'post' }),
        entry({ title: '繁花', type: 'tv' }),
        entry({ title: '流浪地球', type: 'movie' }),
      ]);
      const { app, rankingApp } = ctx;
      await from(app, '10.20.0.1', '/api/contents?page=1'); // allowed
      for (let i = 0; i < 5; i++) await from(app, '10.20.0.1', '/api/contents?page=2'); // 4 refused, then blacklisted
      await from(app, '10.20.0.2', '/api/search?keyword=%E6%80%BB%E8%A3%81'); // allowed, a 2-character search
      await from(app, '10.20.0.3', '/api/contents/movie/all'); // allowed, builds the dump
      await from(app, '10.20.0.4', '/api/contents/movie/all'); // allowed, served from the ready dump
      await from(app, '10.20.0.5', '/api/no/such/path'); // allowed, 404
      await from(app, '10.20.0.9', '/api/types'); // exempt
      await from(app, '10.20.0.6', '/api/types', { 'x-api-key': 'dk_not_a_key' }); // 401
      const { key } = await new ApiKeyStore(ctx.services.database).create(50, 'metrics test');
      await ctx.services.limits?.sync();
      await from(app, '10.20.0.7', '/api/types', { 'x-api-key': key }); // keyed
      await rankingApp.inject({ url: '/api/extrank/movie/hot' }); // no token
      await rankingApp.inject({ url: '/api/extrank/movie/hot', headers: { authorization: 'Bearer nonsense' } });
      await ctx.services.limits?.blacklist.settle();
      const metrics = ctx.services.metrics;
      assert.ok(metrics, 'METRICS_PORT=0 keeps metrics on');
      const metricsApp = buildMetricsApp(metrics, ctx.services.log);
      const scraped = await metricsApp.inject({ url: '/metrics' });
      assert.equal(scraped.statusCode, 200);
      assert.match(String(scraped.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      text = scraped.body;
      await metricsApp.close();
    });

    after(() => ctx.close());

    test('requests by listener, route pattern, method and status', () => {
      const count = (labels: Record<string, string>) => sample(text, 'dramadex_http_request_duration_seconds_count', labels);
      assert.equal(count({ listener: 'catalogue', route: '/api/contents', method: 'GET', status_code: '200' }), 1);
      assert.equal(count({ listener: 'catalogue', route: '/api/contents', method: 'GET', status_code: '429' }), 5);
      assert.equal(count({ listener: 'catalogue', route: '/api/contents/:content_type/all', status_code: '200' }), 2);
      assert.equal(count({ listener: 'catalogue', route: '(unmatched)', status_code: '404' }), 1);
      assert.equal(count({ listener: 'catalogue', route: '/api/types', status_code: '401' }), 1);
      assert.equal(count({ listener: 'ranking', route: '/api/extrank/movie/hot', status_code: '401' }), 2);
      assert.ok(!text.includes('page=2') && !text.includes('keyword='), 'no raw URL becomes a label');
      assert.ok(
        sample(text, 'dramadex_http_request_duration_seconds_bucket', { route: '/api/contents', status_code: '200', le: '+Inf' }) === 1,
      );
    });

    test('limiter decisions, blacklist size and the Redis fallback state', () => {
      const decided = (decision: string) => sample(text, 'dramadex_limit_decisions_total', { decision });
      assert.equal(decided('allowed'), 5);
      assert.equal(decided('refused'), 4);
      assert.equal(decided('blacklisted'), 1);
      assert.equal(decided('exempt'), 1);
      assert.equal(decided('unknown_key'), 1);
      assert.equal(decided('keyed'), 1);
      assert.equal(sample(text, 'dramadex_blacklisted_addresses'), 1);
      assert.equal(sample(text, 'dramadex_redis_fallback'), 0);
    });

    test('catalogue, search, full dumps and ranking authentications', () => {
      assert.equal(sample(text, 'dramadex_catalogue_entries', { type: 'post' }), 1);
      assert.equal(sample(text, 'dramadex_catalogue_entries', { type: 'movie' }), 1);
      assert.equal(sample(text, 'dramadex_catalogue_entries', { type: 'xuexi' }), 0);
      assert.ok(sample(text, 'dramadex_catalogue_revision') >= 1);
      assert.ok(text.includes('dramadex_catalogue_refresh_age_seconds '));
      assert.equal(sample(text, 'dramadex_search_duration_seconds_count', { keyword_class: 'cjk_2' }), 1);
      assert.equal(sample(text, 'dramadex_full_dump_requests_total', { result: 'build' }), 1);
      assert.equal(sample(text, 'dramadex_full_dump_requests_total', { result: 'hit' }), 1);
      assert.equal(sample(text, 'dramadex_ranking_authentications_total', { outcome: 'missing' }), 1);
      assert.equal(sample(text, 'dramadex_ranking_authentications_total', { outcome: 'malformed' }), 1);
      assert.ok(sample(text, 'process_resident_memory_bytes') > 0, 'the default process metrics are there');
    });
  });
}

describe('metrics switched off', () => {
  test('METRICS_PORT=off: no registry, and requests are still answered', async () => {
    const ctx = await createTestContext('sqlite', { METRICS_PORT: 'off' });
    try {
      assert.equal(ctx.services.metrics, undefined);
      assert.equal((await ctx.app.inject({ url: '/api/types' })).statusCode, 200);
    } finally {
      await ctx.close();
    }
  });
});
