/**
 * The link-check chain, built in one place (issue 41): the health store, the provider guards and the
 * guarded recorder every verdict passes through (docs/link-health.md, "Guards"). The scheduler, the
 * console's "check now" and `links check` all take it from here, and in one process they share one
 * chain, so failures in a row of a provider are counted together whoever asked for the checks.
 */
import type { Logger } from '../observability/logger.js';
import type { Database } from '../store/database.js';
import { GuardedRecorder, type LinkCheckObserver } from './guarded-recorder.js';
import { LinkHealthStore } from './link-health-store.js';
import { type GuardSettings, ProviderGuards } from './provider-guards.js';

export interface LinkCheckChain {
  health: LinkHealthStore;
  guards: ProviderGuards;
  recorder: GuardedRecorder;
}

export interface LinkCheckChainParts {
  database: Database;
  /** The guards' settings and LINK_CHECK_CONFIRM_MINUTES (config.links carries both). */
  settings: GuardSettings & { confirmMinutes: number };
  log: Logger;
  observer?: LinkCheckObserver | undefined;
}

export function createLinkCheckChain(parts: LinkCheckChainParts): LinkCheckChain {
  const health = new LinkHealthStore(parts.database, parts.settings.confirmMinutes * 60_000);
  const guards = new ProviderGuards(parts.database, parts.settings);
  return { health, guards, recorder: new GuardedRecorder(health, guards, parts.log, parts.observer) };
}
