/**
 * Why this exists: `npm run bench`, the figures the catalogue, search, limits and PostgreSQL issues are
 * judged by. It generates N realistic entries, imports them through the real CLI into a throw-away
 * database, starts `dramadex serve` as operators do, and for each scenario compares dramadex with a
 * bare node:http server replaying the very same bytes, in the same run, on the same machine. Prints
 * Markdown tables (figures, targets, PASS/FAIL) to stdout and progress to stderr; removes everything
 * it created however it ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBenchKey } from './api-key.js';
import { memoryOf, runCli, startServe } from './children.js';
import { cleanupAll, installSignalHandlers, onCleanup } from './cleanup.js';
import { runEngineAnchor, runEngineCold } from './cold-engine-run.js';
import { createBenchDatabase } from './database.js';
import { renderCold, renderDistinct } from './distinct-report.js';
import { CORPUS_FREE, DISTINCT_SCENARIOS, type DistinctOutcomes, measureDistinct } from './distinct-traffic.js';
import type { ColdReport } from './engine-cold.js';
import { generateCatalogue } from './generate.js';
import { measureHeadToHead } from './head-to-head.js';
import { dataField, get } from './http-get.js';
import type { Keyword } from './keyword-corpus.js';
import { LIFECYCLE_ROWS, measureLifecycle } from './lifecycle.js';
import { LINK_FIXTURE_PLACEHOLDER, type LinkFixture, startLinkFixture } from './link-fixture.js';
import { guardTable, simulateGuards } from './link-guards.js';
import type { LoadSettings } from './load.js';
import { measureGroup, requestHeaders } from './measure-group.js';
import { type BenchOptions, parseOptions } from './options.js';
import { type RunFigures, renderReport, type ScenarioOutcome } from './report.js';
import { SCENARIOS, type Scenario, serverKey } from './scenarios.js';
import { measureSources, SOURCES_ROWS } from './sources.js';

const log = (text: string) => process.stderr.write(`bench: ${text}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(options: BenchOptions): Promise<void> {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const tempDir = mkdtempSync(join(tmpdir(), 'dramadex-bench-'));
  onCleanup(`remove ${tempDir}`, () => rmSync(tempDir, { recursive: true, force: true }));

  // The sources rows need no generated catalogue: `--only sources` runs them alone.
  const sourcesSelected = (row: string) => options.only.length === 0 || options.only.some((part) => row.includes(part));
  const sourcesContext = { entries: options.entries, tempDir, store: options.store, pgUrl: options.pgUrl, selected: sourcesSelected, log };
  const sourcesEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', CATALOGUE_TZ: 'Asia/Shanghai' };
  if (options.only.length > 0 && options.only.every((part) => part.startsWith('link guards'))) {
    await runGuardSimulation(options, tempDir);
    return;
  }
  if (options.only.length > 0 && options.only.every((part) => part.startsWith('sources'))) {
    const rows = await measureSources({ ...sourcesContext, env: sourcesEnv });
    process.stdout.write(`\n${sourcesTable(rows, options.entries, options.store)}`);
    return;
  }

  const file = join(tempDir, 'catalogue.ndjson');
  const started = performance.now();
  const generated = await generateCatalogue(file, options.entries);
  log(
    `generated ${generated.entries} entries (${generated.todayEntries} today, ${(generated.bytes / 1e6).toFixed(0)} MB) in ${seconds(performance.now() - started)}`,
  );

  // The anchor's table (issue 27) needs only the generated file: asked for alone, nothing is imported.
  if (options.only.includes('anchor')) {
    log('anchor: loading the catalogue into the engine, one search per keyword, then the distinct stream…');
    process.stdout.write(`\n${await runEngineAnchor(file, 600_000 + options.entries * 2)}`);
    if (options.only.every((part) => part === 'anchor')) return;
  }

  const database = await createBenchDatabase(options.store, tempDir, options.pgUrl);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // Node options for the servers and commands the bench starts (e.g. a young-generation cap), so a
    // runtime setting can be measured without changing what the runner itself runs with.
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    DATABASE_URL: database.url,
    CATALOGUE_TZ: 'Asia/Shanghai',
    LOG_LEVEL: 'warn',
    // Metrics on, as in production, on a free port: several servers run at once in head-to-head rows.
    METRICS_PORT: '0',
    // The page rows send thousands of page requests a second from one address; the page's own budget
    // (60 a minute by default) would refuse them. It changes nothing for the API rows.
    WEB_RATE_LIMIT: '1000000',
    ...(options.workers === undefined ? {} : { SEARCH_WORKERS: String(options.workers) }),
  };
  log(`importing into ${database.description} through \`dramadex import\`…`);
  const imported = await runCli(['import', file], env, 120_000 + options.entries * 1.5);
  if (imported.code !== 0) throw new Error(`dramadex import failed (${imported.code}): ${imported.stderr.trim()}`);
  log(`${imported.stdout.trim()} — ${seconds(imported.ms)}`);

  const apiKey = await createBenchKey(env);
  log(apiKey.note);

  // `=name` picks that row alone (`--only "=list page 1"` leaves out "list page 1, limits off").
  const selected = (name: string) =>
    options.only.length === 0 || options.only.some((part) => (part.startsWith('=') ? name === part.slice(1) : name.includes(part)));
  const scenarios = SCENARIOS.filter((scenario) => selected(scenario.name));
  const distinct = DISTINCT_SCENARIOS.filter(selected);
  let cold: ColdReport | undefined;
  let corpus: Keyword[] = [];
  if (selected('cold engine') || distinct.some((name) => !CORPUS_FREE.includes(name))) {
    log('cold engine: loading the catalogue into the engine, drawing the keyword corpus, one search per keyword…');
    const started = performance.now();
    ({ report: cold, corpus } = await runEngineCold(file, tempDir, 600_000 + options.entries * 2));
    log(`cold engine: ${cold.keywords} keywords in ${seconds(performance.now() - started)}`);
    if (!selected('cold engine')) cold = undefined;
  }
  let distinctOutcomes: DistinctOutcomes | undefined;
  const settings: LoadSettings = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    rounds: options.rounds,
  };
  const outcomes = new Map<Scenario, ScenarioOutcome>();
  let features: unknown;
  let figures: Pick<RunFigures, 'startupMs' | 'rssLoadedMb' | 'rssAfterMb' | 'peakMb'> | undefined;
  let failure: unknown;
  // One server per distinct server configuration; the default one ('[]', first) gives start-up and memory.
  const keys = [...new Set([...scenarios.map(serverKey), ...(distinct.length > 0 ? ['[]'] : [])])].sort(
    (a, b) => Number(b === '[]') - Number(a === '[]'),
  );
  // The rows served while links are checked send every provider's requests to one loopback fixture.
  let linkFixture: LinkFixture | undefined;
  let linkRate: { count: number; spanMs: number } | undefined;
  if (scenarios.some((scenario) => scenario.serverEnv?.LINK_CHECK_ORIGINS === LINK_FIXTURE_PLACEHOLDER)) {
    const fixture = await startLinkFixture();
    onCleanup('stop the link fixture', () => fixture.close());
    linkFixture = fixture;
  }
  try {
    for (const key of keys) {
      const group = scenarios.filter((scenario) => serverKey(scenario) === key);
      const envFor = (scenario: Scenario | undefined) => {
        const merged: NodeJS.ProcessEnv = { ...env, ...apiKey.env, ...scenario?.serverEnv };
        if (merged.LINK_CHECK_ORIGINS === LINK_FIXTURE_PLACEHOLDER) merged.LINK_CHECK_ORIGINS = linkFixture?.origins;
        return merged;
      };
      const healthHeaders: Record<string, string> = apiKey.key ? { 'x-api-key': apiKey.key } : {};
      const startupTimeoutMs = 60_000 + options.entries * 0.1;
      const server = await startServe(envFor(group[0]), healthHeaders, startupTimeoutMs);
      const loaded = memoryOf(server.pid);
      const first = figures === undefined;
      figures ??= { startupMs: server.startupMs, rssLoadedMb: loaded.rssMb, rssAfterMb: Number.NaN, peakMb: loaded.peakMb };
      features ??= dataField((await get(server.port, '/api/status', healthHeaders)).body, 'features');
      log(`server healthy in ${seconds(server.startupMs)}, RSS ${loaded.rssMb.toFixed(0)} MB${key === '[]' ? '' : ` (env ${key})`}`);
      const context = { server, apiKey: apiKey.key, tempDir, settings, sequentialRequests: options.sequentialRequests, outcomes, log };
      await measureGroup(group, context);
      const headersOf = (scenario: Scenario) => requestHeaders(scenario, apiKey.key);
      await measureHeadToHead(group, { server, envFor, headersOf, healthHeaders, startupTimeoutMs, settings, outcomes, log });
      if (key === '[]' && distinct.length > 0) {
        distinctOutcomes = await measureDistinct(distinct, corpus, { server, headers: healthHeaders, tempDir, settings, log });
      }
      if (first) ({ rssMb: figures.rssAfterMb, peakMb: figures.peakMb } = memoryOf(server.pid));
      await server.stop();
    }
    // The checks a second at a high rate: one server checking as fast as the fixture answers, for a while.
    if (linkFixture) linkRate = await measureLinkCheckRate(linkFixture, { ...env, ...apiKey.env }, apiKey.key);
  } catch (error) {
    failure = error; // still print what was measured
  }
  // The lifecycle rows run last (the removal changes the database); `--only export,mirror,removal` or `--only lifecycle` picks them.
  const lifecycleSelected = (row: string) =>
    options.only.length === 0 || options.only.some((part) => row.includes(part) || part === 'lifecycle');
  let lifecycleRows: string[] = [];
  if (!failure && LIFECYCLE_ROWS.some(lifecycleSelected)) {
    lifecycleRows = await measureLifecycle({
      entries: generated.entries,
      file,
      tempDir,
      env,
      store: options.store,
      pgUrl: options.pgUrl,
      selected: lifecycleSelected,
      log,
    }).catch((error: unknown) => {
      failure = error;
      return [];
    });
  }

  let sourcesRows: string[] = [];
  if (!failure && SOURCES_ROWS.some(sourcesSelected)) {
    sourcesRows = await measureSources({ ...sourcesContext, env: sourcesEnv }).catch((error: unknown) => {
      failure = error;
      return [];
    });
  }

  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const report = renderReport([...outcomes.values()], {
    heading: `dramadex bench — ${options.entries.toLocaleString('en-US')} entries on ${options.store}, ${options.connections} connections × ${options.durationSeconds} s per server in ${options.rounds} alternating rounds (after ${options.warmupSeconds} s warm-up), ${when} UTC`,
    entries: options.entries,
    importMs: imported.ms,
    startupMs: figures?.startupMs ?? Number.NaN,
    rssLoadedMb: figures?.rssLoadedMb ?? Number.NaN,
    rssAfterMb: figures?.rssAfterMb ?? Number.NaN,
    peakMb: figures?.peakMb ?? Number.NaN,
    notes: [
      apiKey.note,
      `${generated.todayEntries} of the entries are dated today (Asia/Shanghai); import time is the whole \`dramadex import\` process (start-up, parse, validation, one transaction)`,
      'ratio = dramadex req/s ÷ bare node:http req/s replaying the same bytes and headers; both servers are child processes on the same machine as autocannon',
      `1-req median: ${options.sequentialRequests} sequential requests on one keep-alive connection`,
      ...(failure ? [`**the run stopped early**: ${(failure as Error)?.message ?? failure}`] : []),
      `shared machine: ${cpus().length} cores, 1-minute load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]?.toFixed(1)} at the end; /api/status features: ${JSON.stringify(features)}`,
    ],
  });
  const extra = [
    ...(cold ? renderCold(cold) : []),
    ...(distinctOutcomes ? renderDistinct(distinctOutcomes) : []),
    ...(linkRate ? linkCheckRows(linkRate, generated.entries) : []),
  ];
  const lifecycle =
    lifecycleRows.length === 0
      ? ''
      : ['', '| Catalogue lifecycle | Value | Target | Result |', '|---|---|---|---|', ...lifecycleRows, ''].join('\n');
  // With only lifecycle rows asked for, the request table and the server figures would be empty.
  const onlyLifecycle = scenarios.length === 0 && extra.length === 0 && distinct.length === 0 && lifecycleRows.length > 0;
  const heading = `### dramadex bench — ${options.entries.toLocaleString('en-US')} entries on ${options.store}, ${when} UTC, import ${seconds(imported.ms)}; load average ${loadBefore.toFixed(1)} → ${loadavg()[0]?.toFixed(1)}\n`;
  const sources = sourcesRows.length === 0 ? '' : `\n${sourcesTable(sourcesRows, options.entries, options.store)}`;
  process.stdout.write(`\n${onlyLifecycle ? heading : report}${extra.length > 0 ? `\n${extra.join('\n')}` : ''}${lifecycle}${sources}`);
  if (failure) throw failure;
}

/**
 * Issue 23's figures: checks a second the checking servers made against the fixture (Quark's, the
 * providers that answer; all checking servers of the run together), and the time one full pass over the
 * catalogue takes at the default LINK_CHECK_RATE of 1 a second per provider, computed for the
 * generated mix (four providers, a quarter of the links each).
 */
