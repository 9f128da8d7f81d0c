/**
 * The check queue in the store (docs/link-health.md, "Scheduling" and "Leases"): new catalogue entries
 * are enrolled in small batches after a high-water mark of entry ids (never all links at once), due links
 * are read a few at a time per provider and class, and a lease in the row lets one instance at a time
 * check a link; a lease that was not released (a killed instance) simply expires.
 */
import { sql } from 'kysely';
import { parseUpdateTime } from '../shared/local-time.js';
import { type ProviderId, parseShareLink } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { PRIORITIES, PRIORITY, uncheckedPlace } from './check-queue.js';

const ENROL_BATCH = 1000;
/** A report moves a link up the queue at most this often (each report used to mean one more check). */
export const REPORT_COOLDOWN_MS = 5 * 60_000;

export interface DueLink {
  link: string;
  reported: boolean;
}
const SEEDED_KEY = 'links_seeded_id';
/**
 * Due keys of never-checked links a reader asked about (a PanSou client's check, docs/pansou.md): below
 * every entry time's negation (uncheckedPlace), so they go first in their class, in the order asked.
 */
const EXPEDITED_BASE = -10_000_000_000_000;

export class LinkQueueStore {
  constructor(readonly database: Database) {}

  /**
   * Enrols entries added since the last call (by id), up to `ENROL_BATCH` of them; returns how many were
   * read (0: up to date). Links of no known provider are written as `unsupported` and never come due.
   */
  async enrolNew(): Promise<number> {
    const { db } = this.database;
    const mark = Number((await db.selectFrom('meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst())?.value ?? 0);
    const rows = await db
      .selectFrom('entries')
      .select(['id', 'source_link', 'update_time'])
      .where('id', '>', mark)
      .orderBy('id')
      .limit(ENROL_BATCH)
      .execute();
    const last = rows.at(-1);
    if (!last) return 0;
    const states = rows.map((row) => {
      const share = parseShareLink(row.source_link);
      const place = share ? uncheckedPlace(parseUpdateTime(row.update_time)) : { priority: null, dueAt: null };
      return {
        source_link: row.source_link,
        provider: share?.provider ?? null,
        verdict: share ? null : 'unsupported',
        priority: place.priority,
        due_at: place.dueAt,
      };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('link_states')
        .values(states)
        .onConflict((c) => c.column('source_link').doNothing())
        .execute();
      // Two instances may enrol the same batch; the mark only moves forward.
      await sql`update meta set value = ${String(last.id)} where key = ${SEEDED_KEY} and cast(value as integer) < ${last.id}`.execute(trx);
    });
    return rows.length;
  }

  /** Marks every entry stored now as enrolled without a state: the demo data set is never checked. */
  async skipExisting(): Promise<void> {
    const { db } = this.database;
    const row = await db
      .selectFrom('entries')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    await db
      .updateTable('meta')
      .set({ value: String(row?.max ?? 0) })
      .where('key', '=', SEEDED_KEY)
      .execute();
  }

  /** Up to `limit` due links of `provider` whose lease is free, in queue order. */
  async due(provider: ProviderId, limit: number, now: number): Promise<string[]> {
    return (await this.dueLinks(provider, limit, now)).map((due) => due.link);
  }

  /** As `due`, saying of each link whether a report moved it up (its check then never pauses the provider). */
  async dueLinks(provider: ProviderId, limit: number, now: number): Promise<DueLink[]> {
    const found: DueLink[] = [];
    for (const priority of PRIORITIES) {
      if (found.length >= limit) break;
      const rows = await this.database.db
        .selectFrom('link_states')
        .select('source_link')
        .where('provider', '=', provider)
        .where('priority', '=', priority)
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('due_at')
        .limit(limit - found.length)
        .execute();
      for (const row of rows) found.push({ link: row.source_link, reported: priority === PRIORITY.reported });
    }
    return found;
  }

  /** Takes the leases of those links that are free; returns the links now held by `owner`, in the given order. */
  async claim(links: string[], owner: string, now: number, leaseMs: number): Promise<string[]> {
    if (links.length === 0) return [];
    const rows = await this.database.db
      .updateTable('link_states')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('source_link', 'in', links)
      // Still due: another instance may have checked it between our reading the queue and this claim.
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returning('source_link')
      .execute();
    const taken = new Set(rows.map((row) => row.source_link));
    return links.filter((link) => taken.has(link));
  }

  /** Gives back leases not used (a paused provider, a stopping scheduler). */
  async release(links: string[], owner: string): Promise<void> {
    if (links.length === 0) return;
    await this.database.db
      .updateTable('link_states')
      .set({ lease_owner: null, lease_until: null })
      .where('source_link', 'in', links)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /**
   * Moves never-checked catalogue links to the head of their class, once each until they are checked (a
   * reader asking again moves nothing). Unknown links, links of no provider and checked links are left as
   * they are; no check is made here. Returns how many moved.
   */
  async expedite(links: string[], now: number): Promise<number> {
    const { db } = this.database;
    let moved = 0;
    for (const link of links) {
      const share = parseShareLink(link);
      if (!share) continue;
      const entry = await db.selectFrom('entries').select('id').where('source_link', '=', link).executeTakeFirst();
      if (!entry) continue;
      const place = { priority: PRIORITY.unchecked, due_at: EXPEDITED_BASE + now };
      const result = await db
        .insertInto('link_states')
        .values({ source_link: link, provider: share.provider, ...place })
        .onConflict((c) =>
          c
            .column('source_link')
            .doUpdateSet(place)
            .where((eb) =>
              eb.and([
                eb('link_states.verdict', 'is', null),
                eb.or([eb('link_states.due_at', 'is', null), eb('link_states.due_at', '>', EXPEDITED_BASE / 2)]),
              ]),
            ),
        )
        .executeTakeFirst();
      moved += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return moved;
  }

  /**
   * A person says the link is broken: it moves to the head of the queue (a report never hides anything).
   * False when the catalogue does not hold the link (hidden entries included).
   */
  async report(link: string, now: number): Promise<boolean> {
    const { db } = this.database;
    const entry = await db.selectFrom('entries').select('id').where('source_link', '=', link).executeTakeFirst();
    if (!entry) return false;
    const share = parseShareLink(link);
    if (!share) return true; // nothing to check; the report is taken all the same
    const at = new Date(now).toISOString();
    const moved = { priority: PRIORITY.reported, due_at: now, report_moved_at: now };
    // Within the cooldown the report is taken but moves nothing: the link was moved up a moment ago.
    await db
      .insertInto('link_states')
      .values({ source_link: link, provider: share.provider, ...moved })
      .onConflict((c) =>
        c
          .column('source_link')
          .doUpdateSet(moved)
          .where((eb) =>
            eb.or([eb('link_states.report_moved_at', 'is', null), eb('link_states.report_moved_at', '<=', now - REPORT_COOLDOWN_MS)]),
          ),
      )
      .execute();
    // Every report is recorded and counted, also one the cooldown kept from moving the link (the console's
    // inbox lists reported links with how many reports they had, and when, since the last dismissal).
    await db
      .updateTable('link_states')
      .set((eb) => ({
        reported_at: at,
        first_reported_at: eb.fn.coalesce('first_reported_at', eb.val(at)),
        report_count: eb('report_count', '+', 1),
      }))
      .where('source_link', '=', link)
      .execute();
    return true;
  }
}
