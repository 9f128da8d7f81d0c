/**
 * Every change an operator can make, in one place for the command line and the console (docs/console.md,
 * "One path for every change"). Each operation takes who asks (`cli`, or the console account's name),
 * writes through the component that owns the data, records itself in the audit record, and then calls
 * `afterChange` when it changed what the catalogue serves. The command line passes nothing there: running
 * servers follow its write through the store's change feed. The console's process passes its catalogue's
 * refresh, so the page that made a change, and the API beside it, serve the change at once.
 */
import { CatalogueStore } from '../catalogue/catalogue-store.js';
import type { Config } from '../config/config.js';
import type { CheckPacer } from '../links/check-pacer.js';
import type { LinkCheckChain } from '../links/link-check-chain.js';
import type { LinkChecker } from '../links/link-checker.js';
import { createLogger, type Logger } from '../observability/logger.js';
import { LocalClock } from '../shared/local-time.js';
import type { Database } from '../store/database.js';
import { AccountOperations, type AccountsOf } from './account-operations.js';
import { AuditLog } from './audit-log.js';
import { BlacklistOperations } from './blacklist-operations.js';
import { CatalogueOperations } from './catalogue-operations.js';
import { DemoOperations } from './demo-operations.js';
import { KeyOperations } from './key-operations.js';
import { LinkOperations } from './link-operations.js';
import { MirrorOperations } from './mirror-operations.js';
import { OperationRefused } from './operation-refused.js';
import { RankingOperations } from './ranking-operations.js';
import { SourceOperations } from './source-operations.js';

export interface Operations {
  audit: AuditLog;
  catalogue: CatalogueOperations;
  sources: SourceOperations;
  links: LinkOperations;
  keys: KeyOperations;
  blacklist: BlacklistOperations;
  rankings: RankingOperations;
  mirror: MirrorOperations;
  accounts: AccountOperations;
  demo: DemoOperations;
}

export interface OperationParts {
  config: Config;
  database: Database;
  /** Brings this process's catalogue up to the store after a change (the console); nothing for the command line. */
  afterChange?: (() => Promise<void>) | undefined;
  /** Where the guards report a breaker opening or closing (the process's logger); silent without one. */
  log?: Logger | undefined;
  /** The link checker to use instead of the providers' (tests). */
  checker?: LinkChecker | undefined;
  /** The scheduler's pacer, so a check from the console takes its turn of LINK_CHECK_RATE with the background checks. */
  pacer?: CheckPacer | undefined;
  /** The console accounts' store on a database (admin/accounts.ts), a layer above: given by `dramadex admin`. */
  accountsOf?: AccountsOf | undefined;
  /** The process's link-check chain (link-services.ts), so the console's checks count with the scheduler's. */
  linkChain?: LinkCheckChain | undefined;
}

const NO_ACCOUNTS: AccountsOf = () => {
  throw new OperationRefused('console accounts are changed with `dramadex admin` only');
};

export function createOperations({
  config,
  database,
  afterChange = async () => undefined,
  log,
  checker,
  pacer,
  accountsOf = NO_ACCOUNTS,
  linkChain,
}: OperationParts): Operations {
  const audit = new AuditLog(database);
  const store = new CatalogueStore(database);
  const clock = new LocalClock(config.catalogueTimeZone);
  const pollSettings = { telegramOrigin: config.sources.telegramOrigin, allowPrivate: config.sources.allowPrivate, clock };
  return {
    audit,
    catalogue: new CatalogueOperations(store, audit, afterChange),
    sources: new SourceOperations(store, audit, afterChange, pollSettings),
    links: new LinkOperations(
      database,
      audit,
      afterChange,
      config.links,
      log ?? createLogger('silent', 'stderr', 'json'),
      checker,
      pacer,
      linkChain,
    ),
    keys: new KeyOperations(database, audit),
    blacklist: new BlacklistOperations(database, audit),
    rankings: new RankingOperations(database, audit, clock, config.ranking.retentionDays),
    mirror: new MirrorOperations(audit),
    accounts: new AccountOperations(audit, accountsOf),
    demo: new DemoOperations(audit),
  };
}
