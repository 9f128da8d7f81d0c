/**
 * Why this exists: turns the measurements into the Markdown tables that go into closing notes, with
 * each figure next to its target and a PASS/FAIL mark, so a reader never has to recompute a ratio.
 */
import type { LoadResult } from './load.js';
import { RUN_TARGETS, type Scenario, type Target } from './scenarios.js';

export interface ScenarioOutcome {
  scenario: Scenario;
  dramadex?: LoadResult;
  bare?: LoadResult;
  medianMs?: number;
  bareMedianMs?: number;
  /** Response size and `data.total` of the captured response. */
  bytes?: number;
  total?: number;
  error?: string;
  /**
   * A 'versus' target measured head to head: both servers up at once, in alternating rounds; the median
   * of the rounds' ratios, and the quartiles. One per 'versus' target (a row may be held against several).
   */
  headToHead?: Array<{ scenario: string; ratio: number; low: number; high: number; rounds: number }>;
}

export interface RunFigures {
  heading: string;
  entries: number;
  importMs: number;
  startupMs: number;
  rssLoadedMb: number;
  rssAfterMb: number;
  peakMb: number;
  notes: string[];
}

const fixed = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
const mark = (ok: boolean) => (ok ? 'PASS' : '**FAIL**');

export function renderReport(outcomes: ScenarioOutcome[], run: RunFigures): string {
  const lines = [`### ${run.heading}`, ''];
  if (outcomes.length > 0) lines.push('#### Replays (one URL per scenario: after the first request the response cache answers)', '');
  lines.push(
    '| Scenario | dramadex req/s | bare req/s | ratio | p50 / p99 ms | bare p50 / p99 ms | 1-req median ms (bare) | bytes | total | target | result |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
  );
  for (const outcome of outcomes) {
    const { dramadex, bare } = outcome;
    const ratio = dramadex && bare && bare.rps > 0 ? dramadex.rps / bare.rps : undefined;
    const checks = outcome.scenario.targets.map((target) => check(target, outcome, ratio, outcomes));
    if (outcome.error) checks.push({ text: outcome.error.replaceAll('|', '\\|').slice(0, 100), ok: false });
    for (const [label, result] of [
      ['dramadex', dramadex],
      ['bare', bare],
    ] as const) {
      if (result && (result.non2xx > 0 || result.errors > 0)) {
        checks.push({ text: `${label}: ${result.non2xx} non-2xx, ${result.errors} errors`, ok: false });
      }
    }
    lines.push(
      `| ${[
        outcome.scenario.name,
        fixed(dramadex?.rps),
        fixed(bare?.rps),
        ratio === undefined ? '–' : `${ratio.toFixed(2)}×`,
        `${fixed(dramadex?.p50, 2)} / ${fixed(dramadex?.p99, 2)}`,
        `${fixed(bare?.p50, 2)} / ${fixed(bare?.p99, 2)}`,
        `${fixed(outcome.medianMs, 2)} (${fixed(outcome.bareMedianMs, 2)})`,
        fixed(outcome.bytes),
        fixed(outcome.total),
        checks.map((item) => item.text).join('; '),
        mark(checks.every((item) => item.ok)),
      ].join(' | ')} |`,
    );
  }
  const scale = run.entries === 1_000_000 ? '' : ' (target set for 1,000,000 entries)';
  lines.push(
    '',
    '| Measure | Value | Target | Result |',
    '|---|--:|---|---|',
    `| Import through the CLI (${run.entries.toLocaleString('en-US')} entries) | ${(run.importMs / 1000).toFixed(1)} s | < ${RUN_TARGETS.importSeconds} s${scale} | ${mark(run.importMs < RUN_TARGETS.importSeconds * 1000)} |`,
    `| Start-up to healthy /api/health | ${(run.startupMs / 1000).toFixed(2)} s | < ${RUN_TARGETS.startupSeconds} s${scale} | ${mark(run.startupMs < RUN_TARGETS.startupSeconds * 1000)} |`,
    `| RSS after loading | ${run.rssLoadedMb.toFixed(0)} MB | < ${RUN_TARGETS.rssMb} MB${scale} | ${mark(run.rssLoadedMb < RUN_TARGETS.rssMb)} |`,
    `| RSS after the load runs | ${run.rssAfterMb.toFixed(0)} MB | < ${RUN_TARGETS.rssMb} MB${scale} | ${mark(run.rssAfterMb < RUN_TARGETS.rssMb)} |`,
    `| Peak RSS (VmHWM) | ${run.peakMb.toFixed(0)} MB | – | – |`,
    '',
    ...[...run.notes, ...outcomes.flatMap(emptyPageNote)].map((note) => `- ${note}`),
  );
  return `${lines.join('\n')}\n`;
}

