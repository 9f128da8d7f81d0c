// The committed OpenAPI documents must match what the code declares. After changing a route schema,
// regenerate them with `npm run openapi` and commit the result.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { createTestContext } from './support/harness.js';

const DOCUMENTS = [
  { file: 'docs/openapi-catalogue.json', app: 'app' as const },
  { file: 'docs/openapi-ranking.json', app: 'rankingApp' as const },
];

test('docs/openapi-*.json match the route schemas', async () => {
  const ctx = await createTestContext('sqlite');
  try {
    for (const { file, app } of DOCUMENTS) {
      await ctx[app].ready();
      const generated = `${JSON.stringify(ctx[app].swagger(), null, 2)}\n`;
      if (process.env.UPDATE_OPENAPI === '1') writeFileSync(file, generated);
      const committed = readFileSync(file, 'utf8');
      assert.equal(committed, generated, `${file} is out of date: run npm run openapi`);
    }
    // The PanSou interface's document is its own (src/pansou/openapi.ts), served at {base}/openapi.json.
    const pansou = await ctx.app.inject({ method: 'GET', url: '/pansou/openapi.json' });
    assert.equal(pansou.statusCode, 200);
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync('docs/openapi-pansou.json', pansou.body);
    assert.equal(
      readFileSync('docs/openapi-pansou.json', 'utf8'),
      pansou.body,
      'docs/openapi-pansou.json is out of date: run npm run openapi',
    );
  } finally {
    await ctx.close();
  }
});
