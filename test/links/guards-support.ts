/** Provider guards for tests: one rate for every provider, hiding on for all, no canary unless given. */
import { runLinksCheck } from '../../src/cli/links-check.js';
import type { Config } from '../../src/config/config.js';
import { parseCheckOrigins } from '../../src/links/check-origins.js';
import type { GuardSettings } from '../../src/links/provider-guards.js';
import { ProviderGuards } from '../../src/links/provider-guards.js';
import { createLinkChecker } from '../../src/links/providers/provider-link-checker.js';
import { createLogger } from '../../src/observability/logger.js';
import { PROVIDER_IDS } from '../../src/shared/share-links.js';
import type { Database } from '../../src/store/database.js';

export function testGuards(database: Database, rate: number, settings: Partial<GuardSettings> = {}): ProviderGuards {
  return new ProviderGuards(database, {
    rates: { all: rate, each: {} },
    hide: [...PROVIDER_IDS],
    canaries: {},
    maxHidesPerHour: 200,
    deadCeiling: 0.5,
    ceilingSamples: 500,
    ...settings,
  });
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
