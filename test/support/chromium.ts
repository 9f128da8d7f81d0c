/**
 * Headless Chromium for the browser suites and the screenshot script: Debian's `chromium` package
 * driven by playwright-core (no browser download), with a fresh profile each launch so no state leaks
 * between runs. Under CI (`CI=true`) a missing Chromium is a failure, never a skip: .ci/run installs it.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as readable lines: every one with `impacts: 'all'`, else only the
 * serious and critical ones. It fails when axe did not really run (too few rules passed).
 */
export async function accessibilityProblems(page: Page, impacts: 'all' | 'serious' = 'serious'): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const { violations, passes } = await page.evaluate(async () => {
    type Rule = { id: string; impact: string; nodes: Array<{ target: string[] }> };
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Rule[]; passes: Rule[] }> } }).axe;
    const results = await axe.run();
    return { violations: results.violations, passes: results.passes.length };
  });
  assert.ok(passes > 10, `axe-core ran (${passes} rules passed)`);
  return violations
    .filter((violation) => impacts === 'all' || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
