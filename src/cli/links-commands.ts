/**
 * `dramadex links check|status|hidden|probe` (docs/link-health.md, "Operations"). They work on the store
 * whether or not a server runs (`probe` never opens it): `check` sends the requests itself (paced at LINK_CHECK_RATE per
 * provider, honouring the leases of running instances) and applies the visibility rule, which running
 * instances follow as they follow a removal; `hidden` prints the input `remove --file` takes.
 */
import type { Command } from 'commander';
import { type Config, loadConfig } from '../config.js';
import { parseCheckOrigins } from '../links/check-origins.js';
import { VERDICTS, type Verdict } from '../links/link-checker.js';
import { LINK_COUNT_NAMES, LinkHealthStore } from '../links/link-health-store.js';
import { probeLines, probeLink } from '../links/link-probe.js';
import { LinkQueueStore } from '../links/link-queue-store.js';
import { LEASE_MS } from '../links/link-scheduler.js';
import { createLinkChecker } from '../links/providers/index.js';
import { PROVIDER_IDS, type ProviderId, parseShareLink } from '../links/share-links.js';
import type { Database } from '../store/database.js';
import { CliError } from './errors.js';
import { withDatabase } from './with-database.js';

const DEFAULT_CHECK_LIMIT = 20;
const write = (line: string) => process.stdout.write(`${line}\n`);

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
      const config = loadConfig();
      await withDatabase(config, (database) => checkCommand(config, database, given, provider, limit));
    });
  links
    .command('status')
    .description('counts per provider and verdict, hidden, never checked, and the age of the oldest verdict')
    .action(async () => {
      const config = loadConfig();
      await withDatabase(config, (database) => statusCommand(config, database));
    });
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

async function checkCommand(config: Config, database: Database, given: string[], provider: ProviderId | undefined, limit: number) {
  const queue = new LinkQueueStore(database);
  const health = new LinkHealthStore(database, config.links.confirmMinutes * 60_000);
  const checker = createLinkChecker({ origins: parseCheckOrigins(config.links.origins) });
  const owner = `cli-${process.pid}`;
  let links = given.map((link) => link.trim()).filter(Boolean);
  if (provider) links = links.filter((link) => parseShareLink(link)?.provider === provider);
  if (given.length === 0) links = await mostDue(queue, provider ? [provider] : PROVIDER_IDS, limit);
  const tally = new Map<Verdict, number>(VERDICTS.map((verdict) => [verdict, 0]));
  let hidden = 0;
  let shown = 0;
  let notHeld = 0;
  const lastCheckAt = new Map<string, number>();
  for (const link of links) {
    const before = await health.status(link);
    const share = parseShareLink(link);
    if (share) {
      // Paced at LINK_CHECK_RATE per provider, as the background checks are.
      const wait = (lastCheckAt.get(share.provider) ?? 0) + 1000 / config.links.ratePerSecond - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastCheckAt.set(share.provider, Date.now());
    }
    const outcome = await checker.check(link);
    tally.set(outcome.verdict, (tally.get(outcome.verdict) ?? 0) + 1);
    if (before) {
      const after = await health.record(link, outcome, new Date());
      if (after.hidden && !before.hidden) hidden++;
      if (!after.hidden && before.hidden) shown++;
    } else notHeld++;
    // The reason beside the verdict: what the provider answered and the row that decided (docs/link-health.md).
    write(`${outcome.verdict} ${link}  ${outcome.reason}`);
  }
  if (given.length === 0) await queue.release(links, owner);
  const counts = VERDICTS.map((verdict) => `${tally.get(verdict)} ${verdict}`).join(', ');
  const held = notHeld > 0 ? `; ${notHeld} not in the catalogue (not recorded)` : '';
  write(`checked ${links.length} ${links.length === 1 ? 'link' : 'links'}: ${counts}; ${hidden} hidden, ${shown} shown again${held}`);

  async function mostDue(store: LinkQueueStore, providers: readonly ProviderId[], count: number): Promise<string[]> {
    while ((await store.enrolNew()) > 0) {
      // every entry enrolled, a batch at a time, so "most due" sees the never-checked ones too
    }
    const picked: string[] = [];
    for (const id of providers) {
      const due = await store.due(id, count - picked.length, Date.now());
      picked.push(...(await store.claim(due, owner, Date.now(), LEASE_MS)));
      if (picked.length >= count) break;
    }
    return picked;
  }
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