function check(target: Target, outcome: ScenarioOutcome, ratio: number | undefined, all: ScenarioOutcome[]): { text: string; ok: boolean } {
  if (target.kind === 'ratio') return { text: `≥ ${target.min}× bare`, ok: ratio !== undefined && ratio >= target.min };
  if (target.kind === 'median') {
    return { text: `median < ${target.maxMs} ms`, ok: outcome.medianMs !== undefined && outcome.medianMs < target.maxMs };
  }
  if (target.kind === 'latency') return latencyCheck(target, outcome, all);
  // Each side is compared through its own ratio to the bare server (measured in alternating rounds), so
  // background load that drifted between the two scenarios' runs cancels out.
  const other = all.find((candidate) => candidate.scenario.name === target.scenario);
  const relativeToBare = (o: ScenarioOutcome | undefined) =>
    o?.dramadex && o.bare && o.bare.rps > 0 ? o.dramadex.rps / o.bare.rps : undefined;
  const mine = relativeToBare(outcome);
  const theirs = relativeToBare(other);
  const relative = mine !== undefined && theirs ? mine / theirs : undefined;
  const what = target.minRatio <= 0.5 ? `within ${(1 / target.minRatio).toFixed(0)}× of` : `≥ ${target.minRatio}× of`;
  const bareRelative = `bare-relative req/s ${relative === undefined ? '–' : `${relative.toFixed(2)}×`} of it`;
  const direct = outcome.headToHead?.find((pair) => pair.scenario === target.scenario);
  if (direct !== undefined) {
    const spread = `median of ${direct.rounds} paired rounds, middle half ${direct.low.toFixed(2)}–${direct.high.toFixed(2)}×`;
    return {
      text: `${what} ${target.scenario} (head to head ${direct.ratio.toFixed(2)}×, ${spread}; ${bareRelative})`,
      ok: direct.ratio >= target.minRatio,
    };
  }
  return { text: `${what} ${target.scenario} (${bareRelative})`, ok: relative !== undefined && relative >= target.minRatio };
}

/** One request's median time against another scenario's, with the req/s ratio beside it for honesty. */
function latencyCheck(target: Extract<Target, { kind: 'latency' }>, outcome: ScenarioOutcome, all: ScenarioOutcome[]) {
  const other = all.find((candidate) => candidate.scenario.name === target.scenario);
  const ratio = outcome.medianMs !== undefined && other?.medianMs ? outcome.medianMs / other.medianMs : undefined;
  const rps = outcome.dramadex && other?.dramadex?.rps ? outcome.dramadex.rps / other.dramadex.rps : undefined;
  const text = `1-req median ≤ ${target.maxRatio}× ${target.scenario} (${ratio === undefined ? '–' : `${ratio.toFixed(2)}×`}; req/s ${rps === undefined ? '–' : `${rps.toFixed(2)}×`})`;
  return { text, ok: ratio !== undefined && ratio <= target.maxRatio };
}

/** A deep page past the data measures an empty page, not a deep one: say so. */
function emptyPageNote({ scenario, total }: ScenarioOutcome): string[] {
  const query = new URL(scenario.path, 'http://127.0.0.1').searchParams;
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 20);
  if (total === undefined || page <= 1 || total > (page - 1) * limit) return [];
  return [`"${scenario.name}" is past the data at this size (total ${total} ≤ ${(page - 1) * limit}): it measured an empty page`];
}
