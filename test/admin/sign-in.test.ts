/**
 * Signing in and out of the console through HTTP, on both stores: the form, a wrong name and a wrong
 * password answered alike, the cookie's flags (Secure only over HTTPS, directly or through a trusted
 * proxy), a new session id at every sign-in, sign-out and a password change ending sessions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { AccountStore } from '../../src/admin/accounts.js';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { addAccount, form, operatorWith, PASSWORD, sessionCookieLine, setSessionCookie, signIn } from './support.js';

for (const store of STORES) {
  describe(`console sign-in (${store})`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store, { TRUST_PROXY: '10.0.0.0/8' });
      await addAccount(context.services.database, 'owner1', 'owner');
      await addAccount(context.services.database, 'mod1', 'moderator');
    });
    after(() => context.close());

    test('the form is shown; a visitor is sent to it', async () => {
      const page = await context.app.inject({ url: '/admin/login' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /name="password"/);
      const home = await context.app.inject({ url: '/admin' });
      assert.equal(home.statusCode, 303);
      assert.equal(home.headers.location, '/admin/login');
    });

    test('a wrong name and a wrong password get the same answer', async () => {
      const wrongName = await context.app.inject({
        method: 'POST',
        url: '/admin/login',
        remoteAddress: '192.0.2.1',
        ...form({ name: 'nobody', password: PASSWORD }),
      });
      const wrongPassword = await context.app.inject({
        method: 'POST',
        url: '/admin/login',
        remoteAddress: '192.0.2.2',
        ...form({ name: 'owner1', password: 'not the password' }),
      });
      assert.equal(wrongName.statusCode, 401);
      assert.equal(wrongPassword.statusCode, 401);
      const message = (body: string) => /<p class="problem"[^>]*>([^<]*)</.exec(body)?.[1];
      assert.equal(message(wrongName.body), message(wrongPassword.body));
      assert.equal(setSessionCookie(wrongName), undefined);
      assert.equal(setSessionCookie(wrongPassword), undefined);
    });

    test('the cookie: HttpOnly, SameSite=Strict, Path=/admin, Secure only over HTTPS', async () => {
      const plain = await context.app.inject({ method: 'POST', url: '/admin/login', ...form({ name: 'owner1', password: PASSWORD }) });
      const line = sessionCookieLine(plain) ?? '';
      assert.match(line, /; HttpOnly/);
      assert.match(line, /; SameSite=Strict/);
      assert.match(line, /; Path=\/admin(;|$)/);
      assert.doesNotMatch(line, /Secure/);
      const proxied = await context.app.inject({
        method: 'POST',
        url: '/admin/login',
        remoteAddress: '10.1.2.3',
        ...form({ name: 'owner1', password: PASSWORD }),
        headers: { ...form({}).headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
      });
      assert.match(sessionCookieLine(proxied) ?? '', /; Secure/);
      // An untrusted peer cannot claim HTTPS for itself.
      const claimed = await context.app.inject({
        method: 'POST',
        url: '/admin/login',
        remoteAddress: '203.0.113.9',
        ...form({ name: 'owner1', password: PASSWORD }),
        headers: { ...form({}).headers, 'x-forwarded-proto': 'https' },
      });
      assert.doesNotMatch(sessionCookieLine(claimed) ?? '', /Secure/);
    });

    test('every sign-in makes a new session id; a planted one is worth nothing', async () => {
      const first = await signIn(context.app, 'mod1');
      const again = await context.app.inject({
        method: 'POST',
        url: '/admin/login',
        ...form({ name: 'mod1', password: PASSWORD }),
        headers: { ...form({}).headers, cookie: `${SESSION_COOKIE}=${first.cookie}` },
      });
      const second = setSessionCookie(again);
      assert.ok(second);
      assert.notEqual(second, first.cookie);
      assert.equal((await first.get('/admin')).statusCode, 303, 'the session carried into the sign-in was ended');
      assert.equal((await (await operatorWith(context.app, second)).get('/admin')).statusCode, 200);
    });

    test('signing out ends the session for good and clears the cookie', async () => {
      const operator = await signIn(context.app, 'owner1');
      assert.equal((await operator.get('/admin')).statusCode, 200);
      const out = await operator.post('/admin/logout');
      assert.equal(out.statusCode, 303);
      assert.match(sessionCookieLine(out) ?? '', /Max-Age=0/);
      assert.equal((await operator.get('/admin')).statusCode, 303);
    });

    test('a password change ends every session of the account', async () => {
      await addAccount(context.services.database, 'changer', 'moderator');
      const operator = await signIn(context.app, 'changer');
      assert.equal((await operator.get('/admin')).statusCode, 200);
      assert.equal(await new AccountStore(context.services.database).setPassword('changer', 'another long password'), true);
      assert.equal((await operator.get('/admin')).statusCode, 303);
    });
  });
}

for (const store of STORES) {
  describe(`console session limits (${store})`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store);
      await addAccount(context.services.database, 'sleeper', 'moderator');
    });
    after(async () => {
      mock.timers.reset();
      await context.close();
    });

    test('a session ends after 12 hours without a request', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-03-01T08:00:00Z') });
      const operator = await signIn(context.app, 'sleeper');
      mock.timers.tick(11 * 3_600_000);
      assert.equal((await operator.get('/admin')).statusCode, 200, 'used within 12 hours: the idle clock moves');
      mock.timers.tick(11 * 3_600_000);
      assert.equal((await operator.get('/admin')).statusCode, 200, '22 hours after sign-in, 11 after the last request');
      mock.timers.tick(12 * 3_600_000 + 1000);
      assert.equal((await operator.get('/admin')).statusCode, 303, 'idle for more than 12 hours');
      mock.timers.reset();
    });

    test('a session ends 7 days after sign-in, however busy', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-04-01T08:00:00Z') });
      const operator = await signIn(context.app, 'sleeper');
      for (let hours = 0; hours < 7 * 24 - 10; hours += 10) {
        mock.timers.tick(10 * 3_600_000);
        assert.equal((await operator.get('/admin')).statusCode, 200, `after ${hours + 10} hours`);
      }
      mock.timers.tick(11 * 3_600_000);
      assert.equal((await operator.get('/admin')).statusCode, 303, 'older than 7 days');
      mock.timers.reset();
    });
  });
}
