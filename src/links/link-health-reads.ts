/**
 * What operators and readers ask of the stored verdicts (docs/link-health.md): one link's status, the
 * cards' states, counts per provider and verdict, the oldest verdict, the hidden links. Read-only: every
 * write goes through LinkHealthStore (link-health-store.ts), which extends this class so callers keep one
 * object.
 */
import { type ProviderId, parseShareLink } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { VERDICTS, type Verdict } from './link-checker.js';

export interface LinkStatus {
  source_link: string;
  provider: ProviderId | null;
  verdict: Verdict | null;
  checked_at: string | null;
  hidden: boolean;
  /** The latest verdict's reason line (its evidence, docs/link-health.md "Evidence"); null before a check. */
  reason: string | null;
  /** When it was last found alive (the web page's "last found working"). */
  alive_at: string | null;
}

/** What a card shows of its link (src/web/link-notes.ts). */
export interface CardStatus {
  verdict: Verdict | null;
  latest: Verdict | null;
  alive_at: string | null;
}

export const LINK_COUNT_NAMES = [...VERDICTS, 'unchecked', 'hidden'] as const;
export type LinkCounts = Record<(typeof LINK_COUNT_NAMES)[number], number>;

export interface ProviderCounts {
  provider: string;
  verdict: string;
  hidden: boolean;
  count: number;
}

export class LinkHealthReads {
  constructor(readonly database: Database) {}

  /** The link's health, or undefined when the catalogue does not hold it (hidden entries included). */
  async status(link: string): Promise<LinkStatus | undefined> {
    const row = await this.database.db
      .selectFrom('entries')
      .leftJoin('link_states', 'link_states.source_link', 'entries.source_link')
      .select([
        'entries.hidden as entry_hidden',
        'link_states.provider',
        'link_states.verdict',
        'link_states.checked_at',
        'link_states.alive_at',
        'link_states.reason',
      ])
      .where('entries.source_link', '=', link)
      .executeTakeFirst();
    if (!row) return undefined;
    const provider = (row.provider as ProviderId | null) ?? parseShareLink(link)?.provider ?? null;
    return {
      source_link: link,
      provider,
      verdict: (row.verdict as Verdict | null) ?? (provider ? null : 'unsupported'),
      checked_at: row.checked_at ?? null,
      hidden: Number(row.entry_hidden) === 1,
      reason: row.reason ?? null,
      alive_at: row.alive_at ?? null,
    };
  }

  /**
   * States of these links (the web page's cards); links without a state are absent. `verdict` is the
   * latest decisive one when there is one, `latest` the latest of any kind (`unknown`, or a suspect `dead`).
   */
  async statuses(links: string[]): Promise<Map<string, CardStatus>> {
    if (links.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('link_states')
      .select(['source_link', 'verdict', 'decided_verdict', 'alive_at', 'suspect'])
      .where('source_link', 'in', links)
      .execute();
    return new Map(
      rows.map((row) => [
        row.source_link,
        {
          verdict: (row.decided_verdict ?? row.verdict) as Verdict | null,
          latest: Number(row.suspect) === 1 ? 'unknown' : (row.verdict as Verdict | null),
          alive_at: row.alive_at,
        },
      ]),
    );
  }

  /** Links per provider, verdict (null: never checked) and hidden. */
  async countsByProvider(): Promise<ProviderCounts[]> {
    const rows = await this.database.db
      .selectFrom('link_states')
      .select(['provider', 'verdict', 'hidden', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['provider', 'verdict', 'hidden'])
      .execute();
    return rows.map((row) => ({
      provider: row.provider ?? 'none',
      verdict: row.verdict ?? 'unchecked',
      hidden: Number(row.hidden) === 1,
      count: Number(row.n),
    }));
  }

  /** The `/api/status` counts: one per verdict, links never checked (enrolled or not yet), and hidden. */
  async counts(): Promise<LinkCounts> {
    const counts = Object.fromEntries(LINK_COUNT_NAMES.map((name) => [name, 0])) as LinkCounts;
    let checked = 0;
    for (const row of await this.countsByProvider()) {
      if (row.hidden) counts.hidden += row.count;
      if (row.verdict === 'unchecked') continue;
      counts[row.verdict as Verdict] += row.count;
      checked += row.count;
    }
    const entries = await this.database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    counts.unchecked = Math.max(0, Number(entries?.n ?? 0) - checked);
    return counts;
  }

  /** The oldest verdict's time, or undefined when nothing was checked. */
  async oldestVerdictAt(): Promise<string | undefined> {
    const row = await this.database.db
      .selectFrom('link_states')
      .select((eb) => eb.fn.min('checked_at').as('oldest'))
      .where('checked_at', 'is not', null)
      .executeTakeFirst();
    return (row?.oldest as string | null | undefined) ?? undefined;
  }

  /** The hidden entries' links in batches (keyset, never all in memory), optionally of one provider. */
  async eachHidden(provider: ProviderId | undefined, onBatch: (links: string[]) => void): Promise<void> {
    let after = '';
    for (;;) {
      let query = this.database.db
        .selectFrom('link_states')
        .select('source_link')
        .where('hidden', '=', 1)
        .where('source_link', '>', after)
        .orderBy('source_link')
        .limit(1000);
      if (provider) query = query.where('provider', '=', provider);
      const rows = await query.execute();
      if (rows.length === 0) return;
      onBatch(rows.map((row) => row.source_link));
      after = (rows.at(-1) as { source_link: string }).source_link;
    }
  }
}
