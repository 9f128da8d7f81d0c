/**
 * What a feed holds (docs/web.md, "Feeds"): up to FEED_SIZE entries — the newest, today's, a type's, or a
 * keyword's best matches (shown newest first) — narrowed to the chosen drives. Each item is one entry:
 * title, share link, a guid made from type and link (stable while the entry is), its update time in the
 * catalogue's zone (RFC 822 for RSS, RFC 3339 for Atom), type and drive. Hidden and removed entries are
 * not in the view, so never in a feed. Characters XML 1.0 cannot carry are dropped before the templates
 * escape the rest.
 */
import { createHash } from 'node:crypto';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { ContentItem, ListFilter } from '../catalogue/catalogue-view.js';
import type { Language } from '../config/config.js';
import { TYPE_NAMES } from './page-text.js';
import { driveOf, linkFacts } from './providers.js';

export const FEED_SIZE = 50;
/** How many of a list's newest entries a drive-filtered feed looks through for its FEED_SIZE items. */
const FEED_SCAN = 20_000;
const SCAN_CHUNK = 500;

export interface FeedItem {
  title: string;
  link: string;
  guid: string;
  type: string;
  typeName: string;
  drive: string;
  driveName: string;
  rfc822: string;
  rfc3339: string;
  /** Milliseconds since the epoch: Last-Modified. */
  instant: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 refuses
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlSafe = (text: string) => text.replace(NOT_XML, '');

/** A list's newest entries on the chosen drives (all drives: the first FEED_SIZE). */
export function listedItems(catalogue: Catalogue, filter: ListFilter, drives: ReadonlySet<string> | undefined): ContentItem[] {
  const found: ContentItem[] = [];
  for (let offset = 0; found.length < FEED_SIZE && offset < FEED_SCAN; offset += SCAN_CHUNK) {
    const page = catalogue.list(filter, offset, drives ? SCAN_CHUNK : FEED_SIZE);
    for (const item of page.items) if (!drives || drives.has(driveOf(item.source_link))) found.push(item);
    if (!drives || offset + SCAN_CHUNK >= page.total) break;
  }
  return found.slice(0, FEED_SIZE);
}

/** A keyword's best matches on the chosen drives, newest first. */
export async function searchedItems(
  catalogue: Catalogue,
  keyword: string,
  drives: ReadonlySet<string> | undefined,
): Promise<ContentItem[]> {
  const found = await catalogue.search(keyword, undefined, 0, drives ? FEED_SCAN : FEED_SIZE);
  return found.items
    .filter((item) => !drives || drives.has(driveOf(item.source_link)))
    .slice(0, FEED_SIZE)
    .sort((a, b) => (a.update_time < b.update_time ? 1 : a.update_time > b.update_time ? -1 : 0));
}

export function feedItems(items: ContentItem[], language: Language, timeZone: string): FeedItem[] {
  return items.map((item) => {
    const { rfc822, rfc3339, instant } = zonedTimes(item.update_time, timeZone);
    return {
      title: xmlSafe(item.title),
      link: xmlSafe(item.source_link),
      guid: `urn:dramadex:${createHash('sha256').update(`${item.type}\u0000${item.source_link}`).digest('hex').slice(0, 32)}`,
      type: item.type,
      typeName: TYPE_NAMES[language][item.type],
      drive: driveOf(item.source_link),
      driveName: xmlSafe(linkFacts(item.source_link, language).provider),
      rfc822,
      rfc3339,
      instant,
    };
  });
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** A catalogue time (`YYYY-MM-DD HH:mm:ss`, local to the zone) as RFC 822 and RFC 3339 with the zone's offset. */
export function zonedTimes(local: string, timeZone: string): { rfc822: string; rfc3339: string; instant: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(local);
  const [year, month, day, hour, minute, second] = match ? match.slice(1).map(Number) : [1970, 1, 1, 0, 0, 0];
  const asUtc = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second);
  const offset = offsetMinutes(asUtc - offsetMinutes(asUtc, timeZone) * 60_000, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  const two = (value: number | undefined) => String(value).padStart(2, '0');
  const weekday = DAYS[new Date(Date.UTC(year as number, (month as number) - 1, day)).getUTCDay()];
  return {
    rfc822: `${weekday}, ${two(day)} ${MONTHS[(month as number) - 1]} ${year} ${two(hour)}:${two(minute)}:${two(second)} ${sign}${hours}${minutes}`,
    rfc3339: `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}${sign}${hours}:${minutes}`,
    instant: asUtc - offset * 60_000,
  };
}
