/**
 * The console spends neither the catalogue API's per-address budget nor the web page's (docs/console.md,
 * "Safety"): many console requests from one address, then that address's first API request and first
 * page are still answered; the limits are on, as the second API request's 429 shows. With the page on and
 * off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiKeyStore } from '../../src/limits/api-keys.js';
import { createTestContext, type TestContext } from '../support/harness.js';
import { addAccount, signIn } from './support.js';

for (const web of ['on', 'off']) {
  describe(`the console and the limits (WEB=${web})`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext('sqlite', { RATE_LIMITS: 'on', WEB: web, WEB_RATE_LIMIT: '1' });
      await addAccount(context.services.database, 'busy', 'owner');
    });
    after(() => context.close());

    test('console requests are not counted by the API or the page budget', async () => {
      const remoteAddress = '198.51.100.30';
      const operator = await signIn(context.app, 'busy', undefined, remoteAddress);
      for (let n = 0; n < 5; n++) {
        assert.equal((await context.app.inject({ url: '/admin/login', remoteAddress })).statusCode, 200);
        const page = await context.app.inject({ url: '/admin', remoteAddress, headers: { cookie: `dramadex_admin=${operator.cookie}` } });
        assert.equal(page.statusCode, 200);
        assert.equal(page.headers.ratelimit, undefined, 'no API limit headers on a console page');
      }
      assert.equal((await context.app.inject({ url: '/admin/nothing-here', remoteAddress })).statusCode, 303);
      if (web === 'on')
        assert.equal((await context.app.inject({ url: '/', remoteAddress })).statusCode, 200, "the page's budget is untouched");
      assert.equal((await context.app.inject({ url: '/api/contents', remoteAddress })).statusCode, 200, "the API's budget is untouched");
      assert.equal((await context.app.inject({ url: '/api/contents', remoteAddress })).statusCode, 429, 'the limits are on');
    });

    test("the keys page shows a key's last use, recorded on the key poll", async () => {
      const { key, row } = await new ApiKeyStore(context.services.database).create(5, 'used-key');
      const limits = context.services.limits as NonNullable<typeof context.services.limits>;
      await limits.sync();
      const owner = await signIn(context.app, 'busy');
      const lastUsed = async () => {
        const page = await owner.get('/admin/keys', { 'accept-language': 'en' });
        const cells = new RegExp(
          `<td[^>]*>${row.id}</td>[\\s\\S]*?<td[^>]*>used-key</td>\\s*<td[^>]*><span class="nowrap">([^<]*)</span></td>`,
        ).exec(page.body);
        return cells?.[1];
      };
      assert.equal(await lastUsed(), 'never');
      assert.equal((await context.app.inject({ url: '/api/contents', headers: { 'x-api-key': key } })).statusCode, 200);
      await limits.sync();
      assert.match((await lastUsed()) ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    });
  });
}
