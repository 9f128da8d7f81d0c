/**
 * What operators read of the stored evidence (docs/link-health.md, "Operations"): the hidden entries
 * with the verdict that hid each (`links hidden --why`), and each provider's most frequent reasons for
 * `unknown` (`links status`), grouped by the table row and the provider's code, so that a new code or a
 * row that stopped matching stands out as one line with a large count.
 */

import type { ProviderId } from '../shared/share-links.js';
import type { Database } from '../store/database.js';

export interface HiddenWhy {
  link: string;
  /** The reason line of the decisive verdict that hid it (null for entries hidden before evidence was kept). */
  reason: string | null;
  decidedAt: string | null;
}

export interface UnknownReason {
  provider: string;
  row: string;
  code: string | null;
  count: number;
  /** One reason line of the group, as an example (messages differ within a group). */
  example: string | null;
}

const BATCH = 1000;

/** The hidden entries with their evidence, in batches (keyset, never all in memory), optionally of one provider. */
export async function eachHiddenWhy(
  database: Database,
  provider: ProviderId | undefined,
  onBatch: (rows: HiddenWhy[]) => void,
): Promise<void> {
  let after = '';
  for (;;) {
    let query = database.db
      .selectFrom('link_states')
      .select(['source_link', 'decided_reason', 'decided_at'])
      .where('hidden', '=', 1)
      .where('source_link', '>', after)
      .orderBy('source_link')
      .limit(BATCH);
    if (provider) query = query.where('provider', '=', provider);
    const rows = await query.execute();
    if (rows.length === 0) return;
    onBatch(rows.map((row) => ({ link: row.source_link, reason: row.decided_reason, decidedAt: row.decided_at })));
    after = (rows.at(-1) as { source_link: string }).source_link;
  }
}

/** Per provider, the `perProvider` most frequent (row, code) groups among links whose latest verdict is `unknown`. */
export async function topUnknownReasons(database: Database, perProvider: number): Promise<UnknownReason[]> {
  const rows = await database.db
    .selectFrom('link_states')
    .select((eb) => ['provider', 'evidence_row', 'evidence_code', eb.fn.countAll<number>().as('n'), eb.fn.max('reason').as('example')])
    .where('verdict', '=', 'unknown')
    .where('provider', 'is not', null)
    .groupBy(['provider', 'evidence_row', 'evidence_code'])
    .execute();
  const groups = rows
    .map((row) => ({
      provider: row.provider as string,
      row: row.evidence_row ?? 'none (checked before evidence was kept)',
      code: row.evidence_code,
      count: Number(row.n),
      example: (row.example as string | null) ?? null,
    }))
    .sort((a, b) => a.provider.localeCompare(b.provider) || b.count - a.count);
  const kept = new Map<string, number>();
  return groups.filter((group) => {
    const seen = kept.get(group.provider) ?? 0;
    kept.set(group.provider, seen + 1);
    return seen < perProvider;
  });
}
