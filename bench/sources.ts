/**
 * Why this exists: the sources rows of `npm run bench` (docs/sources.md). `sources mirror`: the real
 * `dramadex mirror --type post` (a child process, as operators run it) reading one streamed full dump of
 * `--entries` items from a loopback upstream into an empty database, timed, with the child's peak RSS
 * (VmHWM, read from /proc while it runs, children.ts) against the 300 MB bound. `sources channel page`: polls of a
 * fixture channel through the Telegram reader and the message rules, in milliseconds per page (fetch,
 * parse, rows). Neither needs the generated catalogue, so `--only sources` runs them alone.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { messageRows } from '../src/sources/message-entries.js';
import { readChannel } from '../src/sources/telegram-reader.js';
import { FixtureTelegram } from '../test/sources/fixture-telegram.js';
import { FixtureUpstream } from '../test/sources/fixture-upstream.js';
import { runCli } from './children.js';
import { createBenchDatabase } from './database.js';
import type { LifecycleContext } from './lifecycle.js';

export const SOURCES_ROWS = ['sources mirror', 'sources channel page'] as const;
const PEAK_TARGET_MB = 300;
const CHANNEL_MESSAGES = 1_000;
const CHANNEL_POLLS = 5;

/** What the lifecycle rows get, less the generated file (these rows make their own data). */
export type SourcesContext = Omit<LifecycleContext, 'file'>;

export async function measureSources(context: SourcesContext): Promise<string[]> {
  const rows: string[] = [];
  if (context.selected('sources mirror')) rows.push(await measureMirror(context));
  if (context.selected('sources channel page')) rows.push(await measureChannelPages(context));
  return rows;
}

async function measureMirror(context: SourcesContext): Promise<string> {
  const upstream = new FixtureUpstream({ count: context.entries });
  const baseUrl = await upstream.listen();
  const dir = join(context.tempDir, 'sources-mirror');
  mkdirSync(dir, { recursive: true });
  const target = await createBenchDatabase(context.store, dir, context.pgUrl);
  try {
    const env = { ...context.env, DATABASE_URL: target.url };
    const { code, stdout, stderr, ms, peakMb } = await runCli(['mirror', baseUrl, '--type', 'post'], env, 1_800_000);
    if (code !== 0) throw new Error(`dramadex mirror failed (${code}): ${stderr.trim().slice(-500)}`);
    const added = Number(/post: added (\d+)/.exec(stdout)?.[1] ?? Number.NaN);
    context.log(`${stdout.trim()} in ${(ms / 1000).toFixed(1)} s, peak RSS ${peakMb.toFixed(0)} MB`);
    const pass = added === context.entries && peakMb < PEAK_TARGET_MB;
    return `| mirror of a ${context.entries.toLocaleString('en-US')}-entry upstream (\`dramadex mirror --type post\`, one streamed /all, ${context.store}) | ${(ms / 1000).toFixed(1)} s, ${Math.round(added / (ms / 1000)).toLocaleString('en-US')} entries/s; peak RSS ${peakMb.toFixed(0)} MB | all mirrored, peak RSS < ${PEAK_TARGET_MB} MB | ${pass ? 'PASS' : '**FAIL**'} |`;
  } finally {
    await upstream.close();
    await target.drop();
  }
}

async function measureChannelPages(context: SourcesContext): Promise<string> {
  const telegram = new FixtureTelegram();
  const origin = await telegram.listen();
  telegram.channel(
    'bench_channel',
    Array.from({ length: CHANNEL_MESSAGES }, (_, index) => ({
      id: index + 1,
      time: '2026-11-20T10:00:00+08:00',
      html: `🎬 【第${index}部短剧】（全80集）<br>链接：<a href="https://pan.quark.cn/s/bench${index}abcd">https://pan.quark.cn/s/bench…</a> 提取码：ab${index % 10}c<br>https://pan.baidu.com/s/1bench${index}xyz<br><a href="?q=%23短剧">#短剧</a>`,
    })),
  );
  try {
    let pages = 0;
    let rows = 0;
    const started = performance.now();
    for (let poll = 0; poll < CHANNEL_POLLS; poll++) {
      const read = await readChannel('bench_channel', undefined, CHANNEL_MESSAGES, { origin });
      pages += read.pages;
      for (const message of read.messages) rows += messageRows(message, 'post', '2026-11-20 10:00:00').length;
    }
    const perPage = (performance.now() - started) / pages;
    context.log(`channel pages: ${pages} pages, ${rows} rows, ${perPage.toFixed(2)} ms a page`);
    return `| poll a channel page (fetch over loopback, parse, rows; 20 messages, 2 links each) | ${perPage.toFixed(2)} ms a page (${pages} pages) | – | – |`;
  } finally {
    await telegram.close();
  }
}
