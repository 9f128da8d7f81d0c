/**
 * The operator console's accounts and sessions (docs/console.md). An account keeps its argon2id password
 * hash (never the password), its role and its last sign-in. A session row is keyed by the SHA-256 of the
 * cookie's random token, so a copy of the table signs nobody in; it holds the session's CSRF token and the
 * times its idle and absolute limits are read from. Sessions live in the store so every instance knows
 * them and a restart keeps them (removing an account deletes its sessions in the same transaction: SQLite
 * enforces no foreign keys by default, so the rule is in the code, alike on both stores). `api_keys.last_used_at` is when a key was last seen by any instance (the
 * console's key list shows it); instances write it on their key poll, never per request.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

export function adminAccountsMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_accounts')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'moderator')`))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_sign_in_at', 'text')
        .execute();
      await db.schema
        .createTable('admin_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admin_sessions_account').on('admin_sessions').column('account_id').execute();
      await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();
    },
  };
}
