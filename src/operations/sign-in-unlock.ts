/**
 * `dramadex admin unlock <name>` (docs/console.md, "Signing in"): lifts the sign-in lock of one account
 * before its 15 minutes are up. The lock's count lives in the limits' counter, which is this process's
 * memory when no Redis is used, so a command in another process cannot reach it; the unlock is therefore a
 * row of the audit record, which every instance can read. The sign-in throttle looks for such a row only
 * when it is about to refuse a name (sign-in-throttle.ts), and forgets the count when the unlock came after
 * the lock began. So the unlock is recorded like every other change, and it works with or without Redis.
 */
import type { Database } from '../store/database.js';
import type { AuditLog } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

export const UNLOCK_ACTION = 'account unlock';

/** Records an unlock of the account `name`; refused when no account has that name. */
export async function unlockSignIn(audit: AuditLog, actor: string, name: string): Promise<void> {
  await audit.change(
    actor,
    async (database) => {
      const found = await database.db.selectFrom('admin_accounts').select('id').where('name', '=', name).executeTakeFirst();
      if (!found) throw new OperationRefused(`no console account is named ${name}`);
    },
    () => [{ action: UNLOCK_ACTION, target: name }],
  );
}

/**
 * When the newest unlock of an account whose name folds to `folded` was recorded (ms since the epoch), or
 * undefined. Unlocks are rare, so the newest few are read and folded here rather than in SQL.
 */
export async function lastUnlockAt(database: Database, folded: string, fold: (name: string) => string): Promise<number | undefined> {
  const rows = await database.db
    .selectFrom('audit_log')
    .select(['at', 'target'])
    .where('action', '=', UNLOCK_ACTION)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const row = rows.find((candidate) => fold(candidate.target) === folded);
  return row ? Date.parse(row.at) : undefined;
}
