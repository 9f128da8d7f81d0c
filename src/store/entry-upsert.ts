/**
 * The bulk half of a catalogue import, per dialect, inside the caller's transaction: add or update a
 * batch of entries by `source_link`, stamp changed rows with the import's revision, and say how many were
 * added and how many updated (the rest were unchanged). SQLite is in-process, so many small statements are
 * cheap; PostgreSQL pays a round trip per statement, so it sends a large batch as one JSON document and lets
 * one statement compare, write and count.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from './database.js';
import type { Schema } from './schema.js';

export interface EntryRow {
  title: string;
  source_link: string;
  type: string;
  update_time: string;
}

export interface UpsertCounts {
  added: number;
  updated: number;
}

/** Rows per call of `upsertEntries`: what each dialect handles best (measured by bench/import-store.ts). */
export const UPSERT_BATCH: Record<Dialect, number> = { sqlite: 400, postgres: 10_000 };

export function upsertEntries(dialect: Dialect, trx: Transaction<Schema>, rows: EntryRow[], revision: number): Promise<UpsertCounts> {
  return dialect === 'postgres' ? upsertPostgres(trx, rows, revision) : upsertSqlite(trx, rows, revision);
}

/** 5 columns × 400 rows stays far below SQLite's bound-parameter limit. */
async function upsertSqlite(trx: Kysely<Schema>, rows: EntryRow[], revision: number): Promise<UpsertCounts> {
  const counts = { added: 0, updated: 0 };
  const existing = await trx
    .selectFrom('entries')
    .select(['title', 'source_link', 'type', 'update_time'])
    .where(
      'source_link',
      'in',
      rows.map((row) => row.source_link),
    )
    .execute();
  const byLink = new Map(existing.map((row) => [row.source_link, row]));
  const changed = rows.filter((row) => {
    const old = byLink.get(row.source_link);
    if (!old) return ++counts.added > 0;
    const same = old.title === row.title && old.type === row.type && old.update_time === row.update_time;
    if (!same) counts.updated++;
    return !same;
  });
  if (changed.length > 0) {
    await trx
      .insertInto('entries')
      .values(changed.map((row) => ({ ...row, revision })))
      .onConflict((conflict) =>
        conflict.column('source_link').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          type: eb.ref('excluded.type'),
          update_time: eb.ref('excluded.update_time'),
          revision: eb.ref('excluded.revision'),
        })),
      )
      .execute();
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
async function upsertPostgres(trx: Kysely<Schema>, rows: EntryRow[], revision: number): Promise<UpsertCounts> {
  const result = await sql<UpsertCounts>`
    with changes as (
      select i.title, i.source_link, i.type, i.update_time, e.id is null as is_new
      from json_to_recordset(${rowsAsJson(rows)}::json) as i(title text, source_link text, type text, update_time text)
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

/** The batch as a JSON array of objects with exactly the four columns (rows are already well-formed text). */
function rowsAsJson(rows: EntryRow[]): string {
  return JSON.stringify(
    rows.map((row) => ({ title: row.title, source_link: row.source_link, type: row.type, update_time: row.update_time })),
  );
}
