/**
 * The catalogue listener's real answers against docs/openapi-catalogue.json, on both stores: for every
 * documented route a success (200, and 304 where documented) and its errors (400 for a bad parameter
 * where it has one, 429 from the limits for every route) are validated against the published schemas.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Contract, type Route } from '../support/contract.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { from, LIMITS_ON } from '../support/limits.js';

/** A request URL for a documented path: `{content_type}` is a real type, required values are given. */
function urlOf(route: Route, query: Record<string, string> = {}): string {
  const path = route.path.replace('{content_type}', 'post');
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** A link the catalogue holds, for the link-health routes. */
const HELD_LINK = 'https://pan.quark.cn/s/contract1';
const SUCCESS_QUERY: Record<string, Record<string, string>> = {
  '/api/search': { keyword: '测试' },
  '/api/link-status': { link: HELD_LINK },
};
/** A parameter each route refuses with 400 (routes without parameters have none). */
const BAD_QUERY: Record<string, Record<string, string>> = {
  '/api/link-reports': { source_link: '' },
  '/api/contents': { page: '0' },
  '/api/contents/{content_type}': { limit: '101' },
  '/api/search': { keyword: '' },
  '/api/link-status': { link: '' },
};

/** One request to a route, from an address: GETs with their query, the link report as a JSON body. */
function ask(
  app: TestContext['app'],
  address: string,
  route: Route,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  if (route.method === 'GET') return from(app, address, urlOf(route, query), headers);
  return app.inject({
    method: route.method as 'POST',
    url: urlOf(route),
    remoteAddress: address,
    headers: { 'accept-language': 'en', ...headers },
    payload: 'source_link' in query ? { source_link: query.source_link } : { source_link: HELD_LINK },
  });
}

for (const store of STORES) {
  describe(`the catalogue contract (docs/openapi-catalogue.json) [${store}]`, () => {
    const contract = new Contract('docs/openapi-catalogue.json');
    let ctx: TestContext;
    let address = 0;
    const fresh = () => `10.1.0.${++address}`;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      await ctx.importEntries([
        entry({ title: '测试短剧甲' }),
        entry({ title: '测试电影', type: 'movie' }),
        entry({ source_link: HELD_LINK }),
      ]);
    });
    after(() => ctx.close());

    test('every route: success and 304 answers match their documented schema', async () => {
      for (const route of contract.routes()) {
        const url = urlOf(route, SUCCESS_QUERY[route.path]);
        const response = await ask(ctx.app, fresh(), route, SUCCESS_QUERY[route.path]);
        assert.equal(response.statusCode, route.method === 'POST' ? 202 : 200, `${url}: ${response.body}`);
        contract.check(route, response, url);
        const etag = response.headers.etag;
        if (route.operation.responses['304'] && typeof etag === 'string') {
          const notModified = await ask(ctx.app, fresh(), route, SUCCESS_QUERY[route.path], { 'if-none-match': etag });
          assert.equal(notModified.statusCode, 304, url);
          contract.check(route, notModified, `${url} If-None-Match`);
        }
      }
    });

    test('every route: a refused request (429) and a bad parameter (400) match the error schema', async () => {
      for (const route of contract.routes()) {
        const url = urlOf(route, SUCCESS_QUERY[route.path]);
        const address = fresh();
        await ask(ctx.app, address, route, SUCCESS_QUERY[route.path]);
        const refused = await ask(ctx.app, address, route, SUCCESS_QUERY[route.path]);
        assert.equal(refused.statusCode, 429, `${url}: ${refused.body}`);
        contract.check(route, refused, `${url} again`);
        const bad = BAD_QUERY[route.path];
        if (bad) {
          const response = await ask(ctx.app, fresh(), route, bad);
          assert.equal(response.statusCode, 400, `${urlOf(route, bad)}: ${response.body}`);
          contract.check(route, response, urlOf(route, bad));
        }
        if (route.path.includes('{content_type}')) {
          const unknownType = route.path.replace('{content_type}', 'nope');
          const response = await from(ctx.app, fresh(), unknownType);
          assert.equal(response.statusCode, 400, unknownType);
          contract.check(route, response, unknownType);
        }
      }
    });

    test('no documented route went unchecked', () => contract.assertCovered());

    test('an answer that breaks its schema is caught', () => {
      const [route] = contract.routes() as [Route];
      const broken = { statusCode: 200, body: '{"success":true}', json: () => ({ success: true }) };
      assert.throws(() => contract.check(route, broken as never), /must have required property 'message'/);
    });
  });
}
