/**
 * An upstream's dump on its way in (docs/sources.md, "Upstreams and mirror"): validated rows are written here in
 * batches under a run id while the dump streams, so memory holds one batch, not the dump; once the dump
 * is complete and valid the catalogue swaps the type from these rows in one transaction
 * (catalogue-store.ts, `replaceFromStaged`). A link staged twice keeps its last row. Run ids start with
 * the time they began, so rows of a run that died (a killed process) are swept by later runs.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { type EntryRow, rowsAsJson } from './entry-upsert.js';
import type { Schema } from './schema.js';

/** A new run id: the start time (fixed width, so ids compare by age as text) and a random part. */
export function newStagingRun(now: number): string {
  return `${String(now).padStart(15, '0')}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Adds a batch of rows to `run`; `firstSeq` numbers them, so the swap applies them in dump order. */
export async function stageRows(database: Database, run: string, firstSeq: number, rows: EntryRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = rowsAsJson(rows);
  const update = sql`on conflict (run, source_link) do update set seq = excluded.seq, title = excluded.title,
    type = excluded.type, update_time = excluded.update_time`;
  if (database.dialect === 'postgres') {
    await sql`insert into staged_entries (run, seq, title, source_link, type, update_time)
      select ${run}, ${firstSeq}::integer + i.n::integer - 1, i.title, i.source_link, i.type, i.update_time
      from rows from (json_to_recordset(${json}::json) as (title text, source_link text, type text, update_time text))
        with ordinality as i(title, source_link, type, update_time, n)
      ${update}`.execute(database.db);
    return;
  }
  // `where true` keeps SQLite from reading the upsert's ON as a join constraint.
  await sql`insert into staged_entries (run, seq, title, source_link, type, update_time)
    select ${run}, ${firstSeq} + j.key, j.value ->> 'title', j.value ->> 'source_link', j.value ->> 'type', j.value ->> 'update_time'
    from json_each(${json}) j where true ${update}`.execute(database.db);
}

export async function clearStaged(database: Database, run: string): Promise<void> {
  await database.db.deleteFrom('staged_entries').where('run', '=', run).execute();
}

/** Removes the rows of runs that began before `before` (runs that died). */
export async function clearStaleRuns(database: Database, before: number): Promise<void> {
  await database.db.deleteFrom('staged_entries').where('run', '<', newStagingRun(before).slice(0, 15)).execute();
}

/** The next `limit` staged rows of `run` after `afterSeq`, in dump order. */
export async function stagedAfter(
  trx: Kysely<Schema>,
  run: string,
  afterSeq: number,
  limit: number,
): Promise<{ rows: EntryRow[]; lastSeq: number }> {
  const found = await trx
    .selectFrom('staged_entries')
    .select(['seq', 'title', 'source_link', 'type', 'update_time'])
    .where('run', '=', run)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  const rows = found.map(({ title, source_link, type, update_time }) => ({ title, source_link, type, update_time }));
  return { rows, lastSeq: Number(found.at(-1)?.seq ?? afterSeq) };
}

/** Links of `type` stored now that `run` did not stage (what the swap removes), `limit` at a time by id. */
export async function unstagedLinks(
  trx: Transaction<Schema>,
  run: string,
  type: string,
  afterId: number,
  limit: number,
): Promise<{ links: string[]; lastId: number }> {
  const { rows } = await sql<{ id: number; source_link: string }>`select e.id, e.source_link from entries e
    where e.type = ${type} and e.id > ${afterId}
      and not exists (select 1 from staged_entries s where s.run = ${run} and s.source_link = e.source_link)
    order by e.id limit ${limit}`.execute(trx);
  return { links: rows.map((row) => row.source_link), lastId: Number(rows.at(-1)?.id ?? afterId) };
}
