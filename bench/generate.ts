/**
 * Why this exists: the benchmark needs a large, realistic catalogue file that goes in through the real
 * import command. This writes N NDJSON entries (seeded, so runs are comparable) over the six types, with
 * unique netdisk-style links and update times spread over the past year, about 1% of them "today" in the
 * catalogue's zone (Asia/Shanghai) and never in the future. Written in chunks with back-pressure.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { seededRandom } from '../src/demo/seeded-random.js';
import { formatUpdateTime, LocalClock } from '../src/shared/local-time.js';
import { makeTitle } from './titles.js';

export type ContentType = 'post' | 'dongman' | 'movie' | 'tv' | 'xuexi' | 'extsrc';

const TYPE_SHARES: Array<[ContentType, number]> = [
  ['post', 0.45],
  ['extsrc', 0.15],
  ['dongman', 0.1],
  ['movie', 0.1],
  ['tv', 0.1],
  ['xuexi', 0.1],
];
const HOSTS = ['https://pan.quark.cn/s/', 'https://pan.baidu.com/s/1', 'https://www.alipan.com/s/', 'https://pan.xunlei.com/s/'];
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TODAY_SHARE = 0.01;
const DAY = 86_400;
const CHUNK = 5_000;

export interface GeneratedFile {
  path: string;
  entries: number;
  todayEntries: number;
  bytes: number;
}

export async function generateCatalogue(path: string, count: number, timeZone = 'Asia/Shanghai'): Promise<GeneratedFile> {
  const next = seededRandom(20_240_601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const now = new LocalClock(timeZone).localSeconds(new Date());
  const todayStart = now - (now % DAY);
  const out = createWriteStream(path, { encoding: 'utf8' });
  const failed = once(out, 'error').then(([error]) => {
    throw error;
  });
  let todayEntries = 0;
  let bytes = 0;
  for (let start = 0; start < count; start += CHUNK) {
    let chunk = '';
    for (let serial = start; serial < Math.min(count, start + CHUNK); serial++) {
      const type = typeFor(next());
      const today = next() < TODAY_SHARE;
      if (today) todayEntries++;
      // Today: between midnight and now. Otherwise: up to a year before midnight.
      const time = today
        ? todayStart + Math.floor(next() * Math.max(1, now - todayStart))
        : todayStart - 1 - Math.floor(next() * 365 * DAY);
      const entry = {
        title: makeTitle(type, pick, next),
        source_link: link(pick, next, serial),
        type,
        update_time: formatUpdateTime(time),
      };
      chunk += `${JSON.stringify(entry)}\n`;
    }
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  }
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  return { path, entries: count, todayEntries, bytes };
}

function typeFor(roll: number): ContentType {
  let sum = 0;
  for (const [type, share] of TYPE_SHARES) {
    sum += share;
    if (roll < sum) return type;
  }
  return 'xuexi';
}

/** A netdisk share link: random code plus the serial in base 36, so every link is unique. */
function link(pick: <T>(list: readonly T[]) => T, next: () => number, serial: number): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return `${pick(HOSTS)}${code}${serial.toString(36)}`;
}
