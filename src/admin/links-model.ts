/**
 * What `/admin/links` and `/admin/reports` show (docs/console.md, "Pages"), read from link health's table
 * (`link_states`) and the entries: per provider the links by verdict, hidden and never checked; the
 * entries hidden in the last day (their hiding verdict's time); every hidden entry with the verdict that
 * hid it, its evidence (migration 008) and when it was last alive; the provider codes behind the `unknown`
 * verdicts; and the reported links, newest report first, with their current verdict.
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

export interface UnknownCodeRow {
  provider: string;
  code: string;
  count: number;
}

/** A link's state from link health as the console shows it (views/link-state.eta). */
export interface LinkState {
  verdict: string | null;
  checkedAt: string | null;
  decidedVerdict: string | null;
  decidedAt: string | null;
  aliveAt: string | null;
  reportedAt: string | null;
  /** The first report since the last dismissal (migration 012); reportedAt is the latest. */
  firstReportedAt: string | null;
  /** A check answered after the first open report: its verdict is the report's answer (the report stays). */
  checkedSinceReport: boolean;
  /** Reports since the last dismissal. */
  reportCount: number;
  /** The latest verdict's reason line and the verdict that decided visibility (migration 008). */
  reason: string | null;
  decidedReason: string | null;
  evidence: string | null;
}

export interface LinkRow extends LinkState {
  title: string | null;
  source_link: string;
  hidden: boolean;
}

/** The stored `link_states` columns a LinkState is made from. */
interface StateColumns extends EvidenceColumns {
  verdict: string | null;
  checked_at: string | null;
  decided_verdict: string | null;
  decided_at: string | null;
  alive_at: string | null;
  reported_at: string | null;
  first_reported_at?: string | null;
  report_count: number;
  reason: string | null;
  decided_reason: string | null;
}

interface EvidenceColumns {
  evidence_status: number | null;
  evidence_code: string | null;
  evidence_message: string | null;
  evidence_row: string | null;
}

/** A link's state from its `link_states` row; a link never checked has none. */
export function linkStateOf(row: StateColumns | undefined): LinkState {
  return {
    verdict: row?.verdict ?? null,
    checkedAt: row?.checked_at ?? null,
    decidedVerdict: row?.decided_verdict ?? null,
    decidedAt: row?.decided_at ?? null,
    aliveAt: row?.alive_at ?? null,
    reportedAt: row?.reported_at ?? null,
    firstReportedAt: row?.first_reported_at ?? row?.reported_at ?? null,
    checkedSinceReport: Boolean(row?.checked_at && row.reported_at && row.checked_at >= (row.first_reported_at ?? row.reported_at)),
    reportCount: Number(row?.report_count ?? 0),
    reason: row?.reason ?? null,
    decidedReason: row?.decided_reason ?? null,
    evidence: row ? evidenceLine(row) : null,
  };
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
      'link_states.report_count',
      'link_states.first_reported_at',
      'link_states.reason',
      'link_states.decided_reason',
      'link_states.evidence_row',
      'link_states.evidence_status',
      'link_states.evidence_code',
      'link_states.evidence_message',
    ])
    .limit(LIST_SHOWN);
}

type Raw = Awaited<ReturnType<ReturnType<typeof linkRows>['execute']>>[number];

function toLinkRow(row: Raw): LinkRow {
  return {
    title: row.title ?? null,
    source_link: row.source_link,
    hidden: Number(row.hidden) === 1,
    ...linkStateOf(row),
  };
}

/** The stored evidence in one line: HTTP status, provider code and message, and the row that decided. */
export function evidenceLine(row: EvidenceColumns): string | null {
  const parts = [
    row.evidence_status === null ? '' : `HTTP ${row.evidence_status}`,
    row.evidence_code === null ? '' : `code ${row.evidence_code}`,
    row.evidence_message ?? '',
    row.evidence_row ? `(${row.evidence_row})` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The provider codes behind the `unknown` verdicts held now, per provider, most frequent first. */
export async function unknownCodeRows(database: Database): Promise<UnknownCodeRow[]> {
  const rows = await database.db
    .selectFrom('link_states')
    .select(['provider', 'evidence_code', 'evidence_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('verdict', '=', 'unknown')
    .groupBy(['provider', 'evidence_code', 'evidence_status'])
    .orderBy('n', 'desc')
    .limit(LIST_SHOWN)
    .execute();
  return rows.map((row) => ({
    provider: row.provider ?? 'none',
    code: row.evidence_code ?? (row.evidence_status === null ? '—' : `HTTP ${row.evidence_status}`),
    count: Number(row.n),
  }));
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

/** Open reports (kept through their checks until an operator handles them), newest report first. */
export async function reportedRows(database: Database): Promise<LinkRow[]> {
  const rows = await linkRows(database)
    .where('link_states.reported_at', 'is not', null)
    .orderBy('link_states.reported_at', 'desc')
    .execute();
  return rows.map(toLinkRow);
}
