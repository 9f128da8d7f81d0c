/**
 * The bulk half of a catalogue import, per dialect, inside the caller's transaction: add or update a
 * batch of entries by `source_link`, stamp changed rows with the import's revision, and say how many were
 * added and how many updated (the rest were unchanged). Both dialects receive a batch as one JSON document
 * (one parameter, one native `JSON.stringify`) rather than thousands of bound parameters; PostgreSQL, which
 * pays a network round trip per statement, gets larger batches and compares, writes and counts in one.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from './database.js';
import type { Schema } from './schema.js';

/**
 * One catalogue entry as it is written: the one shape of an entry in the code. The store knows types only
 * as text; the catalogue narrows `Type` to its content types (catalogue-store.ts: `EntryInput`).
 */
export interface EntryRow<Type extends string = string> {
  title: string;
  source_link: string;
  type: Type;
  update_time: string;
}

/** What an import did to the rows it was given; the catalogue adds what a replace removed. */
export interface UpsertCounts {
  added: number;
  updated: number;
  unchanged: number;
}

type Changes = Omit<UpsertCounts, 'unchanged'>;

/** Rows per call of `upsertEntries`: what each dialect handles best (measured by bench/experiments/import-store.ts). */
export const UPSERT_BATCH: Record<Dialect, number> = { sqlite: 5_000, postgres: 10_000 };

/**
 * Applies one batch. A link repeated within the batch counts once, its last occurrence winning (batches
 * are applied in order, so across batches the last occurrence wins too).
 */
export async function upsertEntries(
  dialect: Dialect,
  trx: Transaction<Schema>,
  batch: EntryRow[],
  revision: number,
): Promise<UpsertCounts> {
  const rows = lastOccurrences(batch);
  const json = rowsAsJson(rows);
  const { added, updated } = await (dialect === 'postgres' ? upsertPostgres(trx, json, revision) : upsertSqlite(trx, json, revision));
  return { added, updated, unchanged: rows.length - added - updated };
}

/** A Set per batch, because it costs a tenth of one Map over a million links and repeats are rare. */
function lastOccurrences(rows: EntryRow[]): EntryRow[] {
  const links = new Set<string>();
  for (const row of rows) links.add(row.source_link);
  if (links.size === rows.length) return rows;
  const kept: EntryRow[] = [];
  links.clear();
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index] as EntryRow;
    if (links.has(row.source_link)) continue;
    links.add(row.source_link);
    kept.push(row);
  }
  return kept.reverse();
}

/**
 * The batch as one JSON array of objects with exactly the four columns. A lone UTF-16 surrogate comes out
 * of `JSON.stringify` as a `\udXXX` escape that PostgreSQL refuses and SQLite would store as bytes that
 * are not UTF-8; such text is stored as U+FFFD instead (rare: only a batch whose JSON contains `\ud` is
 * looked at again, and a false alarm, a literal backslash-u-d, changes nothing).
 */
export function rowsAsJson(rows: EntryRow[]): string {
  const json = JSON.stringify(rows.map(pick));
  if (!json.includes('\\ud')) return json;
  return JSON.stringify(
    rows.map((row) => ({ ...pick(row), title: row.title.toWellFormed(), source_link: row.source_link.toWellFormed() })),
  );
}

function pick(row: EntryRow): EntryRow {
  return { title: row.title, source_link: row.source_link, type: row.type, update_time: row.update_time };
}

/**
 * Two statements per batch, the rows as one JSON parameter read with `json_each` (a fraction of the CPU of
 * binding five parameters per row): count what is new or different, then write only those rows. SQLite
 * has no data-modifying CTEs, so counting and writing are separate; the write lock taken by the revision
 * bump keeps them consistent.
 */
async function upsertSqlite(trx: Kysely<Schema>, json: string, revision: number): Promise<Changes> {
  const incoming = sql`json_each(${json}) j left join entries e on e.source_link = j.value ->> 'source_link'
    where e.id is null or e.title <> j.value ->> 'title' or e.type <> j.value ->> 'type' or e.update_time <> j.value ->> 'update_time'`;
  const counted = await sql<Changes>`select coalesce(sum(e.id is null), 0) as added, coalesce(sum(e.id is not null), 0) as updated
    from ${incoming}`.execute(trx);
  const counts = { added: Number(counted.rows[0]?.added ?? 0), updated: Number(counted.rows[0]?.updated ?? 0) };
  if (counts.added + counts.updated > 0) {
    await sql`insert into entries (title, source_link, type, update_time, revision)
      select j.value ->> 'title', j.value ->> 'source_link', j.value ->> 'type', j.value ->> 'update_time', ${revision} from ${incoming}
      on conflict (source_link) do update set title = excluded.title, type = excluded.type,
        update_time = excluded.update_time, revision = excluded.revision`.execute(trx);
  }
  return counts;
}

/**
 * One statement per batch: the rows arrive as one JSON parameter (one round trip, one native
 * `JSON.stringify`, far less client CPU than node-postgres's array encoding), each is looked up by its link
 * through the unique index (the LATERAL … LIMIT 1 keeps that plan whatever the statistics say, so a batch
 * never scans the whole table), only new or different rows are written, and the counts come back. The
 * data-modifying CTE runs whether or not the final SELECT reads it. The caller holds the revision row lock,
 * so no other import writes between the comparison and the write. Links must be unique per batch.
 */
async function upsertPostgres(trx: Kysely<Schema>, json: string, revision: number): Promise<Changes> {
  const result = await sql<Changes>`
    with changes as (
      select i.title, i.source_link, i.type, i.update_time, e.id is null as is_new
      from json_to_recordset(${json}::json) as i(title text, source_link text, type text, update_time text)
      left join lateral (
        select id, title, type, update_time from entries where entries.source_link = i.source_link limit 1
      ) e on true
      where e.id is null or e.title <> i.title or e.type <> i.type or e.update_time <> i.update_time
    ), written as (
      insert into entries (title, source_link, type, update_time, revision)
      select title, source_link, type, update_time, ${revision}::integer from changes
      on conflict (source_link) do update set title = excluded.title, type = excluded.type,
        update_time = excluded.update_time, revision = excluded.revision
    )
    select (count(*) filter (where is_new))::integer as added, (count(*) filter (where not is_new))::integer as updated
    from changes`.execute(trx);
  const counts = result.rows[0];
  return { added: Number(counts?.added ?? 0), updated: Number(counts?.updated ?? 0) };
}
