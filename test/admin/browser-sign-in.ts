/** A Chromium page signed in to the console through its form (for the console's browser suites). */
import { type LaunchOptions, launchChromium } from '../support/chromium.js';
import { PASSWORD } from './support.js';

export async function signedInPage(base: string, name: string, options: LaunchOptions = { viewport: { width: 390, height: 844 } }) {
  const browser = await launchChromium(options);
  const page = await browser.context.newPage();
  await page.goto(`${base}/admin/login`);
  await page.fill('#name', name);
  await page.fill('#password', PASSWORD);
  await Promise.all([page.waitForURL(`${base}/admin`), page.click('main button[type=submit]')]);
  return { browser, page };
}
