// Works, the drive filter and the work page in a real browser (headless Chromium, both stores,
// LINK_CHECK=on): one card for a work on three drives with the working link first, near-misses apart,
// the chips narrowing results and counts (and remembered), the work page listing every link, a phone
// screen without sideways overflow, and axe-core on the new pages.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckOutcome, outcomeOf } from '../../src/links/link-checker.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { accessibilityProblems, chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const missing = chromiumMissing();
const alive: CheckOutcome = outcomeOf('alive', 'uc', { row: 'test' });
const dead: CheckOutcome = outcomeOf('dead', 'quark', { row: 'test' });
const KEYWORD = encodeURIComponent('闪婚老公是首富');
const MINUTE = 60_000;

for (const store of STORES) {
  describe(`works in Chromium [${store}]`, { skip: missing && process.env.CI !== 'true' ? missing : false }, () => {
    let ctx: TestContext;
    let base: string;
    const quark = 'https://pan.quark.cn/s/bshan001';
    const uc = entry({ title: '闪婚老公是首富 1080P', update_time: '2024-03-01 08:00:00', source_link: 'https://drive.uc.cn/s/bshan003' });
    before(async () => {
      ctx = await createTestContext(store, { LINK_CHECK: 'on' });
      await ctx.importEntries([
        entry({ title: '闪婚老公是首富（81集）', update_time: '2024-03-02 08:00:00', source_link: quark }),
        entry({ title: '閃婚老公是首富 全集', update_time: '2024-03-03 08:00:00', source_link: 'https://pan.baidu.com/s/1bshan002' }),
        uc,
        entry({ title: '闪婚老公是首富2', update_time: '2024-02-01 08:00:00', source_link: 'https://pan.quark.cn/s/bshan201' }),
        entry({ title: '闪婚老公是首富', type: 'tv', update_time: '2024-02-03 08:00:00', source_link: 'https://pan.quark.cn/s/bshantv1' }),
      ]);
      await ctx.services.links.health.record(uc.source_link, alive, new Date('2026-03-04T02:00:00Z'));
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => ctx.close());

    test('one card per work, the working link first; near-misses apart; the chips narrow and are remembered', async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        await page.goto(`${base}/search?keyword=${KEYWORD}`);
        assert.equal(await page.locator('li.entry.work').count(), 3, 'the work, its sequel and the tv title');
        const card = page.locator('li.entry.work', { hasText: '81 集' });
        assert.equal(await card.locator('li.work-link').count(), 3);
        assert.equal(await card.locator('.link code').first().textContent(), uc.source_link);
        assert.match((await page.locator('#results .summary').textContent()) ?? '', /共 3 条结果/);

        await page.getByRole('checkbox', { name: '百度网盘' }).check();
        await page.getByRole('button', { name: '筛选' }).click();
        await page.waitForURL(/drive=baidu/);
        assert.equal(await page.locator('li.entry.work').count(), 1);
        assert.equal(await page.locator('li.work-link').count(), 1);
        assert.match((await page.locator('#results .summary').textContent()) ?? '', /共 1 条结果/);
        await page.goto(`${base}/types/post`);
        assert.equal(await page.locator('li.entry.work').count(), 1, 'the cookie remembers the drives');
        await page.getByRole('link', { name: '全部网盘' }).click();
        assert.equal(await page.locator('li.entry.work').count(), 2);
      } finally {
        await browser.close();
      }
    });

    test('the work page lists every link; phone screens do not overflow; axe finds nothing serious', async () => {
      const browser = await launchChromium({ viewport: { width: 360, height: 740 } });
      try {
        const page = await browser.context.newPage();
        await page.goto(`${base}/search?keyword=${KEYWORD}&type=post`);
        await page.locator('li.entry.work', { hasText: '81 集' }).locator('h3 a').click();
        await page.waitForURL(/\/works\/post-[0-9a-f]{16}$/);
        assert.equal(await page.locator('li.entry').count(), 3);
        for (const path of [new URL(page.url()).pathname, `/search?keyword=${KEYWORD}`, '/types/post']) {
          await page.goto(`${base}${path}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the screen`);
          assert.deepEqual(await accessibilityProblems(page), [], path);
        }
      } finally {
        await browser.close();
      }
    });

    test("a hidden link leaves its work's card: two dead verdicts far enough apart hide it, as the catalogue does", async () => {
      // The link health store applies the visibility rule (docs/link-health.md, "Verdicts"), as checks do.
      const health = new LinkHealthStore(ctx.services.database, 30 * MINUTE);
      const t0 = Date.parse('2026-03-05T00:00:00Z');
      await health.record(quark, dead, new Date(t0));
      assert.equal((await health.record(quark, dead, new Date(t0 + 40 * MINUTE))).hidden, true);
      await ctx.services.catalogue.refresh();
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        await page.goto(`${base}/search?keyword=${KEYWORD}&type=post`);
        const card = page.locator('li.entry.work', { hasText: '1080P' });
        assert.equal(await card.locator('li.work-link').count(), 2);
        assert.equal(await card.getByText(quark).count(), 0);
        await card.locator('h3 a').click();
        await page.waitForURL(/\/works\/post-[0-9a-f]{16}$/);
        assert.equal(await page.locator('li.entry').count(), 2);
        assert.equal(await page.getByText(quark).count(), 0);
      } finally {
        await browser.close();
      }
    });
  });
}
