/**
 * The PanSou interface's real answers against docs/openapi-pansou.json, on both stores: every documented
 * route and method answered with a success and with an error, each validated against the published
 * schema for its status (a 400 for a bad field, a 429 from the limits, a 503 from health with the store gone).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE, ENTRIES } from '../pansou/support.js';
import { Contract, type Route } from '../support/contract.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { LIMITS_ON } from '../support/limits.js';

const GOOD: Record<string, { query?: string; body?: unknown }> = {
  'GET /api/search': { query: `?kw=${encodeURIComponent('逆袭')}&res=all` },
  'POST /api/search': { body: { kw: '逆袭', res: 'all' } },
  'GET /api/health': {},
  'POST /api/check/links': {
    body: {
      items: [
        { disk_type: 'quark', url: ENTRIES.quark?.source_link, password: 'ab12' },
        { disk_type: 'quark', url: 'https://pan.quark.cn/s/elsewhere1', password: '' },
      ],
    },
  },
};
const BAD: Record<string, { query?: string; body?: unknown }> = {
  'GET /api/search': { query: '?kw=' },
  'POST /api/search': { body: { kw: '逆袭', res: 'bad' } },
  'POST /api/check/links': { body: { items: [] } },
};

for (const store of STORES) {
  describe(`the PanSou contract (docs/openapi-pansou.json) [${store}]`, () => {
    const contract = new Contract('docs/openapi-pansou.json');
    let ctx: TestContext;
    let address = 0;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      await ctx.importEntries(Object.values(ENTRIES));
    });
    after(() => ctx.close());

    const ask = (route: Route, request: { query?: string; body?: unknown }, from: string) =>
      ctx.app.inject({
        method: route.method as 'GET' | 'POST',
        url: `${BASE}${route.path}${request.query ?? ''}`,
        ...(route.method === 'POST' ? { payload: request.body as object } : {}),
        remoteAddress: from,
        headers: { 'accept-language': 'en' },
      });

    test('every route: a success, a bad request and a refusal match their documented schemas', async () => {
      for (const route of contract.routes()) {
        const key = `${route.method} ${route.path}`;
        const ok = await ask(route, GOOD[key] ?? {}, `10.3.0.${++address}`);
        assert.equal(ok.statusCode, 200, `${key}: ${ok.body}`);
        contract.check(route, ok, 'success');
        const bad = BAD[key];
        if (bad) {
          const refused = await ask(route, bad, `10.3.0.${++address}`);
          assert.equal(refused.statusCode, 400, `${key}: ${refused.body}`);
          contract.check(route, refused, 'bad request');
        }
        if (route.operation.responses['429']) {
          const from = `10.3.0.${++address}`;
          let last = await ask(route, GOOD[key] ?? {}, from);
          for (let index = 0; index < 6 && last.statusCode !== 429; index++) last = await ask(route, GOOD[key] ?? {}, from);
          assert.equal(last.statusCode, 429, key);
          contract.check(route, last, 'limited');
        }
      }
      await ctx.services.database.close();
      const health = contract.routes().find((route) => route.path === '/api/health') as Route;
      const down = await ask(health, {}, '10.3.1.1');
      assert.equal(down.statusCode, 503);
      contract.check(health, down, 'store gone');
      contract.assertCovered();
    });
  });
}
