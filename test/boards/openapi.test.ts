// The ranking listener's OpenAPI document: every ranking path, the bearer scheme on each, the decisions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestContext } from '../support/harness.js';

interface Operation {
  security?: unknown;
  parameters?: Array<{ name: string; in: string }>;
}

test('the ranking OpenAPI document lists every ranking path behind bearerAuth, and not the WeChat callback', async () => {
  const ctx = await createTestContext('sqlite', { WECHAT_TOKEN: 'wechat-token', RANKING_RATE_LIMIT: '90' });
  try {
    await ctx.rankingApp.ready();
    const doc = ctx.rankingApp.swagger() as {
      info: { description: string; version: string };
      paths: Record<string, { get: Operation }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    assert.deepEqual(Object.keys(doc.paths).sort(), [
      '/api/drama-actors',
      '/api/drama-actors/female',
      '/api/drama-actors/hot-dramas',
      '/api/drama-actors/male',
      '/api/extrank/anime/hot',
      '/api/extrank/drama/hot',
      '/api/extrank/movie/hot',
      '/api/extrank/tv/hot',
      '/api/extrank/variety/hot',
    ]);
    for (const [path, item] of Object.entries(doc.paths)) assert.deepEqual(item.get.security, [{ bearerAuth: [] }], path);
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'dxr_ followed by 43 base64url characters',
    });
    assert.deepEqual(
      doc.paths['/api/extrank/tv/hot']?.get.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`),
      ['query:start', 'query:hit'],
    );
    assert.equal(doc.info.version, '2.2.1');
    assert.match(doc.info.description, /90 requests a minute/);
    assert.match(doc.info.description, /WWW-Authenticate: Bearer/);
  } finally {
    await ctx.close();
  }
});
