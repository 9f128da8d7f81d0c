/**
 * Why this exists: docs/console.md shows the console's overview as it looks. This signs in to the console
 * with the same headless Chromium the browser suites use (the demo catalogue in a throw-away SQLite file,
 * an owner account made as `dramadex admin add` makes it) and saves the overview on a desktop (light) and a
 * phone (dark) as docs/console-desktop.png and docs/console-phone.png, and the entries page (a search for
 * 总裁) as docs/console-entries-desktop.png and docs/console-entries-phone.png, and the reports inbox (two
 * demo links reported) as docs/console-reports-phone.png and docs/console-reports-desktop.png, and the
 * audit record on a phone in Chinese (tables as stacked cards) as docs/console-audit-phone.png, failing if a phone page scrolls sideways.
 *
 *   scripts/with-node.sh 24 npx tsx scripts/console-screenshots.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountStore } from '../src/admin/accounts.js';
import { buildCatalogueApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { loadDemoData } from '../src/demo/load-demo-data.js';
import { createServices } from '../src/services.js';
import { parseShareLink } from '../src/shared/share-links.js';
import { launchChromium } from '../test/support/chromium.js';

const PASSWORD = 'screenshot password';
const dir = mkdtempSync(join(tmpdir(), 'dramadex-console-screens-'));
const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'demo.db')}`, LOG_LEVEL: 'warn', LANGUAGE: 'en' });
const services = await createServices(config, { pollMs: 0 });
const app = await buildCatalogueApp(services);
try {
  await loadDemoData(services, () => undefined);
  await new AccountStore(services.database).add('operator', 'owner', PASSWORD);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const entries = `/admin/entries?q=${encodeURIComponent('总裁')}`;
  // Two demo links reported (one twice), so the reports inbox has something to show.
  const links = await services.database.db.selectFrom('entries').select('source_link').orderBy('id').limit(200).execute();
  const reportable = links.map((row) => row.source_link).filter((link) => parseShareLink(link));
  for (const link of [reportable[0], reportable[0], reportable[1]]) if (link) await services.links.report(link);
  const shots = [
    { file: 'docs/console-desktop.png', path: '/admin', viewport: { width: 1280, height: 1000 }, colorScheme: 'light' as const },
    { file: 'docs/console-phone.png', path: '/admin', viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const },
    { file: 'docs/console-entries-desktop.png', path: entries, viewport: { width: 1280, height: 1000 }, colorScheme: 'light' as const },
    { file: 'docs/console-entries-phone.png', path: entries, viewport: { width: 390, height: 844 }, colorScheme: 'light' as const },
    {
      file: 'docs/console-reports-phone.png',
      path: '/admin/reports',
      viewport: { width: 390, height: 844 },
      colorScheme: 'light' as const,
    },
    {
      file: 'docs/console-reports-desktop.png',
      path: '/admin/reports',
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light' as const,
    },
    // A phone in Chinese: the tables as stacked cards, labels beside values.
    {
      file: 'docs/console-audit-phone.png',
      path: '/admin/audit',
      viewport: { width: 390, height: 844 },
      colorScheme: 'light' as const,
      locale: 'zh-CN',
    },
  ];
  for (const shot of shots) {
    const browser = await launchChromium({
      viewport: shot.viewport,
      colorScheme: shot.colorScheme,
      locale: 'locale' in shot ? shot.locale : 'en',
    });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${base}/admin/login`);
      await page.fill('#name', 'operator');
      await page.fill('#password', PASSWORD);
      await Promise.all([page.waitForURL(`${base}/admin`), page.click('button[type=submit]')]);
      if ('locale' in shot) await page.goto(`${base}/admin/language/zh?next=${encodeURIComponent(shot.path)}`);
      else if (shot.path !== '/admin') await page.goto(`${base}${shot.path}`);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (sideways > 0) throw new Error(`${shot.file}: the page scrolls sideways by ${sideways}px`);
      await page.screenshot({ path: shot.file, fullPage: shot.path === '/admin' });
      process.stdout.write(`saved ${shot.file}\n`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await app.close();
  await services.close();
  rmSync(dir, { recursive: true, force: true });
}
