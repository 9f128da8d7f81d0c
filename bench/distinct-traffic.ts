/**
 * Why this exists: the figures issue 12 judges real traffic by. Each stream of distinct URLs
 * (traffic-paths.ts) runs against dramadex and against the bare node:http server answering every URL
 * with one body of the same mean size as dramadex's answers to that stream, in alternating rounds of
 * the same run; then distinct searches saturate dramadex while a list stream and health probes measure
 * what the other requests wait (saturation.ts).
 */
import { startBare } from './bare.js';
import type { Served } from './children.js';
import { type Captured, get, waitIdle } from './http-get.js';
import type { Keyword } from './keyword-corpus.js';
import { compare, type LoadResult, type LoadSettings } from './load.js';
import { measureSaturation, type SaturationOutcome } from './saturation.js';
import {
  distinctDeepPages,
  distinctNoMatchSearches,
  distinctPansouSearches,
  distinctSearches,
  type PathStream,
  zipfMix,
} from './traffic-paths.js';

export interface StreamOutcome {
  name: string;
  /** Minimum ratio to bare (undefined: no target). */
  minRatio: number | undefined;
  dramadex?: LoadResult;
  bare?: LoadResult;
  meanBytes?: number;
  error?: string;
}

/** A PanSou row: its POST searches beside the catalogue's distinct searches, on one server, round by round. */
export interface PansouOutcome {
  /** Links asked for (`limit`); undefined: none sent, PANSOU_MAX_RESULTS. */
  limit: number | undefined;
  /** Most the PanSou stream may cost over the catalogue's: its req/s at least (1 - this) of theirs; undefined: no target. */
  maxCost: number | undefined;
  catalogue?: LoadResult;
  pansou?: LoadResult;
  meanBytes?: number;
  error?: string;
}

export interface DistinctOutcomes {
  streams: StreamOutcome[];
  pansou: PansouOutcome[];
  saturation?: SaturationOutcome;
}

/** Scenario names, as `--only` selects them. */
export const DISTINCT_SCENARIOS = [
  'distinct searches',
  'distinct no-match searches',
  'distinct deep pages',
  'Zipf mix',
  'PanSou distinct searches',
  'saturating searches',
] as const;
/** The streams that need no keyword corpus (the cold engine run draws it). */
export const CORPUS_FREE: readonly string[] = ['distinct no-match searches', 'distinct deep pages'];

interface Context {
  server: Served;
  headers: Record<string, string>;
  tempDir: string;
  settings: LoadSettings;
  log: (text: string) => void;
}

export async function measureDistinct(selected: string[], corpus: Keyword[], context: Context): Promise<DistinctOutcomes> {
  const streams: Array<[string, () => PathStream, number | undefined]> = [
    ['distinct searches', () => distinctSearches(corpus), 0.3],
    ['distinct no-match searches', () => distinctNoMatchSearches(), undefined],
    ['distinct deep pages', () => distinctDeepPages(), 0.7],
    ['Zipf mix', () => zipfMix(corpus), undefined],
  ];
  const outcomes: DistinctOutcomes = { streams: [], pansou: [] };
  for (const [name, make, minRatio] of streams) {
    if (!selected.includes(name)) continue;
    const outcome: StreamOutcome = { name, minRatio };
    outcomes.streams.push(outcome);
    try {
      await measureStream(make(), outcome, context);
    } catch (error) {
      outcome.error = (error as Error).message;
      context.log(`${name}: failed: ${outcome.error}`);
    }
  }
  // Like for like (the catalogue page's 20 items, issue 40's target of at most 10% more), then as
  // tg-pansou-bot asks (no limit: 200 links, ten times the bytes; no target).
  if (selected.includes('PanSou distinct searches')) {
    for (const outcome of [
      { limit: 20, maxCost: 0.1 },
      { limit: undefined, maxCost: undefined },
    ] as PansouOutcome[]) {
      outcomes.pansou.push(outcome);
      try {
        await measurePansou(corpus, outcome, context);
      } catch (error) {
        outcome.error = (error as Error).message;
        context.log(`PanSou distinct searches: failed: ${outcome.error}`);
      }
    }
  }
  if (selected.includes('saturating searches')) {
    context.log('saturating searches: distinct searches with a list stream and health probes beside them…');
    outcomes.saturation = await measureSaturation(context.server.port, distinctSearches(corpus, true), context.headers, context.settings);
  }
  return outcomes;
}

