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
import { CONTENT_TYPES, type ContentType } from '../shared/content-types.js';
import { LINK_FORMS, PROVIDER_IDS, type ProviderId } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { webKeyword } from '../web/web-keyword.js';
import { type LinkState, linkStateOf } from './links-model.js';

/** Entries a page lists; `page` pages on through the rest. */
export const ENTRIES_SHOWN = 50;
export const VERDICT_FILTERS = ['alive', 'locked', 'dead', 'unknown', 'unsupported', 'unchecked'] as const;
export const HIDDEN_FILTERS = ['only', 'none'] as const;
const MAX_PAGE = 10_000;
/** `tg:<channel>` (a Telegram username) or `none`. */
const SOURCE_FILTER = /^(tg:[A-Za-z0-9_]{1,64}|none)$/;

/** The Telegram channels an operator can filter by: those of the registered sources, by name. */
export async function sourceChannels(database: Database): Promise<string[]> {
  const rows = await database.db.selectFrom('sources').select('settings').where('kind', '=', 'telegram').execute();
  const channels = rows
    .map((row) => (JSON.parse(row.settings) as { channel?: unknown }).channel)
    .filter((channel) => typeof channel === 'string');
  return [...new Set(channels as string[])].sort();
}

export interface EntryRow extends LinkState {
  title: string;
  source_link: string;
  type: string;
  update_time: string;
  hidden: boolean;
}

/**
 * What the operator asked for: a keyword or a link prefix (`q`), and filters by type, by the provider
 * the link belongs to (the entry's source drive), by the Telegram channel that brought the link in
 * (`tg:<channel>`, as the PanSou interface names it; `none` for links that came another way: an import, an
 * upstream, the console), by the link's latest verdict and by hidden or not; `page` counts from 0.
 */
export interface EntriesFilter {
  q: string;
  type: string;
  provider: string;
  source: string;
  verdict: string;
  hidden: string;
  page: number;
}

export interface EntriesFound {
  rows: EntryRow[];
  /** How many match in all (served and hidden), over every page. */
  total: number;
  /** The first row's place in the whole list (page × ENTRIES_SHOWN). */
  offset: number;
}

type Listed = Pick<EntryRow, 'title' | 'source_link' | 'type' | 'update_time' | 'hidden'>;

const pick = (value: unknown, allowed: readonly string[]) => (typeof value === 'string' && allowed.includes(value) ? value : '');

/** A filter from a query or a form's fields; a value it does not know is no filter at all. */
export function entriesFilter(params: Record<string, unknown>): EntriesFilter {
  const page = typeof params.page === 'string' && /^\d{1,6}$/.test(params.page) ? Math.min(Number(params.page), MAX_PAGE) : 0;
  return {
    q: typeof params.q === 'string' ? params.q.slice(0, 2048) : '',
    type: pick(params.type, CONTENT_TYPES),
    provider: pick(params.provider, PROVIDER_IDS),
    source: typeof params.source === 'string' && SOURCE_FILTER.test(params.source) ? params.source : '',
    verdict: pick(params.verdict, VERDICT_FILTERS),
    hidden: pick(params.hidden, HIDDEN_FILTERS),
    page,
  };
}

/** The filter as a query string (links to other pages, forms that come back to the same list). */
export function filterQuery(filter: EntriesFilter, page = filter.page): string {
  const fields = {
    q: filter.q,
    type: filter.type,
    provider: filter.provider,
    source: filter.source,
    verdict: filter.verdict,
    hidden: filter.hidden,
    page: page ? String(page) : '',
  };
  return new URLSearchParams(Object.entries(fields).filter(([, value]) => value !== '')).toString();
}

/** Whether the operator asked for anything (an empty filter lists nothing). */
export function filterSet(filter: EntriesFilter): boolean {
  return Boolean(filter.q.trim() || filter.type || filter.provider || filter.source || filter.verdict || filter.hidden);
}

