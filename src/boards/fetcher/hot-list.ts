/**
 * Maps an upstream hot list into our records. The shape is the one a well-known portal's board API
 * uses: entries with `word` (the title or name), `desc`, `hotScore` (often a numeric string), `img`,
 * `url` and `show` (lines such as `类型：古装/剧情` or `演员：张三 / 李四`), found wherever the array sits
 * in the response (`data.cards[0].content`, `data.content`, a bare array…).
 */
import type { Board } from '../../shared/board-names.js';
import { MAX_RECORDS, parseRecords, type RecordInput } from '../records.js';

type Entry = Record<string, unknown>;

/** The board's records from an upstream JSON document; throws RecordError when none can be found. */
export function mapHotList(board: Board, document: unknown): RecordInput[] {
  const entries = findEntries(document, 0) ?? [];
  const seen = new Set<string>();
  const raw = [];
  for (const entry of entries) {
    const word = typeof entry.word === 'string' ? entry.word.trim() : '';
    if (word === '' || seen.has(word)) continue;
    seen.add(word);
    raw.push(board === 'actors' ? actor(entry, word) : drama(entry, word));
    if (raw.length === MAX_RECORDS) break;
  }
  if (raw.length === 0) throw new Error('the upstream document holds no entries with a `word`');
  return parseRecords(board, raw);
}

function findEntries(value: unknown, depth: number): Entry[] | undefined {
  if (depth > 6 || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    const objects = value.filter((item): item is Entry => typeof item === 'object' && item !== null && !Array.isArray(item));
    if (objects.some((item) => typeof item.word === 'string')) return objects;
    for (const item of objects) {
      const found = findEntries(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const child of Object.values(value)) {
    const found = findEntries(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function drama(entry: Entry, word: string) {
  const show = showLines(entry.show);
  return {
    title: word,
    hot_score: score(entry.hotScore),
    description: text(entry.desc),
    cover: link(entry.img),
    url: link(entry.url),
    genres: show.get('genres') ?? [],
    actors: show.get('actors') ?? [],
  };
}

function actor(entry: Entry, word: string) {
  const show = showLines(entry.show);
  const gender = show.get('gender')?.[0] ?? 'unknown';
  return {
    name: word,
    gender: ['女', 'female'].includes(gender) ? 'female' : ['男', 'male'].includes(gender) ? 'male' : 'unknown',
    hot_score: score(entry.hotScore),
    avatar: link(entry.img),
    url: link(entry.url),
    works: show.get('works') ?? [],
  };
}

const LABELS: Array<[RegExp, string]> = [
  [/类型|题材|genre/i, 'genres'],
  [/演员|主演|主持|嘉宾|配音|cast|actor/i, 'actors'],
  [/代表作|作品|works/i, 'works'],
  [/性别|gender/i, 'gender'],
];

/** `show` lines as label → values, e.g. `演员：张三 / 李四` → actors: [张三, 李四]. */
function showLines(show: unknown): Map<string, string[]> {
  const lines = Array.isArray(show) ? show : [show];
  const found = new Map<string, string[]>();
  for (const line of lines) {
    if (typeof line !== 'string') continue;
    const match = /^\s*([^:：]{1,10})[:：](.*)$/.exec(line);
    if (!match) continue;
    const kind = LABELS.find(([pattern]) => pattern.test(match[1] ?? ''))?.[1];
    if (!kind || found.has(kind)) continue;
    const values = (match[2] ?? '')
      // Not the full-width comma: Chinese titles contain it (`闪婚后，傅总每天都在追妻`).
      .split(/[/、|；;,]|\s{2,}/)
      .map((value) => value.trim())
      .filter(Boolean)
      .slice(0, 20);
    found.set(kind, values);
  }
  return found;
}

function score(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : 0;
  return Number.isSafeInteger(number) && number >= 0 ? number : 0;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 2000) : '';
}

function link(value: unknown): string {
  const url = text(value);
  return /^https?:\/\//i.test(url) && URL.canParse(url) ? url : '';
}
