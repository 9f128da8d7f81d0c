/**
 * Catalogue API keys ("higher rates", docs/decisions.md "Limits"): a key replaces the per-address rule with
 * its own rate. Keys are stored only as SHA-256 hashes — a key is 192 random bits, so a fast hash is
 * enough and lets a request be matched with one lookup. The running service keeps the active keys in
 * memory and reloads them on the same poll as the blacklist record, so `dramadex key create|revoke`
 * take effect within a poll interval.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../store/database.js';

export const KEY_PREFIX_LENGTH = 12;
/** Upper bound of `--rate`: far above what one instance serves, and it keeps counters small integers. */
export const MAX_KEY_RATE = 100_000_000;

export interface ApiKeyRow {
  id: number;
  prefix: string;
  label: string;
  ratePerSecond: number;
  createdAt: string;
  revokedAt: string | null;
  /** When an instance last saw the key in a request, to within a key poll; null when never. */
  lastUsedAt: string | null;
}

/** What a request needs to know about its key. */
export interface ActiveKey {
  id: number;
  ratePerSecond: number;
  /**
   * The key's name in the counters (`key:<id>`), made once when the keys are loaded: the memory
   * counters look it up in a Map, and V8 hashes a string once and keeps the hash on it.
   */
  limitKey: string;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export class ApiKeyStore {
  constructor(private readonly database: Database) {}

  /** Creates a key; the returned `key` is the only time it exists outside the client. */
  async create(ratePerSecond: number, label: string, now = new Date()): Promise<{ key: string; row: ApiKeyRow }> {
    const key = `ddx_${randomBytes(24).toString('base64url')}`;
    const inserted = await this.database.db
      .insertInto('api_keys')
      .values({
        key_hash: hashKey(key),
        key_prefix: key.slice(0, KEY_PREFIX_LENGTH),
        label,
        rate_per_second: ratePerSecond,
        created_at: now.toISOString(),
        revoked_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { key, row: toRow(inserted) };
  }

  async list(): Promise<ApiKeyRow[]> {
    const rows = await this.database.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    return rows.map(toRow);
  }

  /** Revokes the active keys whose id or prefix is `reference`; returns them (none when nothing matched). */
  async revoke(reference: string, now = new Date()): Promise<ApiKeyRow[]> {
    const id = /^\d{1,9}$/.test(reference) ? Number(reference) : -1;
    const rows = await this.database.db
      .updateTable('api_keys')
      .set({ revoked_at: now.toISOString() })
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('id', '=', id), eb('key_prefix', '=', reference)]))
      .returningAll()
      .execute();
    return rows.map(toRow);
  }

  /** Records that the keys were used (at `now`): the console's key list shows it. */
  async markUsed(ids: number[], now = new Date()): Promise<void> {
    if (ids.length === 0) return;
    await this.database.db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', 'in', ids).execute();
  }

  /** Active keys by hash. */
  async active(): Promise<Map<string, ActiveKey>> {
    const rows = await this.database.db
      .selectFrom('api_keys')
      .select(['id', 'key_hash', 'rate_per_second'])
      .where('revoked_at', 'is', null)
      .execute();
    return new Map(
      rows.map((row) => {
        const id = Number(row.id);
        return [row.key_hash, { id, ratePerSecond: Number(row.rate_per_second), limitKey: `key:${id}` }];
      }),
    );
  }
}

/** The in-memory view of the active keys that requests are checked against. */
export class ApiKeyRegistry {
  private byHash = new Map<string, ActiveKey>();
  /** Keys already seen and found valid, so the hot path skips hashing; only real keys get in. */
  private verified = new Map<string, ActiveKey>();
  /** Ids of the keys used since the last `takeUsed`, written to the store on the key poll, not per request. */
  private used = new Set<number>();

  constructor(private readonly store: ApiKeyStore) {}

  async reload(): Promise<void> {
    const next = await this.store.active();
    if (!sameKeys(this.byHash, next)) this.verified = new Map();
    this.byHash = next;
  }

  /** The active key a header value names, or undefined (unknown, revoked, malformed, repeated header). */
  lookup(header: string): ActiveKey | undefined {
    let known = this.verified.get(header);
    if (!known) {
      known = this.byHash.get(hashKey(header));
      if (!known) return undefined;
      this.verified.set(header, known);
    }
    this.used.add(known.id); // one Set insertion per keyed request; the store is written on the key poll
    return known;
  }

  /** The ids of the keys used since the last call. */
  takeUsed(): number[] {
    const ids = [...this.used];
    this.used.clear();
    return ids;
  }
}

function sameKeys(a: Map<string, ActiveKey>, b: Map<string, ActiveKey>): boolean {
  if (a.size !== b.size) return false;
  for (const [hash, key] of a) {
    const other = b.get(hash);
    if (!other || other.id !== key.id || other.ratePerSecond !== key.ratePerSecond) return false;
  }
  return true;
}

function toRow(row: {
  id: number;
  key_prefix: string;
  label: string;
  rate_per_second: number;
  created_at: string;
  revoked_at: string | null;
  last_used_at?: string | null;
}): ApiKeyRow {
  return {
    id: Number(row.id),
    prefix: row.key_prefix,
    label: row.label,
    ratePerSecond: Number(row.rate_per_second),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at ?? null,
  };
}