export async function findEntries(catalogue: Catalogue, database: Database, typed: string | EntriesFilter): Promise<EntriesFound> {
  const filter = typeof typed === 'string' ? entriesFilter({ q: typed }) : typed;
  const query = filter.q.normalize('NFKC').trim();
  const offset = filter.page * ENTRIES_SHOWN;
  if (!filterSet(filter)) return { rows: [], total: 0, offset };
  const isLink = /^https?:\/\//i.test(query);
  const keyword = isLink || !query ? '' : webKeyword(query).keyword;
  if (query && !isLink && !keyword) return { rows: [], total: 0, offset };
  // A bare keyword is answered in the catalogue's own search order, as the API and the web page answer it.
  const found =
    keyword && !filter.provider && !filter.source && !filter.verdict
      ? await byKeyword(catalogue, database, keyword, filter, offset)
      : await byFilter(database, { ...filter, q: isLink ? query : keyword }, isLink, offset);
  return { rows: await withLinkStates(database, found.listed), total: found.total, offset };
}

/** LIKE with its wildcards escaped reads the same on both stores (SQLite folds ASCII case, which suits a search). */
const like = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}`;

async function byFilter(
  database: Database,
  filter: EntriesFilter,
  isLink: boolean,
  offset: number,
): Promise<{ listed: Listed[]; total: number }> {
  let rows = database.db.selectFrom('entries').leftJoin('link_states', 'link_states.source_link', 'entries.source_link');
  if (filter.q && isLink) rows = rows.where(sql<boolean>`substr(entries.source_link, 1, ${[...filter.q].length}) = ${filter.q}`);
  if (filter.q && !isLink) rows = rows.where(sql<boolean>`entries.title like ${`%${like(filter.q)}%`} escape '\\'`);
  if (filter.type) rows = rows.where('entries.type', '=', filter.type);
  if (filter.hidden) rows = rows.where('entries.hidden', '=', filter.hidden === 'only' ? 1 : 0);
  if (filter.verdict === 'unchecked') rows = rows.where('link_states.verdict', 'is', null);
  else if (filter.verdict) rows = rows.where('link_states.verdict', '=', filter.verdict);
  if (filter.provider) {
    const hosts = LINK_FORMS[filter.provider as ProviderId].hosts.flatMap((host) => [`https://${host}/`, `http://${host}/`]);
    rows = rows.where((eb) => eb.or(hosts.map((origin) => eb(sql`entries.source_link`, 'like', `${like(origin)}%`))));
  }
  if (filter.source) {
    const channel = filter.source === 'none' ? undefined : filter.source.slice('tg:'.length);
    const named = channel === undefined ? sql`` : sql` and entry_sources.name = ${channel}`;
    const telegram = sql`exists (select 1 from entry_sources where entry_sources.source_link = entries.source_link and entry_sources.kind = 'telegram'${named})`;
    rows = rows.where(channel === undefined ? sql<boolean>`not ${telegram}` : sql<boolean>`${telegram}`);
  }
  const listed = await rows
    .select(['entries.title', 'entries.source_link', 'entries.type', 'entries.update_time', 'entries.hidden'])
    .orderBy('entries.update_time', 'desc')
    .orderBy('entries.source_link')
    .limit(ENTRIES_SHOWN)
    .offset(offset)
    .execute();
  const count = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { listed: listed.map((row) => ({ ...row, hidden: Number(row.hidden) === 1 })), total: Number(count?.n ?? 0) };
}

/** The served entries in search order, then the hidden ones whose title holds the keyword, paged as one list. */
async function byKeyword(catalogue: Catalogue, database: Database, keyword: string, filter: EntriesFilter, offset: number) {
  const type = (filter.type || undefined) as ContentType | undefined;
  const served = filter.hidden === 'only' ? { items: [], total: 0 } : await catalogue.search(keyword, type, offset, ENTRIES_SHOWN);
  let hiddenRows = database.db
    .selectFrom('entries')
    .where('hidden', '=', 1)
    .where(sql<boolean>`title like ${`%${like(keyword)}%`} escape '\\'`);
  if (type) hiddenRows = hiddenRows.where('type', '=', type);
  const hiddenTotal =
    filter.hidden === 'none' ? 0 : Number((await hiddenRows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const room = ENTRIES_SHOWN - served.items.length;
  const hidden =
    room > 0 && hiddenTotal > 0
      ? await hiddenRows
          .select(['title', 'source_link', 'type', 'update_time'])
          .orderBy('update_time', 'desc')
          .orderBy('source_link')
          .limit(room)
          .offset(Math.max(0, offset - served.total))
          .execute()
      : [];
  const listed: Listed[] = [
    ...served.items.map((item) => ({ ...item, hidden: false })),
    ...hidden.map((row) => ({ ...row, hidden: true })),
  ];
  return { listed, total: served.total + hiddenTotal };
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
