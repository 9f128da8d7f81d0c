/**
 * The bundled demo catalogue: a few thousand realistic entries over the six types, built from the title
 * parts of src/demo/content/demo-catalogue.json the way real short-drama catalogues name things (trope +
 * role + episode count), with netdisk-style links. Deterministic (seeded), except that times are relative
 * to the moment of loading, so "today" always has entries.
 */
import type { EntryInput } from '../catalogue/catalogue-store.js';
import type { ContentType } from '../shared/content-types.js';
import { formatUpdateTime } from '../shared/local-time.js';
import { seededRandom } from './seeded-random.js';

type NamedType = Exclude<ContentType, 'post' | 'extsrc'>;

/** The demo catalogue's word lists and sizes, as the data file holds them. */
export interface DemoCatalogueParts {
  seed: number;
  /** Entries per type. */
  counts: Record<ContentType, number>;
  /** Short-drama titles are an opening, a middle and an ending (posts and external sources). */
  shortDrama: { openings: string[]; middles: string[]; endings: string[] };
  /** Known names of the other types, each given one of its type's suffixes. */
  titles: Record<NamedType, string[]>;
  suffixes: Record<NamedType, string[]>;
  /** Share-link prefixes of the drives the links point at. */
  hosts: string[];
}

/**
 * @param nowLocalSeconds the current wall-clock time in the catalogue's zone, as local seconds.
 */
export function demoCatalogue(parts: DemoCatalogueParts, nowLocalSeconds: number): EntryInput[] {
  const next = seededRandom(parts.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const entries: EntryInput[] = [];
  const todayStart = nowLocalSeconds - (nowLocalSeconds % 86_400);
  let serial = 0;
  for (const [type, count] of Object.entries(parts.counts) as Array<[ContentType, number]>) {
    for (let i = 0; i < count; i++) {
      serial++;
      // About one entry in twelve is from today (before now); the rest spread over 120 days.
      const time =
        next() < 0.08
          ? todayStart + Math.floor(next() * Math.max(1, nowLocalSeconds - todayStart))
          : todayStart - Math.floor(next() * 120 * 86_400) - 1;
      entries.push({
        title: title(parts, type, pick, next),
        source_link: `${pick(parts.hosts)}${code(next, serial)}`,
        type,
        update_time: formatUpdateTime(time),
      });
    }
  }
  return entries;
}

function title(parts: DemoCatalogueParts, type: ContentType, pick: <T>(list: readonly T[]) => T, next: () => number): string {
  if (type === 'post' || type === 'extsrc') {
    const { openings, middles, endings } = parts.shortDrama;
    const base = `${pick(openings)}${next() < 0.5 ? '后' : ''}${pick(middles)}${pick(endings)}`;
    const episodes = 40 + Math.floor(next() * 80);
    return next() < 0.6 ? `${base}（${episodes}集）` : base;
  }
  const name = pick(parts.titles[type]);
  const suffix = pick(parts.suffixes[type]);
  if (type === 'movie') return `${name}${suffix}`;
  if (type === 'tv') return `${name}（${suffix}）`;
  if (type === 'dongman') return `${name} ${suffix}`;
  return `${name}【${suffix}】`;
}

function code(next: () => number, serial: number): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let text = '';
  for (let i = 0; i < 10; i++) text += alphabet[Math.floor(next() * alphabet.length)];
  return `${text}${serial.toString(36)}`;
}
