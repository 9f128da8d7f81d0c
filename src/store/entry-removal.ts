/**
 * The deleting half of catalogue writes, per dialect, inside the caller's transaction (catalogue-change.ts):
 * by links (a removal, or what a replace did not keep) and by a takedown's link prefix. Every deleted entry's id is
 * logged in `removed_entries` under the write's revision first (a hidden entry is logged there already:
 * its row moves to the new revision), so running instances drop it from memory when they follow the
 * revision (docs/lifecycle.md); its link's health goes with it. Links arrive as one JSON parameter, as in imports.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from './database.js';
import type { Schema } from './schema.js';

/** An entry a write deleted, named as the audit record names it (operations/audit-log.ts). */
export interface RemovedEntry {
  link: string;
  title: string;
}

/** Deletes the entries with these links; returns those that were there, with their titles. */
export async function removeLinks(dialect: Dialect, trx: Transaction<Schema>, links: string[], revision: number): Promise<RemovedEntry[]> {
  const json = JSON.stringify(links);
  if (dialect === 'postgres') {
    const { rows } = await sql<{ source_link: string; title: string }>`
      with gone as (
        delete from entries where source_link in (select value from json_array_elements_text(${json}::json))
        returning id, source_link, title
      ), logged as (
        insert into removed_entries (entry_id, revision) select id, ${revision}::integer from gone
        on conflict (entry_id) do update set revision = excluded.revision
      ), forgotten as (delete from link_states where source_link in (select source_link from gone))
      select source_link, title from gone`.execute(trx);
    return rows.map(named);
  }
  const matching = sql`json_each(${json}) j join entries e on e.source_link = j.value`;
  const { rows } = await sql<{ source_link: string; title: string }>`select e.source_link, e.title from ${matching}`.execute(trx);
  if (rows.length === 0) return [];
  await sql`insert into removed_entries (entry_id, revision) select e.id, ${revision} from ${matching} where true
    on conflict (entry_id) do update set revision = excluded.revision`.execute(trx);
  await sql`delete from entries where source_link in (select value from json_each(${json}))`.execute(trx);
  await sql`delete from link_states where source_link in (select value from json_each(${json}))`.execute(trx);
  return rows.map(named);
}

function named(row: { source_link: string; title: string }): RemovedEntry {
  return { link: row.source_link, title: row.title };
}

/** Deletes every entry whose link starts with `prefix` (a takedown); returns how many. */
export async function removeByPrefix(trx: Transaction<Schema>, prefix: string, revision: number): Promise<number> {
  const matches = startsWith(prefix);
  await sql`insert into removed_entries (entry_id, revision) select id, ${revision} from entries where ${matches}
    on conflict (entry_id) do update set revision = excluded.revision`.execute(trx);
  await sql`delete from link_states where ${matches}`.execute(trx);
  const result = await trx.deleteFrom('entries').where(matches).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many entries (hidden ones too) a takedown of `prefix` would remove: a dry run's answer. */
export async function countByPrefix(db: Kysely<Schema>, prefix: string): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(startsWith(prefix))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function startsWith(prefix: string) {
  // substr, not LIKE: SQLite's LIKE ignores ASCII case and both treat % and _ in links as wildcards.
  // Both stores count characters (code points), not UTF-16 units as String.length does.
  return sql<boolean>`substr(source_link, 1, ${[...prefix].length}) = ${prefix}`;
}
