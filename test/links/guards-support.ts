/** Provider guards for tests: one rate for every provider, hiding on for all, no canary unless given. */
import type { GuardSettings } from '../../src/links/provider-guards.js';
import { ProviderGuards } from '../../src/links/provider-guards.js';
import { PROVIDER_IDS } from '../../src/shared/share-links.js';
import type { Database } from '../../src/store/database.js';

export function testGuards(database: Database, rate: number, settings: Partial<GuardSettings> = {}): ProviderGuards {
  return new ProviderGuards(database, {
    rates: { all: rate, each: {} },
    hide: [...PROVIDER_IDS],
    canaries: {},
    maxHidesPerHour: 200,
    ...settings,
  });
}
