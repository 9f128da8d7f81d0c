/**
 * Why this exists: docs/web.md shows the web page as it looks. This takes those pictures with the same
 * headless Chromium the browser suite uses: the demo catalogue and boards in a throw-away SQLite file,
 * the catalogue app on a free local port, then the home page on a desktop (light) and the search page on
 * a phone (dark), saved as docs/web-desktop.png and docs/web-phone.png; and on a phone (light) the API
 * reference and a ranking board, saved as docs/api-docs-phone.png and docs/board-phone.png; and the work
 * with the most links among the search's cards, as a card on a desktop and a phone (docs/work-card-desktop.png, docs/work-card-phone.png) and as its own
 * page on a desktop and a phone (docs/work-desktop.png, docs/work-phone.png).
 *
 *   scripts/with-node.sh 24 npx tsx scripts/web-screenshots.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCatalogueApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { loadDemoData } from '../src/demo/load-demo-data.js';
import { createServices } from '../src/services.js';
import { launchChromium } from '../test/support/chromium.js';

const dir = mkdtempSync(join(tmpdir(), 'dramadex-screens-'));
const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'demo.db')}`, LOG_LEVEL: 'warn' });
const services = await createServices(config, { pollMs: 0 });
const app = await buildCatalogueApp(services);
try {
  await loadDemoData(services, () => undefined);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const shots = [
    { file: 'docs/web-desktop.png', path: '/', viewport: { width: 1280, height: 1000 }, colorScheme: 'light' as const },
    {
      file: 'docs/web-phone.png',
      path: `/search?keyword=${encodeURIComponent('总裁')}`,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark' as const,
    },
    { file: 'docs/api-docs-phone.png', path: '/docs', viewport: { width: 390, height: 844 }, colorScheme: 'light' as const },
    { file: 'docs/board-phone.png', path: '/boards/hot-dramas', viewport: { width: 390, height: 844 }, colorScheme: 'light' as const },
  ];
  // The search's card with the most links (desktop, light; phone, dark), and its work page.
  let workPath = '/';
  const cardShots = [
    { file: 'docs/work-card-desktop.png', viewport: { width: 1280, height: 1000 }, colorScheme: 'light' as const },
    { file: 'docs/work-card-phone.png', viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const },
  ];
  for (const shot of cardShots) {
    const finder = await launchChromium({ viewport: shot.viewport, colorScheme: shot.colorScheme });
    try {
      const page = await finder.context.newPage();
      await page.goto(`${base}/search?keyword=${encodeURIComponent('总裁')}`);
      const counts = await page
        .locator('li.entry.work')
        .evaluateAll((cards) => cards.map((card) => card.querySelectorAll('li.work-link').length));
      const best = counts.indexOf(Math.max(...counts));
      const card = page.locator('li.entry.work').nth(best);
      workPath = (await card.locator('h3 a').getAttribute('href')) ?? '/';
      await card.screenshot({ path: shot.file });
      process.stdout.write(`saved ${shot.file}\n`);
    } finally {
      await finder.close();
    }
  }
  shots.push(
    { file: 'docs/work-desktop.png', path: workPath, viewport: { width: 1280, height: 1000 }, colorScheme: 'light' as const },
    { file: 'docs/work-phone.png', path: workPath, viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const },
  );
  for (const shot of shots) {
    const browser = await launchChromium({ viewport: shot.viewport, colorScheme: shot.colorScheme });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${base}${shot.path}`);
      await page.screenshot({ path: shot.file });
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