const LINK_RATE_SECONDS = 20;

/** Starts a server with LINK_CHECK_RATE=1000 and counts the checks the fixture answers in LINK_RATE_SECONDS. */
async function measureLinkCheckRate(
  fixture: LinkFixture,
  env: NodeJS.ProcessEnv,
  key: string | undefined,
): Promise<{ count: number; spanMs: number }> {
  log(`link checks at a high rate: one server with LINK_CHECK_RATE=1000 for ${LINK_RATE_SECONDS} s…`);
  const server = await startServe(
    { ...env, LINK_CHECK: 'on', LINK_CHECK_RATE: '1000', LINK_CHECK_CONCURRENCY: '8', LINK_CHECK_ORIGINS: fixture.origins },
    key ? { 'x-api-key': key } : {},
    120_000,
  );
  try {
    const before = fixture.checks().count;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, LINK_RATE_SECONDS * 1000));
    return { count: fixture.checks().count - before, spanMs: performance.now() - started };
  } finally {
    await server.stop();
  }
}

function linkCheckRows({ count, spanMs }: { count: number; spanMs: number }, entries: number): string[] {
  const providers = 4;
  const passHours = entries / providers / 3600;
  return [
    '',
    '| Link checks | Value |',
    '|---|---|',
    `| checks a second against the fixture providers (one server, LINK_CHECK_RATE=1000, LINK_CHECK_CONCURRENCY=8, Quark answering, no other load) | ${(count / Math.max(spanMs / 1000, 0.001)).toFixed(0)} (${count} checks in ${seconds(spanMs)}) |`,
    `| a full pass over ${entries.toLocaleString('en-US')} links at the default rate (1 a second per provider, ${providers} providers), computed | ${passHours.toFixed(1)} h |`,
    '',
  ];
}

