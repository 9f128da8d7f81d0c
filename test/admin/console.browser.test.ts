/**
 * The console's own pages in headless Chromium (playwright-core, both stores): sign in through the form,
 * the overview, keys (create one: shown once), accounts, sign out, and the old cookie refused afterwards;
 * on a phone-sized screen nothing scrolls sideways; axe-core finds no serious or critical accessibility
 * problem on any of these pages, light or dark; no console error or CSP violation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { accessibilityProblems, chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { addAccount, PASSWORD } from './support.js';

const missing = chromiumMissing();

if (missing && process.env.CI === 'true') {
  test('the console browser suite needs Chromium under CI', () => assert.fail(`${missing}; .ci/run installs it`));
}

for (const store of STORES) {
  describe(`the console in Chromium [${store}]`, { skip: missing && process.env.CI !== 'true' ? missing : false }, () => {
    let context: TestContext;
    let base: string;
    before(async () => {
      context = await createTestContext(store);
      await addAccount(context.services.database, 'browser-owner', 'owner');
      base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => context.close());

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`sign in, every page, sign out; phone-sized, accessible (${colorScheme})`, async () => {
        const browser = await launchChromium({ viewport: { width: 390, height: 844 }, colorScheme });
        const page = await browser.context.newPage();
        const errors: string[] = [];
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        page.on('pageerror', (error) => errors.push(error.message));
        const check = async (where: string) => {
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.equal(sideways, 0, `${where} scrolls sideways`);
          assert.deepEqual(await accessibilityProblems(page), [], where);
        };
        try {
          await page.goto(`${base}/admin`);
          assert.equal(new URL(page.url()).pathname, '/admin/login');
          await check('sign-in');
          await page.fill('#name', 'browser-owner');
          await page.fill('#password', PASSWORD);
          await Promise.all([page.waitForURL(`${base}/admin`), page.click('main button[type=submit]')]);
          await check('overview');
          const cookie = (await browser.context.cookies()).find((item) => item.name === 'dramadex_admin');
          assert.ok(cookie?.httpOnly && cookie.sameSite === 'Strict' && cookie.path === '/admin');

          await page.click('nav a[href="/admin/keys"]');
          await check('keys');
          await page.fill('#rate', '4');
          await page.click('main form[action="/admin/keys"] button[type=submit]');
          assert.match((await page.textContent('#new-key')) ?? '', /^ddx_/);
          await check('keys after creating one');

          await page.click('nav a[href="/admin/accounts"]');
          assert.match((await page.textContent('main')) ?? '', /browser-owner/);
          await check('accounts');

          await Promise.all([
            page.waitForURL(`${base}/admin/login?signed-out=1`),
            page.click('header form[action="/admin/logout"] button'),
          ]);
          assert.equal(await page.locator('#signed-out').count(), 1, 'the page says the operator is signed out');
          const stale = await fetch(`${base}/admin`, { headers: { cookie: `dramadex_admin=${cookie?.value}` }, redirect: 'manual' });
          assert.equal(stale.status, 303, 'the old cookie is refused after signing out');
          assert.deepEqual(errors, []);
        } finally {
          await browser.close();
        }
      });
    }
  });
}
