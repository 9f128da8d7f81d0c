// The web page in a real browser (headless Chromium through playwright-core, both stores): a visitor's
// walk from home to a type, its page 2, search typed and submitted, copy, a board and the language
// switch; the hostile title as text; a phone-sized screen; no console errors or CSP violations; axe-core
// finds no serious or critical accessibility problem, light and dark; and everything without script.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatUpdateTime } from '../../src/shared/local-time.js';
import { accessibilityProblems, chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { fillBoards } from './support.js';

const XSS = '<img src=x onerror=alert(1)>';
const missing = chromiumMissing();

if (missing && process.env.CI === 'true') {
  test('the browser suite needs Chromium under CI', () => assert.fail(`${missing}; .ci/run installs it`));
}

for (const store of STORES) {
  describe(`the web page in Chromium [${store}]`, { skip: missing && process.env.CI !== 'true' ? missing : false }, () => {
    let ctx: TestContext;
    let base: string;
    before(async () => {
      ctx = await createTestContext(store);
      const now = formatUpdateTime(ctx.services.catalogue.clock.localSeconds(new Date()));
      const posts = Array.from({ length: 30 }, (_, i) =>
        entry({
          title: `霸道总裁回来了${i + 1}（80集）`,
          update_time: `2024-03-${String(i + 1).padStart(2, '0')} 10:00:00`,
          source_link: `https://pan.quark.cn/s/p${i}`,
        }),
      );
      await ctx.importEntries([
        ...posts,
        entry({ title: XSS, update_time: now, source_link: 'https://pan.baidu.com/s/xss' }),
        entry({ title: '今天的电影', type: 'movie', update_time: now, source_link: 'https://cloud.189.cn/t/m1' }),
      ]);
      await fillBoards(ctx);
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => ctx.close());

    test('a visitor walks home → type → page 2 → search → copy → board → English, with no console error', async () => {
      const browser = await launchChromium();
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('dialog', (dialog) => {
        errors.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      try {
        await page.goto(`${base}/`);
        assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
        assert.ok((await page.getByText(XSS).count()) >= 1, 'the hostile title shows as text');
        assert.equal(await page.locator('img[src="x"]').count(), 0);

        await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '短剧', exact: true }).click();
        await page.waitForURL(`${base}/types/post`);
        assert.equal(await page.locator('li.entry').count(), 20);
        await page.getByRole('link', { name: '下一页' }).click();
        await page.waitForURL(`${base}/types/post?page=2`);
        assert.equal(await page.locator('li.entry').count(), 11);

        // Submitting the form (no script involved), then typing on the search page (script fetches it).
        await page.getByLabel('搜索标题').fill('总裁');
        await page.getByLabel('搜索标题').press('Enter');
        await page.waitForURL(/\/search\?keyword=/);
        assert.match((await page.locator('#results .summary').textContent()) ?? '', /“总裁”共 30 条结果/);
        assert.equal(await page.locator('#results mark').first().textContent(), '总裁');
        await page.getByLabel('搜索标题').fill('');
        await page.getByLabel('搜索标题').pressSequentially('今天', { delay: 30 });
        await page.locator('#results .summary', { hasText: '“今天”共 1 条结果' }).waitFor();
        assert.match(page.url(), /keyword=%E4%BB%8A%E5%A4%A9/);
        await page.getByRole('button', { name: '搜索' }).click();
        await page.locator('#results mark', { hasText: '今天' }).waitFor();

        await page.getByRole('button', { name: '复制链接 今天的电影' }).click();
        await page.getByRole('button', { name: '已复制 今天的电影' }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'https://cloud.189.cn/t/m1');
        const open = page.getByRole('link', { name: '打开 今天的电影' });
        assert.equal(await open.getAttribute('rel'), 'noopener noreferrer nofollow');

        await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '排行榜' }).click();
        await page.waitForURL(`${base}/boards/hot-dramas`);
        const source = page.getByRole('link', { name: '原页面: 闪婚后傅总每天都在追妻' });
        assert.equal(await source.getAttribute('href'), 'https://search.example.com/?q=1', "the record's own page stays, second");
        await page.getByRole('link', { name: '闪婚后傅总每天都在追妻', exact: true }).click();
        await page.waitForURL(`${base}/search?keyword=${encodeURIComponent('闪婚后傅总每天都在追妻')}`);
        assert.equal(
          await page.getByRole('searchbox').first().inputValue(),
          '闪婚后傅总每天都在追妻',
          'a board title opens our own search',
        );
        await page.goBack();
        await page.getByRole('link', { name: '热门演员' }).click();
        await page.waitForURL(`${base}/boards/actors`);
        assert.ok(await page.getByText('林婉清').isVisible());

        await page.getByRole('link', { name: 'English' }).click();
        await page.waitForURL(`${base}/boards/actors`);
        assert.equal(await page.locator('html').getAttribute('lang'), 'en');
        await page.goto(`${base}/`);
        assert.equal(await page.locator('html').getAttribute('lang'), 'en', 'the choice is remembered');
        assert.ok(await page.getByRole('heading', { name: /Today's updates/ }).isVisible());
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
    });

    test('search typed with brackets searches without them and says so; nothing found offers a way on', async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        await page.goto(`${base}/`);
        await page.getByRole('searchbox').fill('霸道总裁 (第3集)');
        await page.getByRole('button', { name: '搜索' }).click();
        await page.getByText('已改为搜索“霸道总裁 第3集”').waitFor();
        assert.ok(await page.locator('#results mark', { hasText: '总裁' }).first().isVisible());
        await page.getByRole('searchbox').fill('霸道总裁去火星了');
        await page.getByRole('button', { name: '搜索' }).click();
        await page.getByText('没有找到匹配的资源。').waitFor();
        await page.getByRole('link', { name: '更短的关键词“霸道总裁”' }).click();
        await page.locator('#results mark', { hasText: '霸道总裁' }).first().waitFor();
      } finally {
        await browser.close();
      }
    });

    test('on a phone-sized screen nothing overflows sideways and the actions stay usable', async () => {
      const browser = await launchChromium({ viewport: { width: 360, height: 740 } });
      try {
        const page = await browser.context.newPage();
        for (const path of ['/', '/types/post', '/search?keyword=%E6%80%BB%E8%A3%81', '/boards/hot-dramas']) {
          await page.goto(`${base}${path}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the screen`);
        }
        const box = await page.goto(`${base}/types/post`).then(() => page.locator('a.open').first().boundingBox());
        assert.ok(box && box.height >= 44, 'the open button is a comfortable touch target');
      } finally {
        await browser.close();
      }
    });

    test('axe-core finds no serious or critical problem, in light and dark', async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const browser = await launchChromium({ colorScheme });
        try {
          const page = await browser.context.newPage();
          for (const path of [
            '/',
            '/types/post?page=2',
            '/search?keyword=%E6%80%BB%E8%A3%81',
            '/boards/actors',
            '/use-the-api',
            '/missing',
          ]) {
            await page.goto(`${base}${path}`);
            assert.deepEqual(await accessibilityProblems(page), [], `${path} (${colorScheme})`);
          }
        } finally {
          await browser.close();
        }
      }
    });

    test('without script: search and paging are plain forms and links, copy buttons stay hidden', async () => {
      const browser = await launchChromium({ javaScriptEnabled: false });
      try {
        const page = await browser.context.newPage();
        await page.goto(`${base}/`);
        assert.equal(await page.locator('button.copy:visible').count(), 0);
        await page.getByLabel('搜索标题').fill('回来');
        await page.getByRole('button', { name: '搜索' }).click();
        await page.waitForURL(/\/search\?keyword=/);
        assert.equal(await page.locator('li.entry').count(), 20);
        await page.getByRole('link', { name: '下一页' }).click();
        await page.waitForURL(/page=2/);
        assert.equal(await page.locator('li.entry').count(), 10);
      } finally {
        await browser.close();
      }
    });
  });
}
