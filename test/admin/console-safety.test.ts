/**
 * The console's safety rules through HTTP, on both stores (docs/console.md, "Safety", "Sessions"): CSRF
 * tokens on every state-changing form (missing, wrong or another session's: 403 and nothing changes), the
 * sign-in form refused from another site, the CSP with `frame-ancestors 'none'` on every page, hostile
 * text from sources and key labels escaped, the first-run page naming `dramadex admin add`, and the keys
 * page creating a key shown once and revoking it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiKeyStore } from '../../src/limits/api-keys.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { addAccount, csrfOf, form, signIn } from './support.js';

const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>';

for (const store of STORES) {
  describe(`console safety [${store}]`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store);
    });
    after(() => context.close());

    test('with no account, /admin and the sign-in page say so and name the command', async () => {
      for (const url of ['/admin', '/admin/login']) {
        const page = await context.app.inject({ url });
        assert.equal(page.statusCode, 200, url);
        assert.match(page.body, /dramadex admin add/, url);
      }
      await addAccount(context.services.database, 'keeper', 'owner');
      await addAccount(context.services.database, 'helper', 'moderator');
      assert.equal((await context.app.inject({ url: '/admin' })).statusCode, 303);
    });

    test('a form without its CSRF token, or with a wrong or another session’s, is 403 and changes nothing', async () => {
      const owner = await signIn(context.app, 'keeper');
      const other = await signIn(context.app, 'helper');
      const keys = new ApiKeyStore(context.services.database);
      const before = (await keys.list()).length;
      for (const token of [undefined, '', 'x'.repeat(43), other.csrf]) {
        const fields: Record<string, string> = token === undefined ? { rate: '5' } : { rate: '5', _csrf: token };
        const response = await context.app.inject({
          method: 'POST',
          url: '/admin/keys',
          ...form(fields),
          headers: { ...form({}).headers, cookie: `dramadex_admin=${owner.cookie}` },
        });
        assert.equal(response.statusCode, 403, `token ${String(token)}`);
      }
      assert.equal((await keys.list()).length, before, 'no key was created');
      const signOut = await context.app.inject({
        method: 'POST',
        url: '/admin/logout',
        headers: { cookie: `dramadex_admin=${owner.cookie}` },
      });
      assert.equal(signOut.statusCode, 403, 'signing out needs the token too');
      assert.equal((await owner.get('/admin')).statusCode, 200, 'the session lives on');
    });

    test('the sign-in form posted from another site is refused', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/admin/login',
        ...form({ name: 'keeper', password: 'correct horse battery' }),
        headers: { ...form({}).headers, 'sec-fetch-site': 'cross-site' },
      });
      assert.equal(response.statusCode, 403);
      assert.equal(response.headers['set-cookie'], undefined);
    });

    test('without Sec-Fetch-Site, Origin and then Referer must name the console itself (login CSRF)', async () => {
      const post = (headers: Record<string, string>) =>
        context.app.inject({
          method: 'POST',
          url: '/admin/login',
          ...form({ name: 'keeper', password: 'correct horse battery' }),
          headers: { ...form({}).headers, host: 'console.example', ...headers },
        });
      const hostile: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://console.example.evil.example' },
        { referer: 'https://evil.example/login.html' },
        { referer: 'not a url' },
        { origin: 'https://evil.example', referer: 'http://console.example/admin/login' },
      ];
      for (const headers of hostile) {
        const refused = await post(headers);
        assert.equal(refused.statusCode, 403, JSON.stringify(headers));
        assert.equal(refused.headers['set-cookie'], undefined);
      }
      assert.equal((await post({ origin: 'http://console.example' })).statusCode, 303, 'its own origin');
      assert.equal((await post({ referer: 'http://console.example/admin/login' })).statusCode, 303, 'its own page');
      assert.equal((await post({})).statusCode, 303, 'a script sends neither');
    });

    test('every console page carries the CSP with frame-ancestors none, nosniff and no-store', async () => {
      const owner = await signIn(context.app, 'keeper');
      const answers = [
        await context.app.inject({ url: '/admin/login' }),
        await owner.get('/admin'),
        await owner.get('/admin/keys'),
        await owner.get('/admin/accounts'),
        await owner.get('/admin/no-such-page'),
        await (await signIn(context.app, 'helper')).get('/admin/keys'),
      ];
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 200, 200, 200, 404, 403],
      );
      for (const answer of answers) {
        assert.match(String(answer.headers['content-security-policy']), /frame-ancestors 'none'/);
        assert.match(String(answer.headers['content-security-policy']), /default-src 'none'/);
        assert.equal(answer.headers['x-content-type-options'], 'nosniff');
        assert.equal(answer.headers['cache-control'], 'no-store');
      }
    });

    test('hostile text from a source and a key label is escaped', async () => {
      await context.services.database.db
        .insertInto('sources')
        .values({
          name: `evil${HOSTILE}`,
          kind: 'telegram',
          settings: '{}',
          every_minutes: 30,
          last_outcome: 'failed',
          last_error: HOSTILE,
          next_poll_at: new Date().toISOString(),
          created_at: new Date().toISOString(),
        })
        .execute();
      await new ApiKeyStore(context.services.database).create(3, HOSTILE);
      const owner = await signIn(context.app, 'keeper');
      for (const url of ['/admin', '/admin/keys']) {
        const page = await owner.get(url);
        assert.equal(page.statusCode, 200, url);
        assert.ok(!page.body.includes('<script>alert'), `${url} escapes <script>`);
        assert.ok(!page.body.includes('<img src=x'), `${url} escapes <img>`);
        assert.match(page.body, /&lt;script&gt;alert/, url);
      }
    });

    test('the overview shows a paused provider with its reason, escaped', async () => {
      await context.services.links.guards.pause('quark', Date.now(), 3_600_000, `canary said ${HOSTILE}`);
      const owner = await signIn(context.app, 'keeper');
      const page = await owner.get('/admin', { 'accept-language': 'en' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<td[^>]*>quark<\/td>[\s\S]*?paused until \d{4}-[^<]*canary said &lt;script&gt;/);
      assert.match(page.body, /breaker closed/);
      assert.ok(!page.body.includes('<script>alert'));
    });

    test('keys: created and shown once, listed by prefix only, revoked by id', async () => {
      const owner = await signIn(context.app, 'keeper');
      const created = await owner.post('/admin/keys', { rate: '7', label: 'partner' });
      assert.equal(created.statusCode, 200);
      const key = /<code id="new-key">([^<]+)<\/code>/.exec(created.body)?.[1];
      assert.ok(key?.startsWith('ddx_'));
      const listed = await owner.get('/admin/keys');
      assert.ok(!listed.body.includes(key as string), 'the list never shows the key again');
      const row = (await new ApiKeyStore(context.services.database).list()).find((item) => item.label === 'partner');
      assert.equal(row?.ratePerSecond, 7);
      assert.equal((await owner.post('/admin/keys', { rate: '0' })).statusCode, 400);
      const asked = await owner.post('/admin/keys/revoke', { id: String(row?.id), _csrf: csrfOf(listed.body) });
      assert.match(asked.body, /id="confirm-facts"[\s\S]*partner/, 'revoking asks first, naming the key');
      assert.ok(!(await new ApiKeyStore(context.services.database).list()).find((item) => item.id === row?.id)?.revokedAt);
      const revoked = await owner.post('/admin/keys/revoke', { id: String(row?.id), confirm: '1' });
      assert.equal(revoked.statusCode, 303, 'POST/redirect/GET');
      assert.match((await owner.get(String(revoked.headers.location))).body, /class="notice"/);
      const after = (await new ApiKeyStore(context.services.database).list()).find((item) => item.id === row?.id);
      assert.ok(after?.revokedAt);
      assert.equal((await owner.post('/admin/keys/revoke', { id: String(row?.id), confirm: '1' })).statusCode, 404, 'already revoked');
    });
  });
}
