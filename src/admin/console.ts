/**
 * The console's long-lived parts, built once per process from what the composition root already holds:
 * the accounts and sessions over the store, the sign-in throttle over the limits' counters (memory, or
 * the process's one Redis link), the templates, and the services its pages read. Everything the console's
 * route modules need arrives through this one object (their plugin option), so a page module never
 * builds a store or a counter of its own.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Config } from '../config/config.js';
import { ApiKeyStore } from '../limits/api-keys.js';
import type { LinkServices } from '../links/link-services.js';
import type { Metrics } from '../observability/metrics.js';
import { createOperations, type Operations } from '../operations/operations.js';
import type { RedisLink } from '../redis/redis-link.js';
import type { Database } from '../store/database.js';
import { AccountStore } from './accounts.js';
import { ConsoleTemplates } from './console-templates.js';
import { SessionStore } from './sessions.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** How long a page waits for the store before answering with an error page (deadline.ts). */
export const STORE_DEADLINE_MS = 5000;

/** What the composition root hands the console. */
export interface ConsoleParts {
  config: Config;
  database: Database;
  redis: RedisLink | undefined;
  catalogue: Catalogue;
  links: LinkServices;
  metrics: Metrics | undefined;
  /** Overrides STORE_DEADLINE_MS (tests of a hung store). */
  storeDeadlineMs?: number | undefined;
}

export interface AdminConsole extends ConsoleParts {
  accounts: AccountStore;
  sessions: SessionStore;
  throttle: SignInThrottle;
  templates: ConsoleTemplates;
  apiKeys: ApiKeyStore;
  /** Every change the console makes (src/operations/), audited under the account's name. */
  operations: Operations;
  storeDeadlineMs: number;
}

export function createConsole(parts: ConsoleParts): AdminConsole {
  return {
    ...parts,
    accounts: new AccountStore(parts.database),
    sessions: new SessionStore(parts.database),
    throttle: new SignInThrottle(parts.config.limits.redisKeyPrefix, parts.redis, parts.database),
    templates: new ConsoleTemplates(),
    apiKeys: new ApiKeyStore(parts.database),
    // The page that made a change, and this instance's API, serve it at once; other instances follow the change feed.
    // Its link checks take their turns from the scheduler's pacer: one LINK_CHECK_RATE for both.
    operations: createOperations({
      config: parts.config,
      database: parts.database,
      afterChange: () => parts.catalogue.refresh(),
      pacer: parts.links.pacer,
      linkChain: parts.links.chain,
    }),
    storeDeadlineMs: parts.storeDeadlineMs ?? STORE_DEADLINE_MS,
  };
}
