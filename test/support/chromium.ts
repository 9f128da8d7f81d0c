/**
 * Headless Chromium for the browser suites and the screenshot script: Debian's `chromium` package
 * driven by playwright-core (no browser download), with a fresh profile each launch so no state leaks
 * between runs. Under CI (`CI=true`) a missing Chromium is a failure, never a skip: .ci/run installs it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser suites cannot run here, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} is missing (apt-get install -y chromium)`;
}

export interface LaunchOptions {
  locale?: string;
  javaScriptEnabled?: boolean;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** A browser with a fresh profile; `close` also removes the profile. */
export async function launchChromium(options: LaunchOptions = {}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'dramadex-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    locale: options.locale ?? 'zh-CN',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
