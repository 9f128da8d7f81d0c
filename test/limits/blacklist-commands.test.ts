import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli.js';
import type { TestContext } from '../support/harness.js';
import { createTestContext, STORES } from '../support/harness.js';
import { from, LIMITS_ON } from '../support/limits.js';

for (const store of STORES) {
  describe(`dramadex blacklist list|clear [${store}]`, () => {
    let ctx: TestContext;
    let cliEnv: Record<string, string>;
    before(async () => {
      ctx = await createTestContext(store, LIMITS_ON);
      cliEnv = { DATABASE_URL: ctx.config.databaseUrl };
    });
    after(() => ctx.close());

    const blacklist = async (address: string) => {
      for (let i = 0; i < 6; i++) await from(ctx.app, address, '/api/types');
      const refused = (await from(ctx.app, address, '/api/types')).json();
      assert.match(refused.detail, /^Blacklist/, `${address} is blacklisted`);
      // The record is written in a batch after the answer; settle() resolves once it is written.
      await ctx.services.limits?.blacklist.settle();
    };

    test('list shows a blacklisted address; clear lifts it from the running instance', async () => {
      await blacklist('10.6.0.1');
      const listed = await runCli(['blacklist', 'list'], cliEnv);
      assert.equal(listed.code, 0, listed.stderr);
      const line = listed.stdout.split('\n').find((item) => item.startsWith('10.6.0.1\t'));
      assert.ok(line, listed.stdout);
      assert.match(line, /until \d{4}-\d\d-\d\dT/);

      const notThere = await runCli(['blacklist', 'clear', '10.6.0.9'], cliEnv);
      assert.notEqual(notThere.code, 0);
      assert.equal(notThere.stderr.trim(), 'dramadex: 10.6.0.9 is not blacklisted');

      const cleared = await runCli(['blacklist', 'clear', '10.6.0.1'], cliEnv);
      assert.equal(cleared.code, 0, cleared.stderr);
      assert.match(cleared.stdout, /cleared 10\.6\.0\.1/);
      // Running instances follow the record on their poll; the test polls by hand.
      assert.equal((await from(ctx.app, '10.6.0.1', '/api/types')).statusCode, 429);
      await ctx.services.limits?.sync();
      assert.equal((await from(ctx.app, '10.6.0.1', '/api/types')).statusCode, 200);
      assert.equal((await runCli(['blacklist', 'list'], cliEnv)).stdout.trim(), 'no blacklisted addresses');
    });

    test('many blacklistings at once are all recorded', async () => {
      const addresses = Array.from({ length: 150 }, (_, i) => `10.6.2.${i}`);
      await Promise.all(addresses.map((address) => Promise.all(Array.from({ length: 6 }, () => from(ctx.app, address, '/api/types')))));
      await ctx.services.limits?.blacklist.settle();
      const listed = ((await ctx.services.limits?.blacklist.active()) ?? [])
        .map((entry) => entry.address)
        .filter((item) => item.startsWith('10.6.2.'));
      assert.deepEqual(listed.sort(), addresses.sort());
      const cleared = await runCli(['blacklist', 'clear'], cliEnv);
      assert.equal(cleared.code, 0, cleared.stderr);
      await ctx.services.limits?.sync();
    });

    test('clear without an address lifts every blacklist, and a clear is applied once', async () => {
      await blacklist('10.6.1.1');
      await blacklist('10.6.1.2');
      const cleared = await runCli(['blacklist', 'clear'], cliEnv);
      assert.equal(cleared.code, 0, cleared.stderr);
      assert.match(cleared.stdout, /cleared 10\.6\.1\.1, 10\.6\.1\.2/);
      await ctx.services.limits?.sync();
      assert.equal((await from(ctx.app, '10.6.1.1', '/api/types')).statusCode, 200);
      assert.equal((await from(ctx.app, '10.6.1.2', '/api/types')).statusCode, 200);
      // A later poll does not lift the fresh window again.
      await ctx.services.limits?.sync();
      assert.equal((await from(ctx.app, '10.6.1.1', '/api/types')).statusCode, 429);
    });
  });
}
