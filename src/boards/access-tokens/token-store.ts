/**
 * Ranking tokens at rest, behind the dialect seam: never the token itself, only its lookup prefix and
 * the hash of the whole. Binding and re-binding are single conditional updates, so they are atomic on
 * both stores and a token can never end up bound to two addresses.
 */
import type { Selectable } from 'kysely';
import type { Database } from '../../store/database.js';
import type { RankingTokensTable } from '../../store/schema.js';

export interface TokenRecord {
  id: number;
  tokenPrefix: string;
  tokenHash: string;
  boundAddress: string | null;
  owner: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface NewToken {
  tokenPrefix: string;
  tokenHash: string;
  boundAddress: string | null;
  owner: string | null;
  createdAt: string;
}

function toRecord(row: Selectable<RankingTokensTable>): TokenRecord {
  return {
    id: Number(row.id),
    tokenPrefix: row.token_prefix,
    tokenHash: row.token_hash,
    boundAddress: row.bound_address,
    owner: row.owner,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export class TokenStore {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async insert(token: NewToken): Promise<TokenRecord> {
    const row = await this.db
      .insertInto('ranking_tokens')
      .values({
        token_prefix: token.tokenPrefix,
        token_hash: token.tokenHash,
        bound_address: token.boundAddress,
        owner: token.owner,
        created_at: token.createdAt,
        revoked_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async byPrefix(prefix: string): Promise<TokenRecord | undefined> {
    const row = await this.db.selectFrom('ranking_tokens').selectAll().where('token_prefix', '=', prefix).executeTakeFirst();
    return row && toRecord(row);
  }

  async byId(id: number): Promise<TokenRecord | undefined> {
    const row = await this.db.selectFrom('ranking_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async activeForOwner(owner: string): Promise<TokenRecord | undefined> {
    const row = await this.db
      .selectFrom('ranking_tokens')
      .selectAll()
      .where('owner', '=', owner)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** How many tokens the owner was given before the token `beforeId` (all of them without it). */
  async countForOwner(owner: string, beforeId?: number): Promise<number> {
    let query = this.db
      .selectFrom('ranking_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', owner);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Binds an active, unbound token; false when another request bound it first (or it was revoked). */
  async bindIfUnbound(id: number, address: string): Promise<boolean> {
    const result = await this.db
      .updateTable('ranking_tokens')
      .set({ bound_address: address })
      .where('id', '=', id)
      .where('bound_address', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Replaces (or with null clears) an active token's address; false when the token is not active. */
  async rebind(id: number, address: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('ranking_tokens')
      .set({ bound_address: address })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revoke(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('ranking_tokens')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async list(): Promise<TokenRecord[]> {
    const rows = await this.db.selectFrom('ranking_tokens').selectAll().orderBy('id').execute();
    return rows.map(toRecord);
  }
}
