/** Provider guards for tests: one rate for every provider, hiding on for all, no canary unless given. */
import assert from 'node:assert/strict';
import { runLinksCheck } from '../../src/cli/links-check.js';
import type { Config } from '../../src/config/config.js';
import { parseCheckOrigins } from '../../src/links/check-origins.js';
import type { GuardSettings } from '../../src/links/provider-guards.js';
import { ProviderGuards } from '../../src/links/provider-guards.js';
import { createLinkChecker } from '../../src/links/providers/provider-link-checker.js';
import { createLogger } from '../../src/observability/logger.js';
import { PROVIDER_IDS } from '../../src/shared/share-links.js';
import type { Database } from '../../src/store/database.js';
import { runCli } from '../support/cli.js';

export function testGuards(database: Database, rate: number, settings: Partial<GuardSettings> = {}): ProviderGuards {
  return new ProviderGuards(database, {
    rates: { all: rate, each: {} },
    hide: [...PROVIDER_IDS],
    canaries: {},
    maxHidesPerHour: 200,
    maxHiddenSharePerDay: 0.01,
    deadCeiling: 0.5,
    ceilingSamples: 500,
    ...settings,
  });
}

/** `links check` against the fixture providers: every check confirms at once, at a rate no test waits for. */
export function fixtureCheckEnv(url: string, origins: string): Record<string, string> {
  return { DATABASE_URL: url, LINK_CHECK_ORIGINS: origins, LINK_CHECK_CONFIRM_MINUTES: '0', LINK_CHECK_RATE: '1000' };
}

/** Entries hidden in the store now. */
export async function hiddenCount(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('hidden', '=', 1)
    .executeTakeFirst();
  return Number(row?.n);
}

/** `dramadex <args>` as an operator runs it, with `env`; it must succeed. Its standard output. */
export async function cliOutput(env: Record<string, string>, ...args: string[]): Promise<string> {
  const result = await runCli(args, env);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout;
}

/** One `links check` run on each instance at once (one store connection each), the links split between them; every printed line. */
export async function checkOnEach(databases: Database[], config: Config, links: string[]): Promise<string[]> {
  const checker = createLinkChecker({ origins: parseCheckOrigins(config.links.origins) });
  const lines: string[] = [];
  await Promise.all(
    databases.map((database, index) =>
      runLinksCheck({
        config,
        database,
        checker,
        log: createLogger('silent'),
        given: links.filter((_, at) => at % databases.length === index),
        provider: undefined,
        limit: 100,
        write: (line) => lines.push(line),
      }),
    ),
  );
  return lines;
}
