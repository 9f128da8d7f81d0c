// The operator console in a real browser (headless Chromium through playwright-core, both stores;
// docs/console.md): an owner signs in with the form, acts on every page with plain forms (entries, a
// prefix takedown that asks first, an import dry run then applied, a channel added with its first poll,
// links, reports, the audit record, keys, accounts), signs out, and the old cookie is refused afterwards.
// Every page passes an axe-core scan with no violation at all, shows a hostile title as text, raises no
// console error or CSP violation, and fits a phone's width without scrolling sideways. A channel whose
// first poll fails is shown as a failure and saved only once confirmed, the form keeping what was typed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import { FixtureTelegram } from '../sources/fixture-telegram.js';
import { accessibilityProblems, chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { signedInPage } from './browser-sign-in.js';
import { addAccount, menuPages, PASSWORD } from './support.js';

const XSS = '<img src=x onerror=alert(1)>';
const missing = chromiumMissing();
const PAGES = menuPages({ '/admin/entries': ['/admin/entries?q=%E6%B5%8F%E8%A7%88'] });
const link = (name: string) => `https://pan.example.com/s/browser-${name}`;

if (missing && process.env.CI === 'true') {
  test('the console browser suite needs Chromium under CI', () => assert.fail(`${missing}; .ci/run installs it`));
}

/** Whether the page is wider than the screen (a phone would scroll sideways). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

for (const store of STORES) {
  describe(`the console in Chromium [${store}]`, { skip: missing && process.env.CI !== 'true' ? missing : false }, () => {
    let ctx: TestContext;
    let telegram: FixtureTelegram;
    let base: string;
    before(async () => {
      telegram = new FixtureTelegram();
      ctx = await createTestContext(store, { TELEGRAM_ORIGIN: await telegram.listen() });
      await addAccount(ctx.services.database, 'browser-owner', 'owner');
      const entry = (name: string, title: string) => ({
        title,
        source_link: link(name),
        type: 'post' as const,
        update_time: '2024-06-01 10:00:00',
      });
      await ctx.importEntries([entry('x1', `浏览${XSS}`), entry('p1', '浏览前缀一'), entry('p2', '浏览前缀二'), entry('r1', '浏览删除')]);
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      await ctx.close();
      await telegram.close();
    });

    test('sign in, act on every page, sign out; the old cookie is refused', async () => {
      const browser = await launchChromium();
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('dialog', (dialog) => {
        errors.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      try {
        await page.goto(`${base}/admin`);
        await page.waitForURL(`${base}/admin/login`);
        await page.fill('input[name="name"]', 'browser-owner');
        await page.fill('input[name="password"]', PASSWORD);
        await Promise.all([page.waitForURL(`${base}/admin`), page.press('input[name="password"]', 'Enter')]);

        // Entries: the hostile title is text; remove one.
        await page.goto(`${base}/admin/entries`);
        await page.fill('input[name="q"]', '浏览');
        await Promise.all([page.waitForURL(/\/admin\/entries\?q=/), page.press('input[name="q"]', 'Enter')]);
        assert.ok((await page.getByText(`浏览${XSS}`).count()) >= 1, 'the hostile title shows as text');
        assert.equal(await page.locator('img[src="x"]').count(), 0);
        const removable = page.locator('li.card', { hasText: '浏览删除' });
        // Removing asks first, naming the title; confirmed, it redirects (POST/redirect/GET), so a reload only reads.
        await Promise.all([page.waitForURL(`${base}/admin/entries/remove`), removable.getByRole('button', { name: '删除' }).click()]);
        assert.match((await page.textContent('#confirm-facts')) ?? '', /浏览删除/);
        await Promise.all([page.waitForURL(/\/admin\/entries\?q=.*done=removed/), page.click('[data-confirm]')]);
        assert.match((await page.textContent('main p.notice')) ?? '', /已删除《浏览删除/);
        assert.equal(await page.locator('li.card', { hasText: '浏览删除' }).count(), 0);
        await page.reload();
        assert.match((await page.textContent('main p.notice')) ?? '', /已删除《浏览删除/);

        // A prefix takedown: counted first, then confirmed.
        await page.goto(`${base}/admin/takedowns`);
        await page.fill('#takedown-link', link('p'));
        await page.check('input[name="match"][value="prefix"]');
        await page.fill('#takedown-reason', '浏览器测试');
        await Promise.all([page.waitForURL(`${base}/admin/takedowns`), page.getByRole('button', { name: '添加下架' }).click()]);
        assert.match((await page.locator('#would-remove').textContent()) ?? '', /共有 2 条/);
        assert.deepEqual(await accessibilityProblems(page, 'all'), [], 'the check-your-answers page');
        await page.getByRole('button', { name: '确认下架' }).click();
        await page.getByText(/已下架 .*browser-p，删除了 2 条。/).waitFor();
        assert.equal(new URL(page.url()).searchParams.get('done'), 'taken', 'POST/redirect/GET: a reload only reads');

        // Import: a dry run lists the rejected line; then applied.
        const rows = `${JSON.stringify({ title: '浏览导入', source_link: link('i1'), type: 'post', update_time: '2024-06-02 10:00:00' })}\n{"title":"坏行"}\n`;
        await page.goto(`${base}/admin/import`);
        const file = { name: 'rows.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(rows) };
        await page.setInputFiles('#import-file', file);
        await Promise.all([page.waitForURL(`${base}/admin/import`), page.getByRole('button', { name: '上传' }).click()]);
        assert.ok(!page.url().includes('_csrf'), 'the token is never in the address');
        assert.match((await page.locator('#rejected').textContent()) ?? '', /2\s*链接缺失/);
        assert.deepEqual(await accessibilityProblems(page, 'all'), [], 'the dry run');
        // The checked file is kept for the confirm step: applied without choosing it again.
        await page.click('[data-apply-checked]');
        await page.getByText(/已导入（ndjson）：新增 1/).waitFor();

        // A channel added, with its first poll.
        telegram.channel('browser_channel', [
          { id: 1, time: '2024-06-03T10:00:00+00:00', html: '浏览频道<br>https://pan.quark.cn/s/browserch1' },
        ]);
        await page.goto(`${base}/admin/sources`);
        await page.fill('#source-target', 'browser_channel');
        await page.getByRole('button', { name: '添加来源' }).click();
        await page.getByText(/已添加来源 browser_channel，首次拉取：新增 1/).waitFor();

        // A link checked from the links page.
        await page.goto(`${base}/admin/links`);
        await page.fill('#probe-link', link('i1'));
        await page.getByRole('button', { name: '复查链接' }).first().click();
        await page.getByText(/复查结果：不支持/).waitFor();

        // The record shows the account's changes.
        await page.goto(`${base}/admin/audit`);
        for (const action of ['remove', 'takedown add', 'import', 'sources add', 'sources poll', 'links check'])
          assert.ok(
            (await page.locator('#audit tr', { hasText: 'browser-owner' }).locator(`td[data-action="${action}"]`).count()) >= 1,
            action,
          );

        // Every page: no accessibility violation, desktop and phone; no sideways scroll on a phone.
        for (const path of PAGES) {
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.goto(`${base}${path}`);
          assert.deepEqual(await accessibilityProblems(page, 'all'), [], `${path} on a desktop`);
          await page.setViewportSize({ width: 360, height: 740 });
          await page.goto(`${base}${path}`);
          assert.equal(await overflows(page), false, `${path} fits a phone`);
          assert.deepEqual(await accessibilityProblems(page, 'all'), [], `${path} on a phone`);
        }

        // Sign out; the cookie the browser had is refused from then on.
        const old = (await browser.context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
        assert.ok(old, 'the browser held the session cookie');
        await page.goto(`${base}/admin`);
        await Promise.all([page.waitForURL(`${base}/admin/login?signed-out=1`), page.getByRole('button', { name: '退出登录' }).click()]);
        assert.match((await page.textContent('#signed-out')) ?? '', /已退出登录/);
        const replayed = await ctx.app.inject({ url: '/admin/audit', headers: { cookie: `${SESSION_COOKIE}=${old.value}` } });
        assert.equal(replayed.statusCode, 303);
        assert.equal(replayed.headers.location, '/admin/login');
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
    });

    test('a failed first poll is a failure, saved only when confirmed; t.me/name is taken', async () => {
      telegram.channel('private_chan', [], 'no-preview');
      telegram.channel('open_chan', [{ id: 1, time: '2024-06-03T10:00:00+00:00', html: '新剧<br>https://pan.quark.cn/s/srcbrowser1' }]);
      const { browser, page } = await signedInPage(base, 'browser-owner');
      try {
        await page.goto(`${base}/admin/sources`);

        await page.fill('#source-target', '@private_chan');
        await page.selectOption('#source-type', 'movie');
        await page.click('main form[action="/admin/sources"] button[type=submit]');
        await page.waitForLoadState();
        assert.equal(await page.locator('main p.failure[role=alert]').count(), 1, 'the failed poll is a failure');
        assert.equal(await page.locator('main p.notice').count(), 0, 'never the success bar');
        assert.equal(await page.locator('li.card', { hasText: 'private_chan' }).count(), 0, 'not saved yet');
        assert.equal(await page.inputValue('#source-target'), '@private_chan', 'what was typed is kept');
        assert.equal(await page.inputValue('#source-type'), 'movie');

        await page.click('[data-save-anyway]');
        await page.waitForLoadState();
        assert.equal(await page.locator('main p.failure').count(), 1);
        assert.equal(await page.locator('li.card', { hasText: 'private_chan' }).count(), 1, 'saved once confirmed');

        await page.locator('li.card', { hasText: 'private_chan' }).locator('form[action="/admin/sources/poll"] button').click();
        await page.waitForLoadState();
        assert.equal(await page.locator('main p.failure').count(), 1, 'poll now: a failure too');

        await page.fill('#source-target', 't.me/open_chan');
        await page.click('main form[action="/admin/sources"] button[type=submit]');
        await page.waitForLoadState();
        assert.equal(await page.locator('main p.notice').count(), 1, (await page.textContent('main')) ?? '');
        assert.equal(await page.locator('li.card', { hasText: 'open_chan' }).count(), 1);
      } finally {
        await browser.close();
      }
    });
  });
}
