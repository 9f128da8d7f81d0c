/**
 * The reports inbox in headless Chromium (docs/console.md, "The reports inbox"), both stores: a report sent through
 * the API stays on `/admin/reports` through the check it asked for (the verdict is added to the report,
 * the count and first/last time kept), a re-check from the inbox answers with the inbox again and says a
 * dead link as a warning, not a success, and only a dismissal empties it; the overview counts the open
 * report. With LINK_CHECK=off the public page still offers the report form, the report arrives, and the
 * inbox says that checks are off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckOutcome, outcomeOf } from '../../src/links/link-checker.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from '../links/fixture-providers.js';
import { chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { signedInPage } from './browser-sign-in.js';
import { addAccount } from './support.js';

const missing = chromiumMissing();
const skip = missing && process.env.CI !== 'true' ? missing : false;
const outcome = (verdict: CheckOutcome['verdict']): CheckOutcome => outcomeOf(verdict, 'quark', { row: 'test', status: 200 });

async function report(base: string, link: string): Promise<void> {
  const answer = await fetch(`${base}/api/link-reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source_link: link }),
  });
  assert.equal(answer.status, 202, await answer.text());
}

for (const store of STORES) {
  describe(`console: the reports inbox in Chromium [${store}]`, { skip }, () => {
    let ctx: TestContext;
    let providers: FixtureProviders;
    let base: string;
    const link = fixtureLink('quark', 'dead1');
    before(async () => {
      providers = await startFixtureProviders();
      ctx = await createTestContext(store, { LINK_CHECK: 'on', LINK_CHECK_ORIGINS: providers.origins });
      await ctx.importEntries([entry({ title: '被举报的剧', source_link: link })]);
      await addAccount(ctx.services.database, 'inbox-mod', 'moderator');
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      await ctx.close();
      await providers.close();
    });

    test('a report stays through its check, a re-check keeps it, a dismissal handles it', async () => {
      await report(base, link);
      await report(base, link);
      // The check the report asked for records its verdict as the scheduler does: the report stays open.
      await ctx.services.links.health.record(link, outcome('dead'), new Date(Date.now() + 1_000));
      const { browser, page } = await signedInPage(base, 'inbox-mod');
      try {
        await page.click('nav a[href="/admin/reports"]');
        const card = page.locator('li.report', { hasText: '被举报的剧' });
        assert.equal(await card.count(), 1, 'the checked report is still in the inbox');
        assert.equal((await card.locator('[data-report-count]').textContent())?.trim(), '2');
        assert.match((await card.locator('[data-since-report]').textContent()) ?? '', /失效/);
        assert.equal(await page.locator('[data-checks-off]').count(), 0);

        // Re-check from the inbox: the answer is the inbox, the dead verdict a warning, the report kept.
        await card.locator('form[action="/admin/links/check"] button').click();
        await page.waitForLoadState();
        assert.equal(await page.locator('main p.warning[role=alert]').count(), 1, 'a dead link is a warning');
        assert.equal(await page.locator('main p.notice').count(), 0, 'and not a success');
        assert.equal(await page.locator('li.report', { hasText: '被举报的剧' }).count(), 1);

        // The overview counts it.
        const overview = await fetch(`${base}/admin`, { headers: { cookie: await cookieOf(browser) } });
        assert.match(await overview.text(), /data-open-reports="1"/);

        await page.locator('li.report', { hasText: '被举报的剧' }).locator('form[action="/admin/reports/dismiss"] button').click();
        await page.waitForLoadState();
        assert.equal(await page.locator('li.report').count(), 0, 'dismissed: the inbox is empty');
      } finally {
        await browser.close();
      }
    });
  });

  describe(`console: reports with LINK_CHECK=off [${store}]`, { skip }, () => {
    let ctx: TestContext;
    let base: string;
    const link = 'https://pan.quark.cn/s/offreport1';
    before(async () => {
      ctx = await createTestContext(store, { LINK_CHECK: 'off' });
      await ctx.importEntries([entry({ title: '关着检查的剧', source_link: link })]);
      await addAccount(ctx.services.database, 'inbox-off', 'moderator');
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => ctx.close());

    test('the public page offers the report form, the report arrives, the inbox says checks are off', async () => {
      const visitor = await launchChromium({ javaScriptEnabled: false });
      try {
        const page = await visitor.context.newPage();
        await page.goto(`${base}/types/post`);
        const form = page.locator('li.entry', { hasText: '关着检查的剧' }).locator('form.report');
        assert.equal(await form.count(), 1, 'the report button shows with checks off');
        await Promise.all([page.waitForLoadState(), form.locator('button').click()]);
      } finally {
        await visitor.close();
      }
      const { browser, page } = await signedInPage(base, 'inbox-off');
      try {
        await page.goto(`${base}/admin/reports`);
        assert.equal(await page.locator('[data-checks-off]').count(), 1);
        assert.equal(await page.locator('li.report', { hasText: '关着检查的剧' }).count(), 1);
      } finally {
        await browser.close();
      }
    });
  });
}

async function cookieOf(browser: Awaited<ReturnType<typeof launchChromium>>): Promise<string> {
  const cookie = (await browser.context.cookies()).find((item) => item.name === 'dramadex_admin');
  return `dramadex_admin=${cookie?.value ?? ''}`;
}
