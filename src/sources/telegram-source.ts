/**
 * One poll of a Telegram channel: read what is new since the cursor (telegram-reader.ts), turn each
 * message into its rows (message-entries.ts) with the message's time in the catalogue's zone as
 * `update_time`, and hand them all to the import path as one batch (ingest/import-file.ts: the import
 * rules, the takedowns, one transaction). Nothing is written before every page has been read; then the
 * links are recorded as this channel's (entry-sources.ts, which the PanSou interface reports), and imported.
 */
import type { CatalogueStore } from '../catalogue/catalogue-store.js';
import { importRows } from '../ingest/import-file.js';
import type { RawRow } from '../ingest/read-rows.js';
import { formatUpdateTime, type LocalClock } from '../shared/local-time.js';
import { recordSource } from './entry-sources.js';
import { messageRows } from './message-entries.js';
import type { SourceCounts } from './source-counts.js';
import type { TelegramSettings } from './source-store.js';
import { readChannel, type TelegramReadOptions } from './telegram-reader.js';

export async function pollTelegram(
  store: CatalogueStore,
  settings: TelegramSettings,
  cursor: string | undefined,
  clock: LocalClock,
  options: TelegramReadOptions,
): Promise<{ counts: SourceCounts; cursor: string | undefined }> {
  const read = await readChannel(settings.channel, cursor === undefined ? undefined : Number(cursor), settings.backfill, options);
  const rows: RawRow[] = [];
  const links: string[] = [];
  for (const message of read.messages) {
    const updateTime = formatUpdateTime(clock.localSeconds(message.time));
    for (const value of messageRows(message, settings.type, updateTime)) {
      rows.push({ line: message.id, value });
      links.push(value.source_link);
    }
  }
  // Recorded before the import, so the import's revision finds them there (a row for a link the import
  // rejects is never read: no entry has its link).
  await recordSource(store.database, { kind: 'telegram', name: settings.channel }, links);
  const report = rows.length === 0 ? { added: 0, updated: 0, unchanged: 0, removed: 0, rejected: [] } : await importRows(store, rows);
  return { counts: report, cursor: read.newestId === undefined ? cursor : String(read.newestId) };
}
