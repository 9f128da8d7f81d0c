/**
 * Console accounts in the store (docs/console.md, "The first account"): made, listed, re-passworded and
 * removed by `dramadex admin …` only; the web can read them but never create one. Changing a password or
 * removing an account ends every session of that account in the same transaction, so a stolen cookie
 * dies with the password it was made under.
 */
import type { Database } from '../store/database.js';
import { hashPassword } from './passwords.js';
import type { Role } from './roles.js';

export interface Account {
  id: number;
  name: string;
  role: Role;
  createdAt: string;
  lastSignInAt: string | null;
}

/** 1 to 64 letters, digits, `.`, `_`, `-` or `@`: names go into logs, pages and the audit record. */
const NAME = /^[\p{L}\p{N}._@-]{1,64}$/u;

export function nameProblem(name: string): string | undefined {
  return NAME.test(name) ? undefined : 'an account name is 1 to 64 letters, digits, ".", "_", "-" or "@"';
}

export class AccountStore {
  constructor(private readonly database: Database) {}

  /** Creates an account; throws when the name is taken. */
  async add(name: string, role: Role, password: string, now = new Date()): Promise<Account> {
    const row = await this.database.db
      .insertInto('admin_accounts')
      .values({ name, role, password_hash: await hashPassword(password), created_at: now.toISOString(), last_sign_in_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAccount(row);
  }

  async list(): Promise<Account[]> {
    const rows = await this.database.db.selectFrom('admin_accounts').selectAll().orderBy('name').execute();
    return rows.map(toAccount);
  }

  async count(): Promise<number> {
    const row = await this.database.db
      .selectFrom('admin_accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async exists(name: string): Promise<boolean> {
    return (await this.database.db.selectFrom('admin_accounts').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
  }

  /** The account and its password hash, for signing in. */
  async credentials(name: string): Promise<{ account: Account; passwordHash: string } | undefined> {
    const row = await this.database.db.selectFrom('admin_accounts').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? { account: toAccount(row), passwordHash: row.password_hash } : undefined;
  }

  /** Sets a new password and ends the account's sessions; false when no account has the name. */
  async setPassword(name: string, password: string): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    return this.database.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('admin_accounts')
        .set({ password_hash: passwordHash })
        .where('name', '=', name)
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('admin_sessions').where('account_id', '=', row.id).execute();
      return true;
    });
  }

  /** Removes the account and its sessions; false when no account has the name. */
  async remove(name: string): Promise<boolean> {
    return this.database.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('admin_accounts').where('name', '=', name).returning('id').executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('admin_sessions').where('account_id', '=', row.id).execute();
      return true;
    });
  }

  async recordSignIn(id: number, now: Date): Promise<void> {
    await this.database.db.updateTable('admin_accounts').set({ last_sign_in_at: now.toISOString() }).where('id', '=', id).execute();
  }
}

function toAccount(row: { id: number; name: string; role: Role; created_at: string; last_sign_in_at: string | null }): Account {
  return { id: Number(row.id), name: row.name, role: row.role, createdAt: row.created_at, lastSignInAt: row.last_sign_in_at };
}
