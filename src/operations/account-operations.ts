/**
 * Console accounts as `dramadex admin` changes them (docs/console.md, "The first account"): add one, set
 * its password, lift its sign-in lock, remove it, each with its audit row in the change's own transaction. The accounts' store
 * belongs to the console (admin/accounts.ts), a layer above this one, so the caller hands in how to open
 * it on a database; the command line passes the console's store, and nothing here knows its insides.
 */
import type { Database } from '../store/database.js';
import type { AuditLog } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';
import { unlockSignIn } from './sign-in-unlock.js';

/** What these operations need of the accounts' store (admin/accounts.ts `AccountStore`). */
export interface AccountWrites {
  exists(name: string): Promise<boolean>;
  add(name: string, role: string, password: string): Promise<unknown>;
  /** False when no account has the name. */
  setPassword(name: string, password: string): Promise<boolean>;
  /** False when no account has the name. */
  remove(name: string): Promise<boolean>;
}

export type AccountsOf = (database: Database) => AccountWrites;

export class AccountOperations {
  constructor(
    private readonly audit: AuditLog,
    private readonly accountsOf: AccountsOf,
  ) {}

  /** Creates an account; refused when the name is taken. The name, role and password are checked by the caller. */
  async add(actor: string, name: string, role: string, password: string): Promise<void> {
    await this.audit.change(
      actor,
      async (database) => {
        const accounts = this.accountsOf(database);
        if (await accounts.exists(name))
          throw new OperationRefused(`an account named ${name} exists (change its password with \`admin password\`)`);
        await accounts.add(name, role, password);
      },
      () => [{ action: 'account add', target: name, detail: role }],
    );
  }

  /** Sets a new password, which ends the account's sessions; refused when no account has the name. */
  async setPassword(actor: string, name: string, password: string): Promise<void> {
    await this.audit.change(
      actor,
      async (database) => {
        if (!(await this.accountsOf(database).setPassword(name, password))) throw noAccount(name);
      },
      () => [{ action: 'account password', target: name }],
    );
  }

  /** Lifts an account's sign-in lock at once (sign-in-unlock.ts); refused when no account has the name. */
  unlock(actor: string, name: string): Promise<void> {
    return unlockSignIn(this.audit, actor, name);
  }

  /** Removes an account and its sessions; refused when no account has the name. */
  async remove(actor: string, name: string): Promise<void> {
    await this.audit.change(
      actor,
      async (database) => {
        if (!(await this.accountsOf(database).remove(name))) throw noAccount(name);
      },
      () => [{ action: 'account remove', target: name }],
    );
  }
}

function noAccount(name: string): OperationRefused {
  return new OperationRefused(`no console account is named ${name}`);
}
