/**
 * Catalogue API keys as operators change them (docs/limits.md, docs/console.md): create one (the secret
 * is returned once and never stored; the audit row, written in the same transaction, names the key by id
 * and prefix) and revoke one. Running
 * instances pick a change up on their next poll of the keys, as they do after `dramadex key`.
 */
import { type ApiKeyRow, ApiKeyStore, MAX_KEY_RATE } from '../limits/api-keys.js';
import type { Database } from '../store/database.js';
import type { AuditLog } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

export const DEFAULT_KEY_RATE = 10;

export class KeyOperations {
  readonly keys: ApiKeyStore;

  constructor(
    database: Database,
    private readonly audit: AuditLog,
  ) {
    this.keys = new ApiKeyStore(database);
  }

  /** A rate as typed (`20`, `1_000`), or a refusal naming `option`. */
  static parseRate(text: string, option = '--rate'): number {
    const rate = Number(text.replaceAll('_', ''));
    if (!/^\d[\d_]*$/.test(text) || !Number.isInteger(rate) || rate < 1 || rate > MAX_KEY_RATE) {
      throw new OperationRefused(`${option} must be a whole number of requests per second from 1 to ${MAX_KEY_RATE}, got "${text}"`);
    }
    return rate;
  }

  async create(actor: string, ratePerSecond: number, label: string): Promise<{ key: string; row: ApiKeyRow }> {
    return this.audit.change(
      actor,
      (database) => new ApiKeyStore(database).create(ratePerSecond, label.trim()),
      ({ row }) => [
        {
          action: 'key create',
          target: `key ${row.id}`,
          detail: `${row.prefix}…, ${ratePerSecond}/s${row.label ? `, label ${row.label}` : ''}`,
        },
      ],
    );
  }

  /** Revokes by id or prefix; refused when no active key matches. */
  async revoke(actor: string, reference: string): Promise<ApiKeyRow[]> {
    return this.audit.change(
      actor,
      async (database) => {
        const revoked = await new ApiKeyStore(database).revoke(reference.trim().replace(/…$/, ''));
        if (revoked.length === 0) throw new OperationRefused(`no active API key has id or prefix "${reference}"`);
        return revoked;
      },
      (revoked) => revoked.map((row) => ({ action: 'key revoke', target: `key ${row.id}`, detail: `${row.prefix}…` })),
    );
  }
}
