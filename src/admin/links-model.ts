/**
 * What `/admin/links` and `/admin/reports` show (docs/console.md, "Pages"), read from link health's table
 * (`link_states`) and the entries: per provider the links by verdict, hidden and never checked; the
 * entries hidden in the last day (their hiding verdict's time); every hidden entry with the verdict that
 * hid it and when it was last alive; and the reported links, newest report first, with their current
 * verdict. Per-check evidence, unknown codes and breakers come from link verdicts (issue 31) when merged.
 */
import type { LinkHealthStore } from '../links/link-health-store.js';
import type { Database } from '../store/database.js';

/** Rows listed at most in each list of these pages. */
export const LIST_SHOWN = 100;
const DAY_MS = 24 * 3_600_000;

export interface ProviderRow {
  provider: string;
  verdicts: Array<{ verdict: string; count: number }>;
  hidden: number;
}

export interface LinkRow {
  title: string | null;
  source_link: string;
  hidden: boolean;
  verdict: string | null;
  checkedAt: string | null;
  decidedVerdict: string | null;
  decidedAt: string | null;
  aliveAt: string | null;
  reportedAt: string | null;
}

export async function providerRows(health: LinkHealthStore): Promise<ProviderRow[]> {
  const byProvider = new Map<string, ProviderRow>();
  for (const row of await health.countsByProvider()) {
    const entry = byProvider.get(row.provider) ?? { provider: row.provider, verdicts: [], hidden: 0 };
    const same = entry.verdicts.find((item) => item.verdict === row.verdict);
    if (same) same.count += row.count;
    else entry.verdicts.push({ verdict: row.verdict, count: row.count });
    if (row.hidden) entry.hidden += row.count;
    byProvider.set(row.provider, entry);
  }
  return [...byProvider.values()].sort((a, b) => a.provider.localeCompare(b.provider));
}

function linkRows(database: Database) {
  return database.db
    .selectFrom('link_states')
    .leftJoin('entries', 'entries.source_link', 'link_states.source_link')
    .select([
      'entries.title',
      'link_states.source_link',
      'link_states.hidden',
      'link_states.verdict',
      'link_states.checked_at',
      'link_states.decided_verdict',
      'link_states.decided_at',
      'link_states.alive_at',
      'link_states.reported_at',
    ])
    .limit(LIST_SHOWN);
}

type Raw = Awaited<ReturnType<ReturnType<typeof linkRows>['execute']>>[number];

function toLinkRow(row: Raw): LinkRow {
  return {
    title: row.title ?? null,
    source_link: row.source_link,
    hidden: Number(row.hidden) === 1,
    verdict: row.verdict,
    checkedAt: row.checked_at,
    decidedVerdict: row.decided_verdict,
    decidedAt: row.decided_at,
    aliveAt: row.alive_at,
    reportedAt: row.reported_at,
  };
}

/** Hidden entries, the most recently hidden first; with `since`, only those hidden after it. */
export async function hiddenRows(database: Database, since?: Date): Promise<LinkRow[]> {
  let query = linkRows(database).where('link_states.hidden', '=', 1).orderBy('link_states.decided_at', 'desc');
  if (since) query = query.where('link_states.decided_at', '>=', since.toISOString());
  return (await query.execute()).map(toLinkRow);
}

export function hiddenInLastDay(database: Database, now = new Date()): Promise<LinkRow[]> {
  return hiddenRows(database, new Date(now.getTime() - DAY_MS));
}

/** Reported links, newest report first. */
export async function reportedRows(database: Database): Promise<LinkRow[]> {
  const rows = await linkRows(database)
    .where('link_states.reported_at', 'is not', null)
    .orderBy('link_states.reported_at', 'desc')
    .execute();
  return rows.map(toLinkRow);
}
