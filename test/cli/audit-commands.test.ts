/**
 * The audit rows of the commands that change data outside the catalogue (docs/console.md, "The audit
 * record"), on both stores: console accounts, ranking tokens, a provider's breaker and the blacklist each
 * leave one row per change with the actor `cli`; a command refused leaves none.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AuditLog } from '../../src/operations/audit-log.js';
import { openDatabase } from '../../src/store/database.js';
import { runCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';

for (const store of STORES) {
  describe(`the audit rows of account, token, breaker and blacklist commands [${store}]`, () => {
    let url: string;
    let drop: () => Promise<void>;
    before(async () => {
      ({ url, drop } = await createTestDatabase(store));
      // Commands other than serve, import, mirror and sources never create the store: make it here.
      await (await openDatabase(url)).close();
    });
    after(() => drop());
    const cli = async (args: string[], input?: string) => {
      const result = await runCli(args, { DATABASE_URL: url }, input);
      assert.equal(result.code, 0, `dramadex ${args.join(' ')}: ${result.stderr}`);
      return result.stdout;
    };
    /** Every row, oldest first, as `actor action target | detail`. */
    const rows = async () => {
      const database = await openDatabase(url);
      try {
        const entries = await new AuditLog(database).recent(1000);
        return entries.reverse().map((entry) => `${entry.actor} ${entry.action} ${entry.target} | ${entry.detail}`);
      } finally {
        await database.close();
      }
    };

    test('each change is one row with the actor cli; a refused one is none', async () => {
      await cli(['admin', 'add', 'mod.one', '--role', 'moderator', '--password-stdin'], 'a long enough passphrase 1\n');
      await cli(['admin', 'password', 'mod.one', '--password-stdin'], 'another long passphrase 2\n');
      await cli(['admin', 'remove', 'mod.one']);
      assert.notEqual((await runCli(['admin', 'remove', 'mod.one'], { DATABASE_URL: url })).code, 0);
      const issued = await cli(['token', 'issue', '--ip', '10.7.0.1']);
      const id = /issued token (\d+) \(([\w-]+)…\)/.exec(issued);
      assert.ok(id, issued);
      await cli(['token', 'rebind', id[1] as string, '--ip', '10.7.0.2']);
      await cli(['token', 'revoke', id[1] as string]);
      assert.notEqual((await runCli(['token', 'revoke', id[1] as string], { DATABASE_URL: url })).code, 0);
      await cli(['links', 'breaker', 'reset', 'quark']);
      const database = await openDatabase(url);
      try {
        const at = new Date().toISOString();
        const until = new Date(Date.now() + 3_600_000).toISOString();
        await database.db.insertInto('blacklist_events').values({ address: '10.7.0.9', kind: 'blocked', at, until }).execute();
      } finally {
        await database.close();
      }
      await cli(['blacklist', 'clear', '10.7.0.9']);
      assert.deepEqual(await rows(), [
        'cli account add mod.one | moderator',
        'cli account password mod.one | ',
        'cli account remove mod.one | ',
        `cli token issue token ${id[1]} | ${id[2]}…, bound to 10.7.0.1`,
        `cli token rebind token ${id[1]} | bound to 10.7.0.2`,
        `cli token revoke token ${id[1]} | ${id[2]}…`,
        'cli breaker reset quark | ',
        'cli blacklist clear 10.7.0.9 | ',
      ]);
    });
  });
}
