/**
 * `dramadex admin add|list|password|unlock|remove` as operators run them (a real process), on both stores: the
 * password from standard input, its length rule (on a terminal before it is asked for twice), the refusal without a terminal, and the console taking
 * the new account, refusing the old password after `admin password` and the account after `admin remove`.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { AuditLog } from '../../src/operations/audit-log.js';
import { runCli, SCRIPT_PATH, startCliOnTerminal } from '../support/cli.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { form } from './support.js';

for (const store of STORES) {
  describe(`dramadex admin … [${store}]`, () => {
    let context: TestContext;
    let env: Record<string, string>;
    before(async () => {
      context = await createTestContext(store);
      env = { DATABASE_URL: context.config.databaseUrl };
    });
    after(() => context.close());

    const signIn = (name: string, password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/admin/login',
        remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
        ...form({ name, password }),
      });

    test('add, list, password and remove an account', async () => {
      const added = await runCli(['admin', 'add', 'alice', '--role', 'owner', '--password-stdin'], env, 'first long password\n');
      assert.equal(added.code, 0, added.stderr);
      assert.match(added.stdout, /created owner alice/);
      assert.equal((await signIn('alice', 'first long password')).statusCode, 303);

      const listed = await runCli(['admin', 'list'], env);
      assert.match(listed.stdout, /^alice\towner\tlast sign-in \d{4}-/m);

      const changed = await runCli(['admin', 'password', 'alice', '--password-stdin'], env, 'second long password\n');
      assert.equal(changed.code, 0, changed.stderr);
      assert.equal((await signIn('alice', 'first long password')).statusCode, 401);
      assert.equal((await signIn('alice', 'second long password')).statusCode, 303);

      const removed = await runCli(['admin', 'remove', 'alice'], env);
      assert.equal(removed.code, 0, removed.stderr);
      assert.equal((await signIn('alice', 'second long password')).statusCode, 401);
      assert.match((await runCli(['admin', 'list'], env)).stdout, /no console accounts/);
    });

    test('refusals: a short password, a taken name, a bad role, no terminal, an unknown name', async () => {
      const short = await runCli(['admin', 'add', 'bob', '--password-stdin'], env, 'short\n');
      assert.equal(short.code, 1);
      assert.match(short.stderr, /at least 10 characters/);
      assert.equal((await runCli(['admin', 'add', 'bob', '--password-stdin'], env, 'long enough password\n')).code, 0);
      const taken = await runCli(['admin', 'add', 'bob', '--password-stdin'], env, 'long enough password\n');
      assert.match(taken.stderr, /an account named bob exists/);
      assert.match(
        (await runCli(['admin', 'add', 'carol', '--role', 'root', '--password-stdin'], env, 'x\n')).stderr,
        /--role must be owner or moderator/,
      );
      const noTerminal = await runCli(['admin', 'add', 'dave'], env, '');
      assert.equal(noTerminal.code, 1);
      assert.match(noTerminal.stderr, /use --password-stdin/);
      assert.match((await runCli(['admin', 'remove', 'nobody'], env)).stderr, /no console account is named nobody/);
      assert.match((await runCli(['admin', 'list'], env)).stdout, /^bob\tmoderator\tlast sign-in never$/m);
      const spaces = await runCli(['admin', 'add', 'erin', '--password-stdin'], env, `${' '.repeat(12)}abc\n`);
      assert.equal(spaces.code, 1, 'spaces do not count towards the ten characters');
      assert.match(spaces.stderr, /at least 10 characters besides spaces/);
    });

    test('on a terminal, a short password is refused before it is asked for again (add and password); a good one is asked twice', {
      skip: existsSync(SCRIPT_PATH) ? false : `${SCRIPT_PATH} (util-linux) gives the command a terminal`,
    }, async () => {
      assert.equal((await runCli(['admin', 'add', 'gina', '--password-stdin'], env, 'gina long password\n')).code, 0);
      for (const args of [
        ['admin', 'add', 'hugo'],
        ['admin', 'password', 'gina'],
      ]) {
        const cli = startCliOnTerminal(args, env);
        const exited = once(cli.child, 'exit');
        await cli.until(/password: /);
        cli.type('short');
        const [code] = await exited;
        assert.equal(code, 1, cli.output());
        assert.match(cli.output(), /at least 10 characters/);
        assert.doesNotMatch(cli.output(), /again: /, 'refused before the second asking');
        assert.doesNotMatch(cli.output(), /short/, 'not echoed');
      }
      assert.doesNotMatch((await runCli(['admin', 'list'], env)).stdout, /^hugo\t/m);
      assert.equal((await signIn('gina', 'gina long password')).statusCode, 303, 'the refused change kept the password');

      const cli = startCliOnTerminal(['admin', 'add', 'hugo'], env);
      const exited = once(cli.child, 'exit');
      await cli.until(/password: /);
      cli.type('hugo long password');
      await cli.until(/again: /);
      cli.type('hugo long password');
      const [code] = await exited;
      assert.equal(code, 0, cli.output());
      assert.equal((await signIn('hugo', 'hugo long password')).statusCode, 303);
    });

    test('unlock lifts a locked account at once, on the running server, and is audited', async () => {
      assert.equal((await runCli(['admin', 'add', 'frank', '--password-stdin'], env, 'frank long password\n')).code, 0);
      for (let n = 0; n < 5; n++) assert.equal((await signIn('frank', 'wrong password!')).statusCode, 401);
      assert.equal((await signIn('frank', 'frank long password')).statusCode, 429, 'locked after five failures');
      const unlocked = await runCli(['admin', 'unlock', 'frank'], env);
      assert.equal(unlocked.code, 0, unlocked.stderr);
      assert.equal((await signIn('frank', 'frank long password')).statusCode, 303, 'the server in another process takes it again');
      const [row] = await new AuditLog(context.services.database).about('frank');
      assert.deepEqual([row?.actor, row?.action], ['cli', 'account unlock']);
      assert.match((await runCli(['admin', 'unlock', 'nobody'], env)).stderr, /no console account is named nobody/);
    });
  });
}
