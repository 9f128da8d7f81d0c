/**
 * Verdicts into the store, and what operators and readers ask of them (docs/link-health.md). A verdict
 * that changes visibility hides or shows the entry through the catalogue's one write path
 * (store/catalogue-change.ts): a new revision, the entry logged in `removed_entries` (hidden) or taken off
 * it (shown), a change notification; so every instance's view, search index, caches and ETags follow it
 * exactly as they follow a removal. Any other verdict is one row update that no reader of the catalogue sees.
 */
import { type Kysely, sql } from 'kysely';
import { type ProviderId, parseShareLink } from '../shared/share-links.js';
import { changeCatalogue } from '../store/catalogue-change.js';
import type { Database } from '../store/database.js';
import type { LinkStatesTable, Schema } from '../store/schema.js';
import { type PlaceState, placeAfter } from './check-queue.js';
import { type CheckOutcome, VERDICTS, type Verdict } from './link-checker.js';
import { applyVerdict, isConfirming, type LinkHealth, NEVER_CHECKED, waitToHide } from './visibility-rule.js';

/**
 * What the provider's guards say of one verdict (docs/link-health.md, "Guards"): a suspect `dead` decides
 * nothing; a confirmed `dead` hides only when its provider hides at all and the hourly cap has room (taken
 * inside the hide's own transaction).
 */
export interface HideGate {
  suspect: boolean;
  hiding: boolean;
  takeHide(trx: Kysely<Schema>, now: number): Promise<boolean>;
  /** When a confirmed dead the cap made wait is looked at again. */
  retryAt(now: number): number;
  /** A confirmed dead waits for the next hour's cap (counted). */
  waited(): Promise<void>;
}

/** No guards (tests of the rule alone): every confirmed dead hides. */
export const OPEN_GATE: HideGate = {
  suspect: false,
  hiding: true,
  takeHide: async () => true,
  retryAt: (now) => now,
  waited: async () => undefined,
};

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

/** The verdicts the visibility rule remembers as decided (links/visibility-rule.ts). */
const DECISIVE = new Set<Verdict>(['alive', 'locked', 'dead']);

type StateRow = Pick<LinkStatesTable, 'verdict' | 'checked_at' | 'decided_verdict' | 'decided_at' | 'alive_at' | 'confirmed_at'> & {
  hidden: number;
  suspect: number;
  unknown_streak: number;
};
const STATE_COLUMNS = [
  'verdict',
  'checked_at',
  'decided_verdict',
  'decided_at',
  'alive_at',
  'hidden',
  'confirmed_at',
  'suspect',
  'unknown_streak',
] as const;

function healthOf(row: StateRow | undefined): LinkHealth {
  if (!row) return NEVER_CHECKED;
  return {
    verdict: row.verdict as Verdict | null,
    checkedAt: row.checked_at,
    decidedVerdict: row.decided_verdict as Verdict | null,
    decidedAt: row.decided_at,
    aliveAt: row.alive_at,
    hidden: Number(row.hidden) === 1,
    confirmedAt: row.confirmed_at,
    suspect: Number(row.suspect) === 1,
    unknownStreak: Number(row.unknown_streak),
  };
}

export class LinkHealthStore {
  constructor(
    readonly database: Database,
    private readonly confirmMs: number,
  ) {}

  /** Stores a check's verdict, applies the visibility rule and frees the lease; returns the new health. */
  async record(link: string, outcome: CheckOutcome, now: Date, gate: HideGate = OPEN_GATE): Promise<LinkHealth> {
    const { db } = this.database;
    const row = await db.selectFrom('link_states').select(STATE_COLUMNS).where('source_link', '=', link).executeTakeFirst();
    const previous = healthOf(row);
    let next = applyVerdict(previous, outcome.verdict, now, this.confirmMs, gate.suspect);
    const waiting = { current: undefined as PlaceState['waiting'] };
    if (next.hidden && !previous.hidden && !gate.hiding) {
      next = waitToHide(next);
      waiting.current = { reason: 'not-hiding' };
    }
    const placeOf = (health: LinkHealth) =>
      placeAfter(
        outcome.verdict,
        {
          hidden: health.hidden,
          confirming: isConfirming(health),
          waiting: waiting.current,
          suspect: health.suspect,
          unknownStreak: health.unknownStreak,
        },
        now.getTime(),
        this.confirmMs,
      );
    const valuesOf = (health: LinkHealth) => ({
      provider: outcome.provider ?? null,
      verdict: health.verdict,
      checked_at: health.checkedAt,
      decided_verdict: health.decidedVerdict,
      decided_at: health.decidedAt,
      alive_at: health.aliveAt,
      hidden: health.hidden ? 1 : 0,
      confirmed_at: health.confirmedAt,
      suspect: health.suspect ? 1 : 0,
      unknown_streak: health.unknownStreak,
      priority: placeOf(health).priority,
      due_at: placeOf(health).dueAt,
      // A verdict leaves the report open: the operator handles it in the inbox (docs/console.md, "The reports inbox").
      lease_owner: null,
      lease_until: null,
      reason: outcome.reason,
      evidence_row: outcome.evidence.row,
      evidence_status: outcome.evidence.status ?? null,
      evidence_code: outcome.evidence.code ?? null,
      evidence_message: outcome.evidence.message ?? null,
      // A decisive verdict replaces the reason that hid (or showed) the entry; an `unknown` or a suspect `dead` keeps it.
      ...(DECISIVE.has(outcome.verdict) && !health.suspect ? { decided_reason: outcome.reason } : {}),
    });
    const write = async (trx: typeof db, health: LinkHealth) => {
      const values = valuesOf(health);
      await trx
        .insertInto('link_states')
        .values({ source_link: link, ...values })
        .onConflict((c) => c.column('source_link').doUpdateSet(values))
        .execute();
    };
    if (next.hidden === previous.hidden) {
      await write(db, next);
      return next;
    }
    const capped = { value: false };
    await changeCatalogue(this.database, async (trx, revision) => {
      const entry = await trx.selectFrom('entries').select('id').where('source_link', '=', link).executeTakeFirst();
      if (next.hidden && !(await gate.takeHide(trx, now.getTime()))) {
        capped.value = true;
        return false; // nothing of the catalogue changes
      }
      await write(trx, next);
      if (!entry) return true; // removed meanwhile: the state is kept, nothing is served either way
      await trx
        .updateTable('entries')
        .set({ hidden: next.hidden ? 1 : 0, revision })
        .where('id', '=', entry.id)
        .execute();
      if (next.hidden) {
        await sql`insert into removed_entries (entry_id, revision) values (${entry.id}, ${revision})
          on conflict (entry_id) do update set revision = excluded.revision`.execute(trx);
      } else {
        // Shown again: the entry is loaded as changed under this revision, so it must not read as removed.
        await trx.deleteFrom('removed_entries').where('entry_id', '=', entry.id).execute();
      }
      return true;
    });
    if (!capped.value) return next;
    // Over the hour's cap: it waits, confirmed, and is looked at again when the next hour opens.
    waiting.current = { reason: 'cap', until: gate.retryAt(now.getTime()) };
    const held = waitToHide(next);
    await write(db, held);
    await gate.waited();
    return held;
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
