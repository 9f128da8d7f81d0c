/**
 * Why this exists: the catalogue-lifecycle rows of `npm run bench` (docs/lifecycle.md): `dramadex export`
 * of the whole generated catalogue (a child process, as operators run it), a mirror of a running dramadex
 * (limits off) into an empty database through the same client and code the `mirror` command uses (here
 * without the upstream's published pacing, which would only add minutes of waiting), and `dramadex remove`
 * of 100,000 entries while a server runs, timed until that server no longer serves them. Runs last: the
 * removal changes the bench database.
 */
import { createReadStream, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CatalogueStore } from '../src/catalogue/catalogue-store.js';
import { CatalogueClient } from '../src/client/catalogue-client.js';
import { mirrorRound, newMirrorState } from '../src/ingest/mirror.js';
import { CONTENT_TYPES } from '../src/shared/content-types.js';
import { openDatabase } from '../src/store/database.js';
import { runCli, startServe } from './children.js';
import { createBenchDatabase } from './database.js';
import { dataField, get } from './http-get.js';

export const LIFECYCLE_ROWS = ['export', 'mirror', 'removal'] as const;
const REMOVED = 100_000;
/** The poll of `dramadex serve` on SQLite (1 s; PostgreSQL is notified at once) plus the time to apply the change. */
const VISIBLE_TARGET_MS = 2_000;

export interface LifecycleContext {
  entries: number;
  file: string;
  tempDir: string;
  env: NodeJS.ProcessEnv;
  store: 'sqlite' | 'postgres';
  pgUrl: string;
  selected: (row: string) => boolean;
  log: (text: string) => void;
}

export async function measureLifecycle(context: LifecycleContext): Promise<string[]> {
  const { env, log, selected } = context;
  const rows: string[] = [];
  if (selected('export')) {
    const output = join(context.tempDir, 'export.ndjson');
    const exported = await runCli(['export', '--output', output], env, 600_000);
    if (exported.code !== 0) throw new Error(`dramadex export failed: ${exported.stderr.trim()}`);
    const mb = statSync(output).size / 1e6;
    log(`${exported.stderr.trim()} — ${(exported.ms / 1000).toFixed(1)} s`);
    rows.push(
      `| export (NDJSON, whole catalogue, CLI) | ${(exported.ms / 1000).toFixed(1)} s, ${perSecond(context.entries, exported.ms)}, ${mb.toFixed(0)} MB | – | – |`,
    );
  }
  if (!selected('mirror') && !selected('removal')) return rows;
  const server = await startServe({ ...env, RATE_LIMITS: 'off' }, {}, 60_000 + context.entries * 0.1);
  try {
    if (selected('mirror')) rows.push(await measureMirror(context, server.port));
    if (selected('removal')) rows.push(await measureRemoval(context, server.port));
  } finally {
    await server.stop();
  }
  return rows;
}

async function measureMirror(context: LifecycleContext, port: number): Promise<string> {
  const dir = join(context.tempDir, 'mirror');
  mkdirSync(dir, { recursive: true });
  const target = await createBenchDatabase(context.store, dir, context.pgUrl);
  const database = await openDatabase(target.url);
  try {
    const client = new CatalogueClient(`http://127.0.0.1:${port}`, {
      limits: { requestGapMs: 0, fullDumpGapMs: 0 },
      idleTimeoutMs: 120_000,
    });
    const started = performance.now();
    const outcomes = await mirrorRound(new CatalogueStore(database), client, CONTENT_TYPES, newMirrorState());
    const ms = performance.now() - started;
    const added = outcomes.reduce((sum, outcome) => sum + ('added' in outcome ? outcome.added : 0), 0);
    const failed = outcomes.filter((outcome) => outcome.state === 'failed');
    context.log(`mirrored ${added} entries in ${(ms / 1000).toFixed(1)} s${failed.length ? `; failed: ${JSON.stringify(failed)}` : ''}`);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const result = `${(ms / 1000).toFixed(1)} s, ${perSecond(added, ms)}, ${added.toLocaleString('en-US')} added; bench process peak RSS ${peakMb.toFixed(0)} MB`;
    return `| mirror of a local dramadex (6 /all dumps, limits off, in-process client) | ${result} | all ${context.entries.toLocaleString('en-US')} mirrored | ${added === context.entries && failed.length === 0 ? 'PASS' : '**FAIL**'} |`;
  } finally {
    await database.close();
    await target.drop();
  }
}

function perSecond(count: number, ms: number): string {
  return `${Math.round(count / (ms / 1000)).toLocaleString('en-US')} entries/s`;
}

async function measureRemoval(context: LifecycleContext, port: number): Promise<string> {
  const links = await firstLinks(context.file, Math.min(REMOVED, context.entries));
  const file = join(context.tempDir, 'remove.txt');
  writeFileSync(file, `${links.join('\n')}\n`);
  const totalNow = async () => Number(dataField((await get(port, '/api/contents?limit=1')).body, 'total'));
  const before = await totalNow();
  const removed = await runCli(['remove', '--file', file], context.env, 600_000);
  if (removed.code !== 0) throw new Error(`dramadex remove failed: ${removed.stderr.trim().slice(-500)}`);
  const ended = performance.now();
  let visibleMs = Number.NaN;
  for (let attempt = 0; attempt < 6_000; attempt++) {
    if ((await totalNow()) === before - links.length) {
      visibleMs = performance.now() - ended;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  context.log(`${removed.stdout.trim()} in ${(removed.ms / 1000).toFixed(1)} s; served ${visibleMs.toFixed(0)} ms after the command ended`);
  return `| remove ${links.length.toLocaleString('en-US')} entries (\`dramadex remove --file\`), then served by the running instance | command ${(removed.ms / 1000).toFixed(1)} s; served ${(visibleMs / 1000).toFixed(2)} s after it ended | served < ${VISIBLE_TARGET_MS / 1000} s after | ${visibleMs < VISIBLE_TARGET_MS ? 'PASS' : '**FAIL**'} |`;
}

/** The links of the first `count` entries of the generated NDJSON file. */
async function firstLinks(file: string, count: number): Promise<string[]> {
  const links: string[] = [];
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (links.length >= count) break;
    if (line.trim()) links.push((JSON.parse(line) as { source_link: string }).source_link);
  }
  lines.close();
  return links;
}
