/**
 * Letting a provider held by the dead-rate ceiling hide entries again, from the console in headless
 * Chromium, both stores (docs/console.md, "Links and reports"; docs/link-health.md): the links page offers "allow" on
 * the held provider only; clicking it asks again on a page that says what it will do; confirming answers
 * with the links page, the allowance until a time written the console's way, the form gone, and the audit
 * record's row in the page's language, its time the console's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { consoleTime } from '../../src/admin/console-time.js';
import { chromiumMissing } from '../support/chromium.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { signedInPage } from './browser-sign-in.js';
import { addAccount } from './support.js';

const missing = chromiumMissing();
const HOURS = 6;
/** What an element says, all of its text. */
const text = async (locator: Locator) => (await locator.textContent()) ?? '';

if (missing && process.env.CI === 'true') {
  test('the breaker allow browser test needs Chromium under CI', () => assert.fail(`${missing}; .ci/run installs it`));
}

for (const store of STORES) {
  describe(`allow past the dead-rate ceiling in Chromium [${store}]`, {
    skip: missing && process.env.CI !== 'true' ? missing : false,
  }, () => {
    let ctx: TestContext;
    let base: string;
    before(async () => {
      ctx = await createTestContext(store);
      await addAccount(ctx.services.database, 'ceiling-mod', 'moderator');
      // Five deads in a row from the first verdict: above the ceiling (0.5 of at least 5), so tianyi is held.
      const guards = ctx.services.links.guards;
      for (let at = 0; at < 5; at++) {
        const step = await guards.observeDecisive('tianyi', true, Date.now());
        await guards.observeCeiling('tianyi', step.seen, true, Date.now());
      }
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => ctx.close());

    test('click allow on the held provider, confirm, see it allowed and audited in Chinese', async () => {
      const { browser, page } = await signedInPage(base, 'ceiling-mod', { viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
      try {
        await page.goto(`${base}/admin/links`);
        const allow = page.locator('form[action="/admin/links/breaker/allow"]');
        assert.equal(await allow.count(), 1, 'only the held provider offers allow');
        assert.equal(await allow.locator('input[name="provider"]').inputValue(), 'tianyi');
        await allow.locator('input[name="hours"]').fill(String(HOURS));
        await Promise.all([page.waitForLoadState(), allow.locator('button[type=submit]').click()]);
        await page.locator('button[data-confirm]').waitFor();
        assert.match(await text(page.locator('h1')), /tianyi/);
        assert.match(await text(page.locator('#confirm-facts')), /5\/5 · 0\.5[\s\S]*6/);
        assert.equal((await ctx.services.links.guards.state('tianyi', Date.now())).ceilingAllowedUntil, 0, 'asking changes nothing');

        await Promise.all([page.waitForLoadState(), page.locator('button[data-confirm]').click()]);
        const until = (await ctx.services.links.guards.state('tianyi', Date.now())).ceilingAllowedUntil;
        assert.ok(until > Date.now() + (HOURS - 1) * 3_600_000 && until <= Date.now() + HOURS * 3_600_000, String(until));
        const shown = consoleTime(until, ctx.config.catalogueTimeZone);
        const notice = await text(page.locator('main p.notice'));
        assert.ok(notice.includes(`tianyi 的死链结论可以隐藏条目，直到 ${shown}`), notice);
        assert.match(await text(page.locator('td[data-ceiling="tianyi"]')), new RegExp(`放行至 ${shown}`));
        assert.equal(await page.locator('form[action="/admin/links/breaker/allow"]').count(), 0, 'an allowed provider offers no allow');

        await page.goto(`${base}/admin/audit`);
        const row = page.locator('#audit tr', { has: page.locator('td[data-action="breaker allow"]') });
        assert.match(await text(row), new RegExp(`放行熔断[\\s\\S]*tianyi[\\s\\S]*死链结论可越过上限，直到 ${shown}`));
      } finally {
        await browser.close();
      }
    });
  });
}
