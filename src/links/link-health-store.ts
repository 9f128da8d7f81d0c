/**
 * Verdicts into the store, and what operators and readers ask of them (docs/link-health.md). A verdict
 * that changes visibility hides or shows the entry through the catalogue's one write path
 * (store/catalogue-change.ts): a new revision, the entry logged in `removed_entries` (hidden) or taken off
 * it (shown), a change notification; so every instance's view, search index, caches and ETags follow it
 * exactly as they follow a removal. Any other verdict is one row update that no reader of the catalogue sees.
 */
import { type Kysely, sql } from 'kysely';
import { changeCatalogue } from '../store/catalogue-change.js';
import type { Database } from '../store/database.js';
import type { LinkStatesTable, Schema } from '../store/schema.js';
import { type PlaceState, placeAfter } from './check-queue.js';
import type { HideTurn } from './guards/hide-cap.js';
import type { CheckOutcome, Verdict } from './link-checker.js';
import { LinkHealthReads } from './link-health-reads.js';
import { applyVerdict, isConfirming, type LinkHealth, NEVER_CHECKED, waitToHide } from './visibility-rule.js';

/**
 * What the provider's guards say of one verdict (docs/link-health.md, "Guards"): a suspect `dead` decides
 * nothing; a confirmed `dead` hides only when its provider hides at all and the hourly cap and the day's
 * share have room (taken inside the hide's own transaction; refused, it says when to look again).
 */
export interface HideGate {
  suspect: boolean;
  hiding: boolean;
  takeHide(trx: Kysely<Schema>, now: number): Promise<HideTurn>;
  /** A confirmed dead waits for a cap (counted). */
  waited(): Promise<void>;
}

/** No guards (tests of the rule alone): every confirmed dead hides. */
export const OPEN_GATE: HideGate = {
  suspect: false,
  hiding: true,
  takeHide: async () => ({ taken: true, dayFull: false, budget: 0 }),
  waited: async () => undefined,
};

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

/** The write side over the reads of link-health-reads.ts (one object for callers, two files by concept). */
export class LinkHealthStore extends LinkHealthReads {
  constructor(
    database: Database,
    private readonly confirmMs: number,
  ) {
    super(database);
  }

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
    const capped = { retryAt: undefined as number | undefined };
    await changeCatalogue(this.database, async (trx, revision) => {
      const entry = await trx.selectFrom('entries').select('id').where('source_link', '=', link).executeTakeFirst();
      const turn = next.hidden ? await gate.takeHide(trx, now.getTime()) : undefined;
      if (turn && !turn.taken) {
        capped.retryAt = turn.retryAt;
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
    if (capped.retryAt === undefined) return next;
    // Over a cap: it waits, confirmed, and is looked at again when the next hour (or, the day's share spent, day) opens.
    waiting.current = { reason: 'cap', until: capped.retryAt };
    const held = waitToHide(next);
    await write(db, held);
    await gate.waited();
    return held;
  }
}
