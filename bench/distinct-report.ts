/**
 * Why this exists: the Markdown tables of issue 12's figures (cold engine time per keyword class,
 * streams of distinct URLs against the bare server, requests beside saturating searches), each figure
 * beside its target with PASS/FAIL, in the style of report.ts.
 */
import type { DistinctOutcomes } from './distinct-traffic.js';
import type { ColdReport } from './engine-cold.js';

/** Issue 12's targets: cold engine time per class, and what other requests wait while searches saturate. */
export const COLD_TARGETS = { p50Ms: 0.5, p99Ms: 5, maxMs: 20 };
export const SATURATION_TARGETS = { listP99Ms: 20, healthMaxMs: 100 };

const fixed = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
const mark = (ok: boolean) => (ok ? 'PASS' : '**FAIL**');
const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderCold(report: ColdReport): string[] {
  const { p50Ms, p99Ms, maxMs } = COLD_TARGETS;
  const lines = [
    `#### Cold engine time per keyword class (${report.keywords.toLocaleString('en-US')} distinct keywords, each searched once, no result cache; build ${(report.buildMs / 1000).toFixed(1)} s, first pinyin search ${fixed(report.firstPinyinMs, 0)} ms)`,
    '',
    '| Class | keywords | p50 ms | p99 ms | max ms | slowest keyword | target | result |',
    '|---|--:|--:|--:|--:|---|---|---|',
  ];
  for (const c of report.classes) {
    const ok = c.p50 <= p50Ms && c.p99 <= p99Ms && c.max <= maxMs;
    const slowest = c.slowest.length > 24 ? `${c.slowest.slice(0, 24)}…` : c.slowest;
    lines.push(
      `| ${c.kind} | ${c.keywords} | ${fixed(c.p50, 3)} | ${fixed(c.p99, 2)} | ${fixed(c.max, 1)} | \`${cell(slowest)}\` | p50 ≤ ${p50Ms}, p99 ≤ ${p99Ms}, max ≤ ${maxMs} | ${mark(ok)} |`,
    );
  }
  return [...lines, ''];
}

export function renderDistinct(outcomes: DistinctOutcomes): string[] {
  const lines: string[] = [];
  if (outcomes.streams.length > 0) {
    lines.push(
      '#### Distinct traffic (every URL new to the server; bare answers each with a body of the same mean size)',
      '',
      '| Stream | dramadex req/s | bare req/s | ratio | p50 / p99 ms | bare p50 / p99 ms | mean bytes | target | result |',
      '|---|--:|--:|--:|--:|--:|--:|---|---|',
    );
    for (const s of outcomes.streams) {
      const ratio = s.dramadex && s.bare && s.bare.rps > 0 ? s.dramadex.rps / s.bare.rps : undefined;
      const errors = [s.dramadex, s.bare].some((r) => r && (r.non2xx > 0 || r.errors > 0));
      const ok = s.error === undefined && !errors && (s.minRatio === undefined || (ratio !== undefined && ratio >= s.minRatio));
      const target = [s.minRatio === undefined ? '–' : `≥ ${s.minRatio}× bare`, s.error ? cell(s.error.slice(0, 80)) : '']
        .filter(Boolean)
        .join('; ');
      lines.push(
        `| ${[
          s.name,
          fixed(s.dramadex?.rps),
          fixed(s.bare?.rps),
          ratio === undefined ? '–' : `${ratio.toFixed(2)}×`,
          `${fixed(s.dramadex?.p50, 2)} / ${fixed(s.dramadex?.p99, 2)}`,
          `${fixed(s.bare?.p50, 2)} / ${fixed(s.bare?.p99, 2)}`,
          fixed(s.meanBytes),
          target,
          s.minRatio === undefined && ok ? '–' : mark(ok),
        ].join(' | ')} |`,
      );
    }
    lines.push('');
  }
  if (outcomes.pansou.length > 0) {
    lines.push(
      '#### The PanSou interface beside the catalogue (same server, alternating rounds, distinct keywords)',
      '',
      '| Stream | req/s | p50 / p99 ms | catalogue req/s | catalogue p50 / p99 ms | mean bytes | ratio | target | result |',
      '|---|--:|--:|--:|--:|--:|--:|---|---|',
    );
    for (const row of outcomes.pansou) {
      const { catalogue, pansou } = row;
      const ratio = catalogue && pansou && catalogue.rps > 0 ? pansou.rps / catalogue.rps : undefined;
      const errors = [catalogue, pansou].some((r) => r && (r.non2xx > 0 || r.errors > 0));
      const target = row.maxCost === undefined ? undefined : 1 - row.maxCost;
      const ok = row.error === undefined && !errors && (target === undefined || (ratio !== undefined && ratio >= target));
      lines.push(
        `| ${[
          `\`POST /pansou/api/search\` ${row.limit === undefined ? 'without limit (200 links)' : `limit ${row.limit}`}`,
          fixed(pansou?.rps),
          `${fixed(pansou?.p50, 2)} / ${fixed(pansou?.p99, 2)}`,
          fixed(catalogue?.rps),
          `${fixed(catalogue?.p50, 2)} / ${fixed(catalogue?.p99, 2)}`,
          fixed(row.meanBytes),
          ratio === undefined ? '–' : `${ratio.toFixed(2)}×`,
          [target === undefined ? '–' : `≥ ${target.toFixed(2)}× distinct searches`, row.error ? cell(row.error.slice(0, 80)) : '']
            .filter(Boolean)
            .join('; '),
          target === undefined && ok ? '–' : mark(ok),
        ].join(' | ')} |`,
      );
    }
    lines.push('');
  }
  const saturation = outcomes.saturation;
  if (saturation) {
    const { listP99Ms, healthMaxMs } = SATURATION_TARGETS;
    const { list, health, searches } = saturation;
    lines.push(
      '#### While distinct searches saturate the server',
      '',
      '| Measure | Value | Target | Result |',
      '|---|--:|---|---|',
      `| distinct searches | ${fixed(searches?.rps)} req/s, p50 / p99 ${fixed(searches?.p50, 1)} / ${fixed(searches?.p99, 1)} ms${saturation.error ? ` (${cell(saturation.error)})` : ''} | – | – |`,
      `| list page 1 back to back (${list.count} requests) | p50 ${fixed(list.p50, 2)}, p99 ${fixed(list.p99, 2)}, max ${fixed(list.max, 1)} ms | p99 ≤ ${listP99Ms} ms | ${mark(list.p99 <= listP99Ms)} |`,
      `| /api/health every 100 ms (${health.count} probes, ${health.failures} failed) | max ${fixed(health.max, 1)} ms | every probe ≤ ${healthMaxMs} ms | ${mark(health.max <= healthMaxMs && health.failures === 0)} |`,
      '',
    );
  }
  return lines;
}
