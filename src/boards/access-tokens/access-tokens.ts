/**
 * Ranking tokens: `dxr_` followed by 43 base64url characters (256 bits). The row is found by the
 * token's first 16 characters and the SHA-256 of the whole token is compared in constant time; the
 * token itself is never stored. A token is bound to the address it was issued with, or else to the
 * first address that uses it.
 *
 * Tokens handed out by the messaging channel are derived, not random: HMAC-SHA256 of the user's OpenID
 * and how many tokens that user had before, under a server-side key. That lets the channel answer the
 * same user with their one active token every time they ask, although only its hash is stored.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sameClient } from '../../http/client-address.js';
import type { TokenRecord, TokenStore } from './token-store.js';

export const TOKEN_PREFIX = 'dxr_';
const TOKEN_FORMAT = /^dxr_[A-Za-z0-9_-]{43}$/;
/** `dxr_` and the first 12 secret characters: the lookup key, also what operators see in listings. */
const LOOKUP_LENGTH = TOKEN_PREFIX.length + 12;

export type Authentication =
  | { outcome: 'ok'; token: TokenRecord }
  | { outcome: 'unknown' }
  | { outcome: 'revoked'; token: TokenRecord }
  | { outcome: 'wrong-address'; token: TokenRecord };

export interface IssuedToken {
  /** The secret, shown once to whoever asked for it. */
  token: string;
  record: TokenRecord;
}

export function isWellFormedToken(text: string): boolean {
  return TOKEN_FORMAT.test(text);
}

function hashOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function matches(record: TokenRecord, token: string): boolean {
  const stored = Buffer.from(record.tokenHash, 'hex');
  const given = hashOf(token);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

export class RankingTokens {
  /**
   * @param derivationKey the key channel tokens are derived from; without it `tokenForOwner` is refused
   * (the channel is off).
   */
  constructor(
    readonly store: TokenStore,
    private readonly derivationKey: Buffer | undefined,
  ) {}

  /** A new random token, bound to `boundAddress` when given, else to its first user's address. */
  async issue(boundAddress?: string): Promise<IssuedToken> {
    return this.save(`${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`, boundAddress ?? null, null);
  }

  async authenticate(token: string, address: string): Promise<Authentication> {
    let record = await this.store.byPrefix(token.slice(0, LOOKUP_LENGTH));
    if (!record || !matches(record, token)) return { outcome: 'unknown' };
    if (record.revokedAt !== null) return { outcome: 'revoked', token: record };
    if (record.boundAddress === null && !(await this.store.bindIfUnbound(record.id, address))) {
      // Another request bound (or an operator revoked) it between our read and our update.
      record = await this.store.byId(record.id);
      if (!record || record.revokedAt !== null) return record ? { outcome: 'revoked', token: record } : { outcome: 'unknown' };
    }
    const bound = record.boundAddress ?? address;
    return sameClient(bound, address)
      ? { outcome: 'ok', token: { ...record, boundAddress: bound } }
      : { outcome: 'wrong-address', token: record };
  }

  /** The messaging user's one active token, created on first request; the same token on every later one. */
  async tokenForOwner(owner: string): Promise<IssuedToken & { created: boolean }> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const active = await this.store.activeForOwner(owner);
      if (active) {
        const token = this.derive(owner, await this.store.countForOwner(owner, active.id));
        if (matches(active, token)) return { token, record: active, created: false };
        // The derivation key was changed since this token was made: replace it, keeping its binding.
        await this.store.revoke(active.id, new Date().toISOString());
      }
      const token = this.derive(owner, await this.store.countForOwner(owner));
      try {
        return { ...(await this.save(token, active?.boundAddress ?? null, owner)), created: true };
      } catch (error) {
        // A concurrent request for the same user won the one-active-token index: read theirs.
        lastError = error;
      }
    }
    throw lastError;
  }

  activeForOwner(owner: string): Promise<TokenRecord | undefined> {
    return this.store.activeForOwner(owner);
  }

  /** Replaces the bound address, or with null clears it so the next use binds; undefined when not active. */
  async rebind(id: number, address: string | null): Promise<TokenRecord | undefined> {
    if (!(await this.store.rebind(id, address))) return undefined;
    return this.store.byId(id);
  }

  async revoke(id: number): Promise<boolean> {
    return this.store.revoke(id, new Date().toISOString());
  }

  /** A token by its id (as `token list` shows it) or by the token itself. */
  async find(reference: string): Promise<TokenRecord | undefined> {
    if (/^\d{1,15}$/.test(reference)) return this.store.byId(Number(reference));
    if (!isWellFormedToken(reference)) return undefined;
    const record = await this.store.byPrefix(reference.slice(0, LOOKUP_LENGTH));
    return record && matches(record, reference) ? record : undefined;
  }

  list(): Promise<TokenRecord[]> {
    return this.store.list();
  }

  private derive(owner: string, generation: number): string {
    if (!this.derivationKey) throw new Error('channel tokens need a derivation key (the WeChat channel is off)');
    const mac = createHmac('sha256', this.derivationKey).update(`dramadex-ranking-token\n${owner}\n${generation}`).digest();
    return `${TOKEN_PREFIX}${mac.toString('base64url')}`;
  }

  private async save(token: string, boundAddress: string | null, owner: string | null): Promise<IssuedToken> {
    const record = await this.store.insert({
      tokenPrefix: token.slice(0, LOOKUP_LENGTH),
      tokenHash: hashOf(token).toString('hex'),
      boundAddress,
      owner,
      createdAt: new Date().toISOString(),
    });
    return { token, record };
  }
}
