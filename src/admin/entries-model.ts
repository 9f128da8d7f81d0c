/**
 * What `/admin/entries?q=` shows (docs/console.md, "Pages"): entries found by the catalogue's own search
 * (what the API and the web page answer), then the hidden entries the search never serves, whose title
 * holds the keyword, marked hidden; or, for a link typed whole or in part, every entry whose link starts
 * with it, hidden or not. Each comes with its link's state from link health: the latest verdict, when it
 * was checked and why (its reason and evidence: HTTP status, provider code and message, the row that
 * decided), the verdict that decided visibility, when and why, when it was last alive, and whether it is
 * reported.
 */
import { sql } from 'kysely';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Database } from '../store/database.js';
import { webKeyword } from '../web/web-keyword.js';
import { type LinkState, linkStateOf } from './links-model.js';

/** Entries listed at most (search results first, then hidden ones). */
export const ENTRIES_SHOWN = 50;

export interface EntryRow extends LinkState {
  title: string;
  source_link: string;
  type: string;
  update_time: string;
  hidden: boolean;
}

export interface EntriesFound {
  rows: EntryRow[];
  /** How many the search found in all (served and hidden). */
  total: number;
}

type Listed = Pick<EntryRow, 'title' | 'source_link' | 'type' | 'update_time' | 'hidden'>;

export async function findEntries(catalogue: Catalogue, database: Database, typed: string): Promise<EntriesFound> {
  const query = typed.normalize('NFKC').trim();
  if (!query) return { rows: [], total: 0 };
  const found = /^https?:\/\//i.test(query) ? await byLinkPrefix(database, query) : await byKeyword(catalogue, database, query);
  return { rows: await withLinkStates(database, found.listed), total: found.total };
}

async function byLinkPrefix(database: Database, prefix: string): Promise<{ listed: Listed[]; total: number }> {
  const starts = sql<boolean>`substr(source_link, 1, ${[...prefix].length}) = ${prefix}`;
  const rows = await database.db
    .selectFrom('entries')
    .select(['title', 'source_link', 'type', 'update_time', 'hidden'])
    .where(starts)
    .orderBy('update_time', 'desc')
    .limit(ENTRIES_SHOWN)
    .execute();
  const count = await database.db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(starts)
    .executeTakeFirst();
  return { listed: rows.map((row) => ({ ...row, hidden: Number(row.hidden) === 1 })), total: Number(count?.n ?? 0) };
}

async function byKeyword(catalogue: Catalogue, database: Database, typed: string): Promise<{ listed: Listed[]; total: number }> {
  const { keyword } = webKeyword(typed);
  if (!keyword) return { listed: [], total: 0 };
  const served = await catalogue.search(keyword, undefined, 0, ENTRIES_SHOWN);
  // LIKE with its wildcards escaped reads the same on both stores (SQLite folds ASCII case, which suits a search).
  const pattern = `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const contains = sql<boolean>`title like ${pattern} escape '\\'`;
  const hidden = await database.db
    .selectFrom('entries')
    .select(['title', 'source_link', 'type', 'update_time'])
    .where('hidden', '=', 1)
    .where(contains)
    .orderBy('update_time', 'desc')
    .limit(ENTRIES_SHOWN)
    .execute();
  const listed: Listed[] = [
    ...served.items.map((item) => ({ ...item, hidden: false })),
    ...hidden.map((row) => ({ ...row, hidden: true })),
  ];
  return { listed: listed.slice(0, ENTRIES_SHOWN), total: served.total + hidden.length };
}

async function withLinkStates(database: Database, listed: Listed[]): Promise<EntryRow[]> {
  if (listed.length === 0) return [];
  const states = await database.db
    .selectFrom('link_states')
    .select([
      'source_link',
      'verdict',
      'checked_at',
      'decided_verdict',
      'decided_at',
      'alive_at',
      'reported_at',
      'first_reported_at',
      'report_count',
      'reason',
      'decided_reason',
      'evidence_row',
      'evidence_status',
      'evidence_code',
      'evidence_message',
    ])
    .where(
      'source_link',
      'in',
      listed.map((entry) => entry.source_link),
    )
    .execute();
  const byLink = new Map(states.map((state) => [state.source_link, state]));
  return listed.map((entry) => {
    return { ...entry, ...linkStateOf(byLink.get(entry.source_link)) };
  });
}
