/**
 * Which source brought a link in (docs/pansou.md, docs/sources.md): a Telegram source records each link
 * it imports with its channel, so the PanSou interface can say `tg:<channel>`. Keyed by the link, as
 * entries are; a row outlives a removed entry harmlessly (it is only read for entries a search found).
 */
import type { Kysely, Migration } from 'kysely';

export function entrySourcesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('entry_sources')
        .addColumn('source_link', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
