/**
 * The blacklist record as operators change it (docs/limits.md, `dramadex blacklist clear`): clearing one
 * address, or every active one, writes its `cleared` rows and one audit row per address in one
 * transaction, and every running instance follows the `cleared` rows. Lifting a shared counter in Redis
 * is the caller's part, done before, since it commits with nothing here.
 */
import { type BlacklistEntry, BlacklistRecord } from '../limits/blacklist-record.js';
import type { Database } from '../store/database.js';
import type { AuditLog } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

export class BlacklistOperations {
  private readonly record: BlacklistRecord;

  constructor(
    database: Database,
    private readonly audit: AuditLog,
  ) {
    this.record = new BlacklistRecord(database);
  }

  active(): Promise<BlacklistEntry[]> {
    return this.record.active();
  }

  /** The addresses a clear of `address` (all when undefined) would lift; refused when that address is not blacklisted. */
  async toClear(address: string | undefined): Promise<string[]> {
    const wanted = (await this.record.active()).map((entry) => entry.address).filter((item) => address === undefined || item === address);
    if (address !== undefined && wanted.length === 0) throw new OperationRefused(`${address} is not blacklisted`);
    return wanted;
  }

  /** Clears one address, or every active one; returns what was cleared. */
  clear(actor: string, address: string | undefined): Promise<string[]> {
    return this.audit.change(
      actor,
      (database) => new BlacklistRecord(database).clear(address),
      (items) => items.map((item) => ({ action: 'blacklist clear', target: item })),
    );
  }
}