/** Issue 43's table: the guards over synthetic verdict streams (bench/link-guards.ts); needs no catalogue. */
async function runGuardSimulation(options: BenchOptions, tempDir: string): Promise<void> {
  const scenarios = options.only.map((part) => part.slice('link guards'.length).replace(/^[:\s]+/, '')).filter(Boolean);
  const context = {
    links: options.links,
    providers: options.providers,
    store: options.store,
    pgUrl: options.pgUrl,
    tempDir,
    selected: (name: string) => scenarios.length === 0 || scenarios.some((part) => name.includes(part)),
    log,
  };
  const started = performance.now();
  const rows = await simulateGuards(context);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const heading = `### dramadex bench — link guards, ${options.links.toLocaleString('en-US')} links per provider on ${options.store}, ${when} UTC, Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${seconds(performance.now() - started)} in all`;
  process.stdout.write(`\n${guardTable(rows, context, heading)}`);
}

function sourcesTable(rows: string[], entries: number, store: string): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const heading = `### dramadex bench — sources, ${entries.toLocaleString('en-US')} entries on ${store}, ${when} UTC, Node ${process.version}`;
  return [heading, '', '| Sources | Value | Target | Result |', '|---|---|---|---|', ...rows, ''].join('\n');
}

installSignalHandlers();
let exitCode = 0;
try {
  await main(parseOptions(process.argv.slice(2)));
} catch (error) {
  process.stderr.write(`bench: failed: ${(error as Error)?.stack ?? error}\n`);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
