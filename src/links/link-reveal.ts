/**
 * An operator's word over the checker's (docs/console.md, "Entries"): a hidden entry shown again by hand.
 * It goes through the catalogue's one write path, as a verdict that shows an entry does (a new revision,
 * the entry off `removed_entries`, a change notification), so every instance's view, search, caches and
 * ETags follow. The link's decided verdict is forgotten: the next `dead` is a first one again and must be
 * confirmed before the entry hides, rather than hiding it at once on the old evidence.
 */
import { changeCatalogue } from '../store/catalogue-change.js';
import type { Database } from '../store/database.js';
import { PRIORITY, RECHECK_AFTER } from './check-queue.js';

/** Shows a hidden entry again; false when no hidden entry has this link. */
export async function showAgain(database: Database, link: string, now = new Date()): Promise<boolean> {
  let shown = false;
  await changeCatalogue(database, async (trx, revision) => {
    const entry = await trx.selectFrom('entries').select(['id', 'hidden']).where('source_link', '=', link).executeTakeFirst();
    if (!entry || Number(entry.hidden) !== 1) return false;
    await trx.updateTable('entries').set({ hidden: 0, revision }).where('id', '=', entry.id).execute();
    await trx.deleteFrom('removed_entries').where('entry_id', '=', entry.id).execute();
    await trx
      .updateTable('link_states')
      .set({
        hidden: 0,
        decided_verdict: null,
        decided_at: null,
        priority: PRIORITY.routine,
        due_at: now.getTime() + RECHECK_AFTER.alive,
      })
      .where('source_link', '=', link)
      .execute();
    shown = true;
    return true;
  });
  return shown;
}

/** Forgets that a link was reported (its place in the check queue stays); false when it was not reported. */
export async function dismissReport(database: Database, link: string): Promise<boolean> {
  const result = await database.db
    .updateTable('link_states')
    .set({ reported_at: null, first_reported_at: null, report_count: 0 })
    .where('source_link', '=', link)
    .where('reported_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
