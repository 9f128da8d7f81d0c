/**
 * Why this exists: docs/console.md shows the console as it looks. This takes those pictures with the same
 * headless Chromium the browser suites use: the demo catalogue in a throw-away SQLite file, an owner made
 * as `dramadex admin add` makes one, the catalogue app on a free local port, a sign-in through the form,
 * then the overview and the entries page (a search for 总裁) on a desktop and on a phone, saved as
 * docs/console-{dashboard,entries}-{desktop,phone}.png.
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
import { launchChromium } from '../test/support/chromium.js';

const PASSWORD = 'screenshots only';
const dir = mkdtempSync(join(tmpdir(), 'dramadex-console-screens-'));
const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'demo.db')}`, LOG_LEVEL: 'warn' });
const services = await createServices(config, { pollMs: 0 });
const app = await buildCatalogueApp(services);
try {
  await loadDemoData(services, () => undefined);
  await new AccountStore(services.database).add('alice', 'owner', PASSWORD);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const screens = [
    { name: 'desktop', viewport: { width: 1280, height: 1000 } },
    { name: 'phone', viewport: { width: 390, height: 844 } },
  ];
  const pages = [
    { name: 'dashboard', path: '/admin' },
    { name: 'entries', path: `/admin/entries?q=${encodeURIComponent('总裁')}` },
  ];
  for (const screen of screens) {
    const browser = await launchChromium({ viewport: screen.viewport });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${base}/admin/login`);
      await page.fill('input[name="name"]', 'alice');
      await page.fill('input[name="password"]', PASSWORD);
      await Promise.all([page.waitForURL(`${base}/admin`), page.press('input[name="password"]', 'Enter')]);
      for (const shot of pages) {
        const file = `docs/console-${shot.name}-${screen.name}.png`;
        await page.goto(`${base}${shot.path}`);
        await page.screenshot({ path: file });
        process.stdout.write(`saved ${file}\n`);
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await app.close();
  await services.close();
  rmSync(dir, { recursive: true, force: true });
}
