/**
 * `dramadex links check|status|hidden|breaker|probe` (docs/link-health.md, "Operations"). They work on the
 * store whether or not a server runs (`probe` never opens it): `check` (links-check.ts) sends the requests
 * itself, honouring the leases of running instances and the providers' shared guards, and applies the
 * visibility rule, which running instances follow as they follow a removal; `hidden` prints the input
 * `remove --file` takes; `probe` checks one link and stores nothing.
 */
import type { Command } from 'commander';
import { type Config, loadConfig } from '../config/config.js';
import { parseCheckOrigins } from '../links/check-origins.js';
import { eachHiddenWhy, topUnknownReasons } from '../links/evidence-reads.js';
import { LINK_COUNT_NAMES } from '../links/link-health-reads.js';
import { LinkHealthStore } from '../links/link-health-store.js';
import { probeLines, probeLink } from '../links/link-probe.js';
import { ProviderGuards } from '../links/provider-guards.js';
import { createLinkChecker } from '../links/providers/provider-link-checker.js';
import { PROVIDER_IDS } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { CliError } from './errors.js';
import { ceilingCell, registerBreakerCommand } from './links-breaker.js';
import { runLinksCheck } from './links-check.js';
import { parseProvider } from './parse-provider.js';
import { commandLog, withDatabase } from './with-database.js';

const DEFAULT_CHECK_LIMIT = 20;
const write = (line: string) => process.stdout.write(`${line}\n`);
/** The unknown reasons `links status` lists per provider, most frequent first. */
const TOP_UNKNOWN_REASONS = 3;

export function registerLinksCommands(program: Command): void {
  const links = program.command('links').description('link health: check share links, see counts, list hidden entries');
  links
    .command('check')
    .description('check now the given links, or the most due ones; prints `<verdict> <link>  <reason>` per link and a summary')
    .argument('[links...]', 'links to check (default: the most due)')
    .option('--provider <id>', `only this provider (${PROVIDER_IDS.join(', ')})`)
    .option('--limit <n>', 'how many due links to check', String(DEFAULT_CHECK_LIMIT))
    .action(async (given: string[], options: { provider?: string; limit: string }) => {
      const provider = parseProvider(options.provider);
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new CliError('--limit must be an integer from 1 to 100000');
      const notLinks = given.filter((link) => !isHttpLink(link.trim()));
      if (notLinks.length > 0) throw new CliError(`not an http(s) link: ${notLinks.map((link) => JSON.stringify(link)).join(', ')}`);
      const config = loadConfig();
      const checker = createLinkChecker({ origins: parseCheckOrigins(config.links.origins) });
      await withDatabase(config, async (database) => {
        // One audit row per link checked, with its verdict and reason (as `cli`), written with the verdict.
        await runLinksCheck({ config, database, checker, log: commandLog(config), given, provider, limit, write });
      });
    });
  links
    .command('status')
    .description('counts per provider and verdict, hidden, never checked, and the age of the oldest verdict')
    .action(async () => {
      const config = loadConfig();
      await withDatabase(config, (database) => statusCommand(config, database));
    });
  registerBreakerCommand(links);
  links
    .command('probe')
    .description(
      'one check now, changing nothing: each request, its status, the provider code and message, the row that decided, the verdict',
    )
    .argument('<source_link>', 'the share link to check')
    .action(async (link: string) => {
      const result = await probeLink(link.trim(), parseCheckOrigins(loadConfig().links.origins));
      for (const line of probeLines(result)) write(line);
    });
  links
    .command('hidden')
    .description("the hidden entries' links, one a line (what `remove --file` takes); --why adds the evidence that hid each")
    .option('--provider <id>', 'only this provider')
    .option('--why', 'after each link, the verdict that hid it: its reason (row, HTTP status, code, message) and when')
    .action(async (options: { provider?: string; why?: boolean }) => {
      const provider = parseProvider(options.provider);
      await withDatabase(loadConfig(), async (database) => {
        if (!options.why) return new LinkHealthStore(database, 0).eachHidden(provider, (batch) => write(batch.join('\n')));
        await eachHiddenWhy(database, provider, (rows) =>
          write(
            rows
              .map(
                (row) =>
                  `${row.link}  ${row.reason ?? 'no evidence kept (hidden before it was)'}${row.decidedAt ? ` at ${row.decidedAt}` : ''}`,
              )
              .join('\n'),
          ),
        );
      });
    });
}

/** What `links check` takes: an absolute http(s) address (a link of no known provider is checked as "unsupported"). */
function isHttpLink(text: string): boolean {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
}

async function statusCommand(config: Config, database: Database): Promise<void> {
  const health = new LinkHealthStore(database, config.links.confirmMinutes * 60_000);
  const rows = await health.countsByProvider();
  const columns = ['alive', 'locked', 'dead', 'unknown', 'unsupported', 'unchecked', 'hidden'] as const;
  const byProvider = new Map<string, Record<(typeof columns)[number], number>>();
  for (const row of rows) {
    const counts = byProvider.get(row.provider) ?? { alive: 0, locked: 0, dead: 0, unknown: 0, unsupported: 0, unchecked: 0, hidden: 0 };
    counts[row.verdict as (typeof columns)[number]] += row.count;
    if (row.hidden) counts.hidden += row.count;
    byProvider.set(row.provider, counts);
  }
  write(
    ['provider', ...columns]
      .map((cell) => cell.padEnd(12))
      .join('')
      .trimEnd(),
  );
  for (const [provider, counts] of [...byProvider].sort(([a], [b]) => a.localeCompare(b))) {
    write(
      [provider, ...columns.map((column) => String(counts[column]))]
        .map((cell) => cell.padEnd(12))
        .join('')
        .trimEnd(),
    );
  }
  await writeCeilings(config, database);
  const reasons = await topUnknownReasons(database, TOP_UNKNOWN_REASONS);
  write(reasons.length > 0 ? 'top unknown reasons:' : 'top unknown reasons: none (no link answers unknown)');
  for (const group of reasons) {
    write(
      `  ${group.provider.padEnd(8)}${String(group.count).padStart(6)}  ${group.row}${group.code ? ` code ${group.code}` : ''}  e.g. ${group.example ?? '-'}`,
    );
  }
  const totals = await health.counts();
  write(`total: ${LINK_COUNT_NAMES.map((name) => `${totals[name]} ${name}`).join(', ')}`);
  write(`never checked: ${totals.unchecked}`);
  const oldest = await health.oldestVerdictAt();
  write(
    oldest ? `oldest verdict: ${oldest} (${formatAge(Date.now() - Date.parse(oldest))} ago)` : 'oldest verdict: none (nothing checked yet)',
  );
}

/** Per provider, the dead share among its last LINK_CHECK_CEILING_SAMPLES decisive verdicts next to the ceiling. */
async function writeCeilings(config: Config, database: Database): Promise<void> {
  const now = Date.now();
  const states = (await new ProviderGuards(database, config.links).states(now)).filter((state) => state.ceilingDecisive > 0);
  write(`dead-rate ceiling (last ${config.links.ceilingSamples} decisive verdicts):${states.length > 0 ? '' : ' no decisive verdict yet'}`);
  for (const state of states) write(`  ${state.provider.padEnd(10)}${ceilingCell(state, now)}`);
}

function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
}
