/**
 * Records which source brought each link in (migration 012, docs/sources.md): a poll's links with the
 * source's kind and name, the latest source winning, written just before the poll's import so its new
 * revision finds them. Read by the PanSou interface to say `tg:<channel>` (docs/pansou.md). A link the
 * import rejects has no entry, and its row is never read.
 */
import type { Database } from '../store/database.js';

const BATCH = 500;

export async function recordSource(
  database: Database,
  source: { kind: 'telegram' | 'upstream'; name: string },
  links: string[],
): Promise<void> {
  const unique = [...new Set(links)];
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = unique.slice(start, start + BATCH).map((source_link) => ({ source_link, ...source }));
    await database.db
      .insertInto('entry_sources')
      .values(rows)
      .onConflict((c) => c.column('source_link').doUpdateSet((eb) => ({ kind: eb.ref('excluded.kind'), name: eb.ref('excluded.name') })))
      .execute();
  }
}
