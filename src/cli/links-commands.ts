/**
 * `dramadex links check|status|hidden` (docs/link-health.md, "Operations"). They work on the store
 * whether or not a server runs: `check` sends the requests itself (paced at LINK_CHECK_RATE per
 * provider, honouring the leases of running instances) and applies the visibility rule, which running
 * instances follow as they follow a removal (src/operations/link-operations.ts, audited as `cli`); `hidden`
 * prints the input `remove --file` takes.
 */
import type { Command } from 'commander';
import { type Config, loadConfig } from '../config.js';
import { VERDICTS, type Verdict } from '../links/link-checker.js';
import { LINK_COUNT_NAMES, LinkHealthStore } from '../links/link-health-store.js';
import { CLI_ACTOR } from '../operations/audit-log.js';
import type { CheckResult } from '../operations/link-operations.js';
import { PROVIDER_IDS, type ProviderId, parseShareLink } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { CliError } from './errors.js';
import { withDatabase, withOperations } from './with-database.js';

const DEFAULT_CHECK_LIMIT = 20;
const write = (line: string) => process.stdout.write(`${line}\n`);

export function registerLinksCommands(program: Command): void {
  const links = program.command('links').description('link health: check share links, see counts, list hidden entries');
  links
    .command('check')
    .description('check now the given links, or the most due ones; prints `<verdict> <link>` per link and a summary')
    .argument('[links...]', 'links to check (default: the most due)')
    .option('--provider <id>', `only this provider (${PROVIDER_IDS.join(', ')})`)
    .option('--limit <n>', 'how many due links to check', String(DEFAULT_CHECK_LIMIT))
    .action(async (given: string[], options: { provider?: string; limit: string }) => {
      const provider = parseProvider(options.provider);
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new CliError('--limit must be an integer from 1 to 100000');
      await checkCommand(loadConfig(), given, provider, limit);
    });
  links
    .command('status')
    .description('counts per provider and verdict, hidden, never checked, and the age of the oldest verdict')
    .action(async () => {
      const config = loadConfig();
      await withDatabase(config, (database) => statusCommand(config, database));
    });
  links
    .command('hidden')
    .description("the hidden entries' links, one a line (what `remove --file` takes)")
    .option('--provider <id>', 'only this provider')
    .action(async (options: { provider?: string }) => {
      const provider = parseProvider(options.provider);
      await withDatabase(loadConfig(), async (database) => {
        await new LinkHealthStore(database, 0).eachHidden(provider, (batch) => write(batch.join('\n')));
      });
    });
}

function parseProvider(text: string | undefined): ProviderId | undefined {
  if (text === undefined) return undefined;
  const id = text.trim().toLowerCase();
  if (!(PROVIDER_IDS as readonly string[]).includes(id))
    throw new CliError(`unknown provider "${text}": use one of ${PROVIDER_IDS.join(', ')}`);
  return id as ProviderId;
}

async function checkCommand(config: Config, given: string[], provider: ProviderId | undefined, limit: number) {
  const tally = new Map<Verdict, number>(VERDICTS.map((verdict) => [verdict, 0]));
  const printed = (result: CheckResult) => {
    tally.set(result.outcome.verdict, (tally.get(result.outcome.verdict) ?? 0) + 1);
    write(`${result.outcome.verdict} ${result.link}`);
  };
  const results = await withOperations(config, ({ links }) => {
    if (given.length === 0) return links.checkDue(CLI_ACTOR, provider ? [provider] : PROVIDER_IDS, limit, printed);
    const wanted = given.map((link) => link.trim()).filter((link) => link && (!provider || parseShareLink(link)?.provider === provider));
    return links.check(CLI_ACTOR, wanted, printed);
  });
  const hidden = results.filter((result) => result.change === 'hidden').length;
  const shown = results.filter((result) => result.change === 'shown').length;
  const notHeld = results.filter((result) => !result.held).length;
  const counts = VERDICTS.map((verdict) => `${tally.get(verdict)} ${verdict}`).join(', ');
  const held = notHeld > 0 ? `; ${notHeld} not in the catalogue (not recorded)` : '';
  write(`checked ${results.length} ${results.length === 1 ? 'link' : 'links'}: ${counts}; ${hidden} hidden, ${shown} shown again${held}`);
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
  const totals = await health.counts();
  write(`total: ${LINK_COUNT_NAMES.map((name) => `${totals[name]} ${name}`).join(', ')}`);
  write(`never checked: ${totals.unchecked}`);
  const oldest = await health.oldestVerdictAt();
  write(
    oldest ? `oldest verdict: ${oldest} (${formatAge(Date.now() - Date.parse(oldest))} ago)` : 'oldest verdict: none (nothing checked yet)',
  );
}

function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
}
