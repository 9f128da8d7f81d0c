/**
 * Every console page on a phone (390 px wide), in Chinese and in English, in headless Chromium, both
 * stores (docs/console.md, "Pages"): no page scrolls sideways, no box scrolls inside it, no word or name
 * breaks across lines or sticks out of its box (tables become stacked cards, labels beside values); and a
 * page in Chinese shows no English word of the console's text tables (roles, verdicts, audit actions,
 * poll outcomes, type ids, rejection reasons), outside the stored text it quotes (titles, links, names).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { FixtureTelegram } from '../sources/fixture-telegram.js';
import { chromiumMissing } from '../support/chromium.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { signedInPage } from './browser-sign-in.js';
import { HIDE_AT_ONCE, recordVerdicts } from './seeded-verdicts.js';
import { addAccount, menuPages, signIn } from './support.js';
import { englishWordsIn, TABLE_WORDS } from './text-table-words.js';

const missing = chromiumMissing();
const skip = missing && process.env.CI !== 'true' ? missing : false;
const PAGES = menuPages({ '/admin/entries': ['/admin/entries?q=%E5%89%A7', '/admin/entries?hidden=only'] });
const quark = (id: string) => `https://pan.quark.cn/s/${id}`;

if (missing && process.env.CI === 'true') {
  test('the phone-page suite needs Chromium under CI', () => assert.fail(`${missing}; .ci/run installs it`));
}

/**
 * What is wrong with the page's layout at this width: sideways scrolling (the page or a box inside it),
 * a word broken across lines (letters and digits: names, times, ids), or a word wider than the box that
 * holds it. Links and keys may wrap anywhere (`overflow-wrap: anywhere`), as a URL has no spaces.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1)
        problems.push(`<${element.tagName.toLowerCase()} class="${element.className}"> scrolls sideways`);
    }
    const segmenter = new Intl.Segmenter(root.lang, { granularity: 'word' });
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent ?? '';
      if (!element || !text.trim() || element.closest('.skip, .visually-hidden, thead, script, style')) continue;
      const style = getComputedStyle(element);
      if (style.overflowWrap === 'anywhere' || element.getClientRects().length === 0) continue;
      let block: HTMLElement = element;
      while (getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
      const blockStyle = getComputedStyle(block);
      const room = block.clientWidth - Number.parseFloat(blockStyle.paddingLeft) - Number.parseFloat(blockStyle.paddingRight);
      canvas.font = style.font;
      const where = `<${element.tagName.toLowerCase()}> "${text.trim().slice(0, 40)}"`;
      for (const { segment, index, isWordLike } of segmenter.segment(text)) {
        if (!isWordLike) continue;
        const width = canvas.measureText(segment).width;
        if (width > room + 1)
          problems.push(`"${segment}" (${Math.round(width)} px) is wider than its box (${Math.round(room)} px) in ${where}`);
        if (!/[\p{L}\p{N}]{2,}/u.test(segment) || /\p{Script=Han}/u.test(segment)) continue;
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + segment.length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
        if (lines.size > 1) problems.push(`"${segment}" breaks across ${lines.size} lines in ${where}`);
      }
    }
    return [...new Set(problems)];
  });
}

/** The page's words outside stored text (titles, links, names, reasons typed by operators). */
function ownWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('[data-stored], code, pre, .link, .card-title, .who, .lang, script, style')) continue;
      parts.push(node.textContent ?? '');
    }
    for (const button of document.querySelectorAll('button, option'))
      if (!button.closest('[data-stored]')) parts.push(button.textContent ?? '');
    return parts.join(' ');
  });
}

for (const store of STORES) {
  describe(`console pages on a phone, one language a page [${store}]`, { skip }, () => {
    let ctx: TestContext;
    let telegram: FixtureTelegram;
    let base: string;
    before(async () => {
      telegram = new FixtureTelegram();
      ctx = await createTestContext(store, {
        TELEGRAM_ORIGIN: await telegram.listen(),
        ...HIDE_AT_ONCE,
      });
      await addAccount(ctx.services.database, 'alice', 'owner');
      await addAccount(ctx.services.database, 'bob', 'moderator');
      await ctx.importEntries([
        entry({ title: '手机上看的剧', source_link: quark('phone1'), type: 'post' }),
        entry({ title: '外部来源的剧', source_link: quark('phone2'), type: 'extsrc' }),
        entry({ title: '已经失效的剧', source_link: quark('phone3'), type: 'post' }),
      ]);
      await recordVerdicts(ctx, { hidden: [quark('phone3')], alive: [quark('phone1')] });
      const report = await ctx.app.inject({ method: 'POST', url: '/api/link-reports', payload: { source_link: quark('phone2') } });
      assert.equal(report.statusCode, 202, report.body);
      telegram.channel('phone_channel', [
        { id: 1, time: '2024-06-03T10:00:00+00:00', html: '频道的剧<br>https://pan.quark.cn/s/phonech1' },
      ]);
      telegram.channel('quiet_channel', [], 'no-preview');
      const alice = await signIn(ctx.app, 'alice');
      for (const [url, fields] of [
        ['/admin/keys', { rate: '5', label: '手机测试用的密钥' }],
        ['/admin/takedowns', { link: quark('gone1'), match: 'exact', reason: '版权方要求' }],
        ['/admin/sources', { kind: 'telegram', target: 'phone_channel' }],
        ['/admin/sources', { kind: 'telegram', target: 'quiet_channel', confirm: '1' }],
      ] as const) {
        const answer = await alice.post(url, fields);
        assert.ok(answer.statusCode < 400, `${url}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
      }
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      await ctx.close();
      await telegram.close();
    });

    for (const locale of ['zh-CN', 'en-US'] as const) {
      test(`every page at 390 px in ${locale}: no sideways scroll, no broken word${locale === 'zh-CN' ? ', no English word' : ''}`, async () => {
        const { browser, page } = await signedInPage(base, 'alice', { viewport: { width: 390, height: 844 }, locale });
        const problems: string[] = [];
        const checkPage = async (where: string) => {
          for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
          if (locale !== 'zh-CN') return;
          assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN', where);
          for (const word of englishWordsIn(await ownWords(page), TABLE_WORDS)) problems.push(`${where}: shows the English word "${word}"`);
        };
        try {
          for (const path of PAGES) {
            await page.goto(`${base}${path}`);
            await checkPage(path);
          }
          // The answers of forms: an import's dry run with rejected rows, and a removal's confirm step.
          await page.goto(`${base}/admin/import`);
          const rows = `${JSON.stringify(entry({ title: '导入的剧', source_link: quark('import1') }))}\n{"title":"坏行"}\n{"title":"x","source_link":"ftp://x","type":"post","update_time":"2024-06-01 10:00:00"}\n`;
          // The file's name is shown as typed (stored text), so it is named in Chinese here.
          await page.setInputFiles('#import-file', { name: '剧集.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(rows) });
          await Promise.all([page.waitForLoadState(), page.click('main form[action^="/admin/import"] button[type=submit]')]);
          await page.locator('#rejected').waitFor();
          await checkPage('the import dry run');
          await page.goto(`${base}/admin/entries?q=%E5%89%A7`);
          await Promise.all([
            page.waitForURL(`${base}/admin/entries/remove`),
            page.locator('form[action="/admin/entries/remove"] button').first().click(),
          ]);
          await checkPage('the remove confirm step');
          assert.deepEqual(problems, []);
        } finally {
          await browser.close();
        }
      });
    }
  });
}
