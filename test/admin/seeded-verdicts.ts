/**
 * Seeding shared by the console suites that list entries by verdict, hidden or not, and over several pages
 * (entries-filters, phone pages, an operator's day): links hidden as the checker hides them, and numbered
 * episodes, newest last.
 */
import { type CheckOutcome, outcomeOf } from '../../src/links/link-checker.js';
import type { TestContext } from '../support/harness.js';

/** A dead verdict hides at once; the dead-rate ceiling is set aside (its own suite tests it). */
export const HIDE_AT_ONCE = { LINK_CHECK_CONFIRM_MINUTES: '0', LINK_CHECK_HIDE: 'all', LINK_CHECK_DEAD_CEILING: '1' };

const outcome = (verdict: CheckOutcome['verdict']): CheckOutcome => outcomeOf(verdict, 'quark', { row: 'test', status: 200 });

/** Hides `hidden` as the checker does (a dead verdict confirmed by a second one) and finds `alive` alive. */
export async function recordVerdicts(ctx: TestContext, verdicts: { hidden: string[]; alive: string[] }): Promise<void> {
  const health = ctx.services.links.health;
  for (const link of verdicts.hidden) {
    await health.record(link, outcome('dead'), new Date(Date.now() - 120_000));
    await health.record(link, outcome('dead'), new Date(Date.now() - 60_000));
  }
  for (const link of verdicts.alive) await health.record(link, outcome('alive'), new Date());
  await ctx.services.catalogue.refresh();
}

/** `count` posts titled `<title>第N集`, linked by `link('000')`…, a minute apart. */
export function numberedEpisodes(count: number, title: string, link: (id: string) => string) {
  return Array.from({ length: count }, (_, index) => ({
    title: `${title}第${index + 1}集`,
    source_link: link(String(index).padStart(3, '0')),
    type: 'post' as const,
    update_time: `2024-06-01 10:${String(index).padStart(2, '0')}:00`,
  }));
}

/** `count` entries from an external source (type `extsrc`), titled `<title>N`, linked by `link('0')`…. */
export function externalEntries(count: number, title: string, link: (id: string) => string) {
  return Array.from({ length: count }, (_, index) => ({
    title: `${title}${index + 1}`,
    source_link: link(String(index)),
    type: 'extsrc' as const,
    update_time: '2024-05-01 10:00:00',
  }));
}
