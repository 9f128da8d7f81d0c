/**
 * Verdicts into the store, and what operators and readers ask of them (docs/link-health.md). A verdict
 * that changes visibility hides or shows the entry through the catalogue's one write path
 * (store/catalogue-change.ts): a new revision, the entry logged in `removed_entries` (hidden) or taken off
 * it (shown), a change notification; so every instance's view, search index, caches and ETags follow it
 * exactly as they follow a removal. Any other verdict is one row update that no reader of the catalogue sees.
 */
import { sql } from 'kysely';
import { changeCatalogue } from '../store/catalogue-change.js';
import type { Database } from '../store/database.js';
import type { LinkStatesTable } from '../store/schema.js';
import { placeAfter } from './check-queue.js';
import { type CheckOutcome, VERDICTS, type Verdict } from './link-checker.js';
import { type ProviderId, parseShareLink } from './share-links.js';
import { applyVerdict, isConfirming, type LinkHealth, NEVER_CHECKED } from './visibility-rule.js';

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

export const LINK_COUNT_NAMES = [...VERDICTS, 'unchecked', 'hidden'] as const;
export type LinkCounts = Record<(typeof LINK_COUNT_NAMES)[number], number>;

export interface ProviderCounts {
  provider: string;
  verdict: string;
  hidden: boolean;
  count: number;
}

/** The verdicts the visibility rule remembers as decided (links/visibility-rule.ts). */
const DECISIVE = new Set<Verdict>(['alive', 'locked', 'dead']);

type StateRow = Pick<LinkStatesTable, 'verdict' | 'checked_at' | 'decided_verdict' | 'decided_at' | 'alive_at'> & { hidden: number };

function healthOf(row: StateRow | undefined): LinkHealth {
  if (!row) return NEVER_CHECKED;
  return {
    verdict: row.verdict as Verdict | null,
    checkedAt: row.checked_at,
    decidedVerdict: row.decided_verdict as Verdict | null,
    decidedAt: row.decided_at,
    aliveAt: row.alive_at,
    hidden: Number(row.hidden) === 1,
  };
}

export class LinkHealthStore {
  constructor(
    readonly database: Database,
    private readonly confirmMs: number,
  ) {}

  /** Stores a check's verdict, applies the visibility rule and frees the lease; returns the new health. */
  async record(link: string, outcome: CheckOutcome, now: Date): Promise<LinkHealth> {
    const { db } = this.database;
    const row = await db
      .selectFrom('link_states')
      .select(['verdict', 'checked_at', 'decided_verdict', 'decided_at', 'alive_at', 'hidden'])
      .where('source_link', '=', link)
      .executeTakeFirst();
    const previous = healthOf(row);
    const next = applyVerdict(previous, outcome.verdict, now, this.confirmMs);
    const place = placeAfter(outcome.verdict, { hidden: next.hidden, confirming: isConfirming(next) }, now.getTime(), this.confirmMs);
    const values = {
      provider: outcome.provider ?? null,
      verdict: next.verdict,
      checked_at: next.checkedAt,
      decided_verdict: next.decidedVerdict,
      decided_at: next.decidedAt,
      alive_at: next.aliveAt,
      hidden: next.hidden ? 1 : 0,
      priority: place.priority,
      due_at: place.dueAt,
      reported_at: null,
      lease_owner: null,
      lease_until: null,
      reason: outcome.reason,
      evidence_row: outcome.evidence.row,
      evidence_status: outcome.evidence.status ?? null,
      evidence_code: outcome.evidence.code ?? null,
      evidence_message: outcome.evidence.message ?? null,
      // A decisive verdict replaces the reason that hid (or showed) the entry; an `unknown` keeps it.
      ...(DECISIVE.has(outcome.verdict) ? { decided_reason: outcome.reason } : {}),
    };
    const write = async (trx: typeof db) => {
      await trx
        .insertInto('link_states')
        .values({ source_link: link, ...values })
        .onConflict((c) => c.column('source_link').doUpdateSet(values))
        .execute();
    };
    if (next.hidden === previous.hidden) {
      await write(db);
      return next;
    }
    await changeCatalogue(this.database, async (trx, revision) => {
      const entry = await trx.selectFrom('entries').select('id').where('source_link', '=', link).executeTakeFirst();
      await write(trx);
      if (!entry) return true; // removed meanwhile: the state is kept, nothing is served either way
      await trx.updateTable('entries').set({ hidden: values.hidden, revision }).where('id', '=', entry.id).execute();
      if (next.hidden) {
        await sql`insert into removed_entries (entry_id, revision) values (${entry.id}, ${revision})
          on conflict (entry_id) do update set revision = excluded.revision`.execute(trx);
      } else {
        // Shown again: the entry is loaded as changed under this revision, so it must not read as removed.
        await trx.deleteFrom('removed_entries').where('entry_id', '=', entry.id).execute();
      }
      return true;
    });
    return next;
  }

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

  /** States of these links (the web page's cards); links without a state are absent. */
  async statuses(links: string[]): Promise<Map<string, Pick<LinkStatus, 'verdict' | 'alive_at'>>> {
    if (links.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('link_states')
      .select(['source_link', 'verdict', 'decided_verdict', 'alive_at'])
      .where('source_link', 'in', links)
      .execute();
    return new Map(
      rows.map((row) => [row.source_link, { verdict: (row.decided_verdict ?? row.verdict) as Verdict | null, alive_at: row.alive_at }]),
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
