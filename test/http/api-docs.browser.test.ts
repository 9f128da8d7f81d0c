// `/docs` rendered by a real browser (headless Chromium) on a phone-sized screen: the page loads its one
// stylesheet from this server, lists every path of the catalogue document, fits the screen (nothing
// overflows sideways), and its language switch turns it to English. Skipped where Chromium is not
// installed, except under CI=true, where a missing browser fails the suite (`apt-get install -y chromium`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext } from '../support/harness.js';
import { listen } from '../support/net.js';

const missing = chromiumMissing();
const skip = missing && process.env.CI !== 'true' ? missing : false;

test('/docs on a phone: every catalogue path, styled, no sideways overflow, a working language switch', {
  skip,
  timeout: 120_000,
}, async () => {
  assert.ok(!missing, `CI needs Chromium: ${missing}`);
  const ctx = await createTestContext('sqlite');
  const browser = await launchChromium({ viewport: { width: 390, height: 844 } });
  try {
    const port = await listen(ctx.app);
    const page = await browser.context.newPage();
    const elsewhere: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`http://127.0.0.1:${port}/`)) elsewhere.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`http://127.0.0.1:${port}/docs`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
    const expected = Object.keys((ctx.app.swagger() as { paths: Record<string, unknown> }).paths);
    const listed = await page.locator('article.operation h3 code').allTextContents();
    assert.ok(expected.length >= 7);
    assert.deepEqual([...listed].sort(), [...expected].sort());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `nothing overflows sideways (${overflow}px)`);
    const method = await page
      .locator('.method')
      .first()
      .evaluate((node) => getComputedStyle(node).borderTopLeftRadius);
    assert.notEqual(method, '0px', 'the stylesheet applied');
    assert.ok(await page.getByRole('heading', { name: '限额' }).isVisible());

    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/docs\?lang=en$/);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.ok(await page.getByRole('heading', { name: 'Limits' }).isVisible());
    await page.getByRole('link', { name: '/api/search' }).click();
    assert.ok(await page.locator('#get--api-search').getByText('required').isVisible());
    assert.deepEqual(elsewhere, [], 'every request goes to this server');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await ctx.close();
  }
});
