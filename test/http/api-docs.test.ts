// The API reference on both listeners: `/openapi.json` is the committed document, `/docs` is served
// from local assets, both sit under the web page's budget (WEB_RATE_LIMIT) and cost no API quota.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../support/harness.js';
import { from } from '../support/limits.js';

describe('API reference', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext('sqlite', { RATE_LIMITS: 'on', WEB_RATE_LIMIT: '3' });
  });
  after(() => ctx.close());

  test('/openapi.json on each listener is its committed document', async () => {
    for (const [app, file, address] of [
      [ctx.app, 'docs/openapi-catalogue.json', '10.30.0.1'],
      [ctx.rankingApp, 'docs/openapi-ranking.json', '10.30.0.2'],
    ] as const) {
      const answer = await from(app, address, '/openapi.json');
      assert.equal(answer.statusCode, 200);
      assert.deepEqual(answer.json(), JSON.parse(readFileSync(file, 'utf8')));
    }
  });

  test('/docs is one HTML page with no script, its stylesheet from this server, for a phone too', async () => {
    for (const app of [ctx.app, ctx.rankingApp]) {
      const page = await from(app, '10.30.0.3', '/docs/');
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
      assert.doesNotMatch(page.body, /<script/);
      assert.match(String(page.headers['content-security-policy']), /default-src 'none'; style-src 'self'/);
      const assets = [...page.body.matchAll(/<link[^>]+href="([^"]+)"/g)].map((match) => match[1] ?? '');
      assert.equal(assets.length, 1);
      for (const asset of assets) {
        assert.match(asset, /^\/docs\/static\/reference\.[0-9a-f]{12}\.css$/);
        const css = await app.inject({ url: asset });
        assert.equal(css.statusCode, 200);
        assert.match(String(css.headers['cache-control']), /immutable/);
      }
    }
  });

  test('/docs speaks Chinese by default and English when asked; groups, summaries, required flags, key, limits', async () => {
    const zh = (await from(ctx.app, '10.30.0.5', '/docs', { 'accept-language': 'zh-CN' })).body;
    assert.match(zh, /<html lang="zh-CN">/);
    for (const group of ['资源列表', '搜索', '运行状态']) assert.match(zh, new RegExp(`<h2>${group}</h2>`));
    assert.match(zh, /按关键词搜索（相关度排序，分页）/);
    assert.match(zh, /<dt><code>keyword<\/code> <span class="required">必填<\/span>/, 'keyword of /api/search is required');
    assert.match(zh, /<code>X-API-Key<\/code>/);
    assert.match(zh, /每个地址每 3 秒只能请求 1 次.*封禁 30 分钟/);
    assert.match(zh, /本页不提供“在线试用”/);
    assert.match(zh, /curl -s -G &#39;http:\/\/localhost:80\/api\/search&#39; --data-urlencode &#39;keyword=总裁&#39;/);
    assert.doesNotMatch(zh, /Default Response/);
    for (const path of Object.keys(JSON.parse(readFileSync('docs/openapi-catalogue.json', 'utf8')).paths)) {
      assert.ok(zh.includes(`<code>${path}</code>`), `${path} is listed`);
    }
    const en = await ctx.app.inject({ url: '/docs', remoteAddress: '10.30.0.6', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    assert.match(en.body, /<html lang="en">/);
    assert.match(en.body, /Search by keyword, by relevance, a page at a time/);
    assert.match(en.body, /<span class="required">required<\/span>/);
    assert.match(en.body, /One request per 3 s per address/);
    assert.match(String(en.headers.vary), /Accept-Language/);
    assert.match((await from(ctx.app, '10.30.0.7', '/docs?lang=en')).body, /<html lang="en">/, 'the switch link');
    const cookie = await ctx.app.inject({
      url: '/docs',
      remoteAddress: '10.30.0.8',
      headers: { cookie: 'lang=en', 'accept-language': 'zh' },
    });
    assert.match(cookie.body, /<html lang="en">/, "the site's language choice holds here");
    const ranking = (await from(ctx.rankingApp, '10.30.0.9', '/docs', { 'accept-language': 'zh-CN' })).body;
    assert.match(ranking, /Authorization: Bearer dxr_…/);
    assert.match(ranking, /每个令牌每分钟 \d+ 次请求/);
    assert.doesNotMatch(ranking, /href="\/"/, 'the ranking listener has no home page to link to');
  });

  test('/docs shows each route with its method: GET routes as GET, the one POST route as POST with a JSON body and a POST example', async () => {
    const zh = (await from(ctx.app, '10.30.0.10', '/docs', { 'accept-language': 'zh-CN' })).body;
    const operations = [...zh.matchAll(/<h3><span class="method">(\w+)<\/span> <code>([^<]+)<\/code><\/h3>/g)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    const documented = Object.entries(
      JSON.parse(readFileSync('docs/openapi-catalogue.json', 'utf8')).paths as Record<string, object>,
    ).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    assert.deepEqual(operations.sort(), documented.sort());
    assert.deepEqual(
      operations.filter((operation) => !operation.startsWith('GET ')),
      ['POST /api/link-reports'],
    );
    assert.match(zh, /<h2>链接健康<\/h2>/, 'the link routes have a translated group');
    const report = zh.slice(zh.indexOf('id="post--api-link-reports"'));
    assert.match(report, /<dt><code>source_link<\/code> <span class="required">必填<\/span> <span class="in">JSON 请求体<\/span>/);
    assert.match(
      report,
      /curl -s -X POST -H &#39;Content-Type: application\/json&#39; --data &#39;\{&quot;source_link&quot;:&quot;https:\/\/pan\.quark\.cn\/s\/abcd1234&quot;\}&#39; &#39;http:\/\/localhost:80\/api\/link-reports&#39;/,
    );
    assert.match(report, /<code>OPTIONS<\/code> 预检/);
    const status = zh.slice(zh.indexOf('id="get--api-link-status"'));
    assert.match(status, /<dt><code>link<\/code> <span class="required">必填<\/span>/, 'link of /api/link-status is required');
    assert.match(
      status,
      /curl -s -G &#39;http:\/\/localhost:80\/api\/link-status&#39; --data-urlencode &#39;link=https:\/\/pan\.quark\.cn\/s\/abcd1234&#39;/,
    );
    assert.match(zh, /除 <code>POST \/api\/link-reports<\/code>/, 'the introduction names the one POST route');
    assert.match(zh, /<code>page<\/code> 超过 1000 的请求会被拒绝（400）.*<code>\/api\/contents\/\{content_type\}\/all<\/code>/);
    const en = (await from(ctx.app, '10.30.0.11', '/docs?lang=en')).body;
    assert.match(en, /<h2>Link health<\/h2>/);
    assert.match(en, /Every endpoint is GET except <code>POST \/api\/link-reports<\/code>/);
    assert.doesNotMatch(en, /<h2>other<\/h2>/, 'no route left without a group');
    assert.match(en, /Pages stop at 1000: a <code>page<\/code> past 1000 is refused \(400\)/);
    const ranking = (await from(ctx.rankingApp, '10.30.0.12', '/docs')).body;
    assert.doesNotMatch(ranking, /页码最多到 1000|Pages stop at 1000/, 'the ranking listener pages by start and hit, not page');
  });

  test('the reference costs no API quota, and has a budget of its own', async () => {
    const address = '10.30.0.4';
    assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
    // Within the API's 3-second window: the reference answers all the same, up to WEB_RATE_LIMIT a minute.
    for (const url of ['/docs', '/openapi.json', '/docs?lang=en']) assert.equal((await from(ctx.app, address, url)).statusCode, 200, url);
    const over = await from(ctx.app, address, '/openapi.json');
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().error_code, 'RATE_LIMIT_EXCEEDED');
    assert.ok(Number(over.headers['retry-after']) >= 1);
    // The API's own window was not touched by the page requests: its refusal is the first in a row.
    const api = await from(ctx.app, address, '/api/types');
    assert.equal(api.statusCode, 429);
    assert.match(api.json().detail, /violation 1 in a row/);
  });

  test('the reference paths are not in the documents', () => {
    for (const file of ['docs/openapi-catalogue.json', 'docs/openapi-ranking.json']) {
      const paths = Object.keys(JSON.parse(readFileSync(file, 'utf8')).paths);
      assert.ok(!paths.some((path) => path.startsWith('/docs') || path === '/openapi.json'), file);
    }
  });
});
