/**
 * A catalogue search's entries in PanSou's shapes (docs/pansou.md): `results[]` (one per entry, its one
 * link) and `merged_by_type` (links grouped by drive type, each list in the search's order). Times are
 * `update_time` as RFC 3339 with the catalogue zone's offset at that time; the channel is the source the
 * entry came from.
 */
import type { ContentItem } from '../catalogue/catalogue-view.js';
import { TYPE_DESCRIPTORS } from '../shared/content-types.js';
import type { DriveLink } from './drive-types.js';
import type { ResultShape } from './search-request.js';
import type { ZoneOffsets } from './zone-offsets.js';

/** Where an entry came from: a Telegram channel, an upstream catalogue, or dramadex itself. */
export interface EntrySource {
  kind: 'telegram' | 'upstream' | 'dramadex';
  name: string;
}

export interface FoundEntry extends ContentItem {
  id: number;
  drive: DriveLink;
  source: EntrySource;
}

export interface SearchData {
  total: number;
  results?: unknown[];
  merged_by_type?: Record<string, unknown[]>;
}

export function searchData(entries: FoundEntry[], total: number, shape: ResultShape, offsets: ZoneOffsets): SearchData {
  const data: SearchData = { total };
  const times = entries.map((entry) => offsets.rfc3339(entry.update_time));
  if (shape !== 'merge') data.results = entries.map((entry, index) => result(entry, times[index] as string));
  if (shape !== 'results') {
    const merged: Record<string, unknown[]> = {};
    for (const [index, entry] of entries.entries()) {
      const link = {
        url: entry.source_link,
        password: entry.drive.password,
        note: entry.title,
        datetime: times[index] as string,
        source: entry.source.kind === 'telegram' ? `tg:${entry.source.name}` : 'plugin:dramadex',
        images: [],
      };
      const list = merged[entry.drive.type];
      if (list) list.push(link);
      else merged[entry.drive.type] = [link];
    }
    data.merged_by_type = merged;
  }
  return data;
}

function result(entry: FoundEntry, datetime: string) {
  const id = String(entry.id);
  const typeName = TYPE_DESCRIPTORS[entry.type].name;
  return {
    message_id: id,
    unique_id: id,
    channel: entry.source.name,
    datetime,
    title: entry.title,
    content: `${entry.title} ${typeName}`,
    links: [{ type: entry.drive.type, url: entry.source_link, password: entry.drive.password, datetime, work_title: entry.title }],
    tags: [typeName],
    images: [],
  };
}