async function measureStream(stream: PathStream, outcome: StreamOutcome, context: Context): Promise<void> {
  const { server, headers, settings, log } = context;
  const sampled: Captured[] = [];
  for (const path of stream.sample) sampled.push(await get(server.port, path, headers, undefined, 120_000));
  const failed = sampled.find((response) => response.status !== 200);
  if (failed) throw new Error(`answered ${failed.status}: ${failed.body.toString('utf8').slice(0, 120)}`);
  const meanBytes = Math.round(sampled.reduce((sum, response) => sum + response.body.length, 0) / sampled.length);
  outcome.meanBytes = meanBytes;
  const bare = await startBare(context.tempDir, new Map([['*', sameSize(sampled[0] as Captured, meanBytes)]]));
  try {
    const settle = async (port: number) => {
      if (!(await waitIdle(port, headers))) throw new Error(`server on port ${port} still busy 120 s after a load run`);
    };
    log(`${outcome.name}: dramadex and bare (mean body ${meanBytes} bytes), ${settings.rounds} alternating rounds…`);
    const [ours, theirs] = await compare([server.port, bare.port], (port) => stream.next(port), headers, settings, settle);
    outcome.dramadex = ours;
    outcome.bare = theirs;
    log(`${outcome.name}: ${ours?.rps.toFixed(0)} vs ${theirs?.rps.toFixed(0)} req/s`);
  } finally {
    await bare.stop();
  }
}

/**
 * `POST /pansou/api/search` of distinct keywords against the catalogue's own distinct searches, both on
 * the same server in alternating rounds (issue 40: the PanSou shapes are a thin layer over the same search).
 */
async function measurePansou(corpus: Keyword[], outcome: PansouOutcome, context: Context): Promise<void> {
  const { server, headers, settings, log } = context;
  const pansou = distinctPansouSearches(corpus, outcome.limit);
  const sampled: Captured[] = [];
  for (const request of pansou.sample) sampled.push(await post(server.port, request.path, request.body, headers));
  const failed = sampled.find((response) => response.status !== 200);
  if (failed) throw new Error(`answered ${failed.status}: ${failed.body.toString('utf8').slice(0, 120)}`);
  outcome.meanBytes = Math.round(sampled.reduce((sum, response) => sum + response.body.length, 0) / sampled.length);
  const catalogue = distinctSearches(corpus);
  log(
    `PanSou distinct searches: beside the catalogue's distinct searches (mean body ${outcome.meanBytes} bytes), ${settings.rounds} alternating rounds…`,
  );
  const settle = async (port: number) => {
    if (!(await waitIdle(port, headers))) throw new Error(`server on port ${port} still busy 120 s after a load run`);
  };
  const [ours, theirs] = await compare(
    [server.port, server.port],
    [(port) => catalogue.next(port), (port) => pansou.next(port)],
    headers,
    settings,
    settle,
  );
  outcome.catalogue = ours;
  outcome.pansou = theirs;
  log(`PanSou distinct searches: ${theirs?.rps.toFixed(0)} vs the catalogue's ${ours?.rps.toFixed(0)} req/s`);
}

/** One POST of a JSON body, read whole (the PanSou row's samples). */
async function post(port: number, path: string, body: string, headers: Record<string, string>): Promise<Captured> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    body,
    headers: { ...headers, 'content-type': 'application/json' },
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()) };
}

/** A response with its body padded with spaces (valid JSON still) or cut to `bytes`, and a matching length. */
function sameSize(response: Captured, bytes: number): Captured {
  const body = Buffer.alloc(bytes, ' ');
  response.body.copy(body, 0, 0, Math.min(bytes, response.body.length));
  const headers = response.headers.filter(([name]) => name !== 'content-length');
  headers.push(['content-length', String(bytes)]);
  return { status: response.status, headers, body };
}
