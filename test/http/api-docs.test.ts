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

  test('/docs is an HTML page whose scripts and styles come from this server', async () => {
    for (const app of [ctx.app, ctx.rankingApp]) {
      const page = await from(app, '10.30.0.3', '/docs/');
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
      assert.ok(assets.length > 0);
      for (const asset of assets) assert.ok(!/^(https?:)?\/\//.test(asset), `${asset} is local`);
    }
  });

  test('the reference costs no API quota, and has a budget of its own', async () => {
    const address = '10.30.0.4';
    assert.equal((await from(ctx.app, address, '/api/types')).statusCode, 200);
    // Within the API's 3-second window: the reference answers all the same, up to WEB_RATE_LIMIT a minute.
    for (const url of ['/docs', '/openapi.json', '/docs/json']) assert.equal((await from(ctx.app, address, url)).statusCode, 200, url);
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
