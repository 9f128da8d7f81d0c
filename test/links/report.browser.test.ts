// The link notes and the "report a broken link" form in a real browser (headless Chromium, both stores,
// LINK_CHECK=on, no script): a card says when its link was last found working or that it needs a code,
// and submitting the form posts the report (the link moves to the head of the queue) and shows the thanks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckOutcome, outcomeOf } from '../../src/links/link-checker.js';
import { chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const missing = chromiumMissing();
const outcome = (verdict: CheckOutcome['verdict']): CheckOutcome => outcomeOf(verdict, 'quark', { row: 'test' });

for (const store of STORES) {
  describe(`links: notes and the report form in Chromium [${store}]`, {
    skip: missing && process.env.CI !== 'true' ? missing : false,
  }, () => {
    let ctx: TestContext;
    let base: string;
    const working = entry({ title: '能打开的剧', source_link: 'https://pan.quark.cn/s/works0001' });
    const coded = entry({ title: '要提取码的剧', source_link: 'https://pan.quark.cn/s/coded0001' });
    const fresh = entry({ title: '还没查过的剧', source_link: 'https://pan.quark.cn/s/fresh0001' });
    const silent = entry({ title: '查不了的剧', source_link: 'https://pan.quark.cn/s/silent001' });
    const elsewhere = entry({ title: '别处的剧', source_link: 'https://example.com/video/1' });
    before(async () => {
      ctx = await createTestContext(store, { LINK_CHECK: 'on' });
      await ctx.importEntries([working, coded, fresh, silent, elsewhere]);
      await ctx.services.links.health.record(silent.source_link, outcome('unknown'), new Date('2026-03-04T02:00:00Z'));
      await ctx.services.links.health.record(working.source_link, outcome('alive'), new Date('2026-03-04T02:00:00Z'));
      await ctx.services.links.health.record(coded.source_link, outcome('locked'), new Date('2026-03-04T02:00:00Z'));
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => ctx.close());

    test('a card shows its link note; the form reports without script', async () => {
      const browser = await launchChromium({ javaScriptEnabled: false });
      try {
        const page = await browser.context.newPage();
        await page.goto(`${base}/types/post`);
        const card = page.locator('li.entry', { hasText: '能打开的剧' });
        assert.equal(await card.locator('.link-note').textContent(), '2026-03-04 确认可用');
        assert.equal(await page.locator('li.entry', { hasText: '要提取码的剧' }).locator('.link-note').textContent(), '需要提取码');

        assert.equal(await page.locator('li.entry', { hasText: '还没查过的剧' }).locator('.link-note').textContent(), '尚未检查');
        assert.equal(await page.locator('li.entry', { hasText: '查不了的剧' }).locator('.link-note').textContent(), '最近无法检查');
        // A link of no provider we check offers no report button: its report could ask for no check.
        assert.equal(await page.locator('li.entry', { hasText: '别处的剧' }).locator('form.report').count(), 0);

        await page.getByRole('button', { name: '报告失效 能打开的剧' }).click();
        await page.getByRole('heading', { name: '已收到报告' }).waitFor();
        // The thanks page is the site's (its header and style), and leads back to the page the report came from.
        assert.equal((await page.locator('header').count()) > 0, true);
        await page.getByRole('link', { name: '返回刚才的页面' }).click();
        await page.waitForURL(`${base}/types/post`);
        const queued = await ctx.services.database.db
          .selectFrom('link_states')
          .select(['priority', 'reported_at'])
          .where('source_link', '=', working.source_link)
          .executeTakeFirstOrThrow();
        assert.equal(queued.priority, 0, 'the reported link is at the head of the queue');
        assert.ok(queued.reported_at);
        // A report alone hides nothing.
        assert.equal((await ctx.services.links.health.status(working.source_link))?.hidden, false);
      } finally {
        await browser.close();
      }
    });
  });
}
