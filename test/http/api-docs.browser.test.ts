// `/docs` rendered by a real browser (headless Chromium): the page loads its assets from this server
// and lists every path of the catalogue document. Skipped where Chromium is not installed, except under
// CI=true, where a missing browser fails the suite (`apt-get install -y chromium`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext } from '../support/harness.js';
import { listen } from '../support/net.js';

const missing = chromiumMissing();
const skip = missing && process.env.CI !== 'true' ? missing : false;

test('/docs renders in Chromium and lists every catalogue path', { skip, timeout: 120_000 }, async () => {
  assert.ok(!missing, `CI needs Chromium: ${missing}`);
  const ctx = await createTestContext('sqlite');
  const browser = await launchChromium();
  try {
    const port = await listen(ctx.app);
    const page = await browser.context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`http://127.0.0.1:${port}/`) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await page.goto(`http://127.0.0.1:${port}/docs`);
    const expected = Object.keys((ctx.app.swagger() as { paths: Record<string, unknown> }).paths);
    await page.waitForSelector('.opblock-summary-path', { timeout: 60_000 });
    const listed = await page.$$eval('.opblock-summary-path', (nodes) =>
      nodes.map((node) => (node.getAttribute('data-path') ?? node.textContent ?? '').replace(/\u200b/g, '')),
    );
    assert.ok(expected.length >= 7);
    for (const path of expected) assert.ok(listed.includes(path), `${path} is listed (listed: ${listed.join(', ')})`);
    assert.deepEqual(elsewhere, [], 'every asset comes from this server');
  } finally {
    await browser.close();
    await ctx.close();
  }
});
