/**
 * Several writes that must commit together or not at all, written by stores that each open their own
 * transaction (a change and its audit row: docs/console.md, "The audit record"). `inOneTransaction` opens
 * one and hands `work` a view of the database bound to it: every query through the view's `db` runs in
 * that transaction, and a store's own `db.transaction().execute(fn)` joins it (runs `fn` on it) rather than
 * opening a second, which Kysely refuses inside a transaction and which on SQLite would wait forever for
 * the one connection. So each store keeps its single write path, unchanged, and a caller composes them.
 * Work inside must use the view only, and must not wait on the network: the transaction holds a
 * connection (and, on SQLite, the write lock once it has written) until `work` returns.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';
import type { Schema } from './schema.js';

/** Runs `work` in one transaction: everything it writes through the view commits when it returns, or none. */
export async function inOneTransaction<T>(database: Database, work: (bound: Database) => Promise<T>): Promise<T> {
  if (boundTransactions.has(database.db)) return work(database);
  return database.db.transaction().execute((trx) => {
    const bound = { ...database, db: joinable(trx) };
    return running.run({ root: database.db, bound }, () => work(bound));
  });
}

/**
 * A view for a component built once and kept (one whose memory spans calls, such as the link recorder's
 * runs of failures): inside `inOneTransaction` on the same database its queries join that transaction,
 * elsewhere they go to the database as usual. What such a component remembers of its own writes (the
 * link guards remember the rows they created) must have been written before: a rollback undoes the row,
 * not the memory.
 */
export function followingTransaction(database: Database): Database {
  return {
    ...database,
    get db() {
      const current = running.getStore();
      return current?.root === database.db ? current.bound.db : database.db;
    },
  };
}

/** The transaction running in this chain of calls, if any, and the database it belongs to. */
const running = new AsyncLocalStorage<{ root: Kysely<Schema>; bound: Database }>();

/** The views handed out, so a nested `inOneTransaction` joins too. */
const boundTransactions = new WeakSet<Kysely<Schema>>();

/**
 * The transaction, except that `transaction()` joins it. Kysely's classes keep their state in private
 * fields, so every method is called on the transaction itself, never on the proxy.
 */
function joinable(trx: Transaction<Schema>): Kysely<Schema> {
  const joined = { execute: <R>(fn: (inner: Transaction<Schema>) => Promise<R>) => fn(trx) };
  const view = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') return () => joined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  boundTransactions.add(view);
  return view;
}
