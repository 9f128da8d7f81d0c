/**
 * Console sessions in the store (docs/console.md, "Sessions"), after Lucia's session guide: the cookie
 * holds 256 random bits, the store only their SHA-256 (a fast hash is enough for a random secret of that
 * size, and it lets a request find its session with one indexed lookup), so a copy of the table signs
 * nobody in. Every sign-in makes a new session (the old one, if the request carried it, is ended: no
 * fixation). A session ends on sign-out, on a password change or account removal, after 12 hours without
 * a request and 7 days after it began; the idle clock is moved at most once a minute, so browsing the
 * console writes to the store once a minute, not once a request. Every instance reads the same rows, so a
 * sign-in on one works on all and a sign-out on one ends it on all.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../store/database.js';
import type { Role } from './roles.js';

export const IDLE_MS = 12 * 3_600_000;
export const ABSOLUTE_MS = 7 * 86_400_000;
/** How stale the idle clock may get before a request moves it (bounds writes to one a minute a session). */
const TOUCH_MS = 60_000;

/** A live session and the account it belongs to. */
export interface Session {
  accountId: number;
  name: string;
  role: Role;
  /** The synchronizer token every state-changing form of this session carries (csrf.ts). */
  csrfToken: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

export class SessionStore {
  constructor(private readonly database: Database) {}

  /** Begins a session for the account; the returned token goes into the cookie and is never stored. */
  async begin(accountId: number, now: Date): Promise<{ token: string; csrfToken: string }> {
    const token = newSecret();
    const csrfToken = newSecret();
    const at = now.toISOString();
    await this.database.db
      .insertInto('admin_sessions')
      .values({ token_hash: hashToken(token), account_id: accountId, csrf_token: csrfToken, created_at: at, last_seen_at: at })
      .execute();
    return { token, csrfToken };
  }

  /** The live session a cookie's token names, or undefined (unknown, ended, idle too long, too old). */
  async find(token: string, now: Date): Promise<Session | undefined> {
    const tokenHash = hashToken(token);
    const row = await this.database.db
      .selectFrom('admin_sessions')
      .innerJoin('admin_accounts', 'admin_accounts.id', 'admin_sessions.account_id')
      .select(['account_id', 'name', 'role', 'csrf_token', 'admin_sessions.created_at', 'last_seen_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const idle = now.getTime() - Date.parse(row.last_seen_at);
    if (idle > IDLE_MS || now.getTime() - Date.parse(row.created_at) > ABSOLUTE_MS) {
      await this.database.db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
      return undefined;
    }
    if (idle > TOUCH_MS) {
      await this.database.db
        .updateTable('admin_sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return { accountId: Number(row.account_id), name: row.name, role: row.role, csrfToken: row.csrf_token };
  }

  /** Ends the session a token names (sign-out, or a new sign-in over it). */
  async end(token: string): Promise<void> {
    await this.database.db.deleteFrom('admin_sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  /** Deletes sessions past their limits, so the table does not grow with abandoned ones. */
  async sweep(now: Date): Promise<void> {
    const idleBefore = new Date(now.getTime() - IDLE_MS).toISOString();
    const startedBefore = new Date(now.getTime() - ABSOLUTE_MS).toISOString();
    await this.database.db
      .deleteFrom('admin_sessions')
      .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', startedBefore)]))
      .execute();
  }
}

/** Whether a form's token is the session's, compared in constant time. */
export function csrfTokenMatches(session: Session, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(session.csrfToken);
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
