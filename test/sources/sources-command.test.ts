/**
 * `dramadex sources add|list|poll|remove` as operators run them (child processes over the test store and
 * the fixture channel pages), `serve` polling in the background, and a poll killed mid-read: nothing of
 * it is written.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { runCli, startCli } from '../support/cli.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { FixtureTelegram } from './fixture-telegram.js';

const post = (id: number) => ({
  id,
  time: '2026-11-20T10:00:00+00:00',
  html: `第${id}部<br>https://pan.quark.cn/s/cli${id}abcd 提取码：k${id}x9`,
});

for (const store of STORES) {
  describe(`dramadex sources [${store}]`, () => {
    let ctx: TestContext;
    let telegram: FixtureTelegram;
    let env: Record<string, string>;
    const cli = (...args: string[]) => runCli(['sources', ...args], env);

    before(async () => {
      telegram = new FixtureTelegram();
      const origin = await telegram.listen();
      ctx = await createTestContext(store);
      env = { DATABASE_URL: ctx.config.databaseUrl, TELEGRAM_ORIGIN: origin };
    });
    after(async () => {
      await ctx.close();
      await telegram.close();
    });

    test('add, list, poll and remove a channel', async () => {
      telegram.channel('cli_channel', [post(1), post(2)]);
      const added = await cli('add', 'telegram', '@cli_channel', '--type', 'tv', '--every', '15');
      assert.equal(added.code, 0, added.stderr);
      assert.match(added.stdout, /^added telegram source cli_channel, polled every 15 min$/m);
      assert.match((await cli('add', 'telegram', 'cli_channel')).stderr, /already registered/);
      assert.match((await cli('add', 'telegram', 'no')).stderr, /not a public channel name/);
      assert.match((await cli('add', 'telegram', 'x_channel', '--backfill', 'lots')).stderr, /--backfill must be a whole number/);
      assert.match((await cli('list')).stdout, /^cli_channel\ttelegram\ttv\tevery 15 min\tnever polled\tadded 0\tnext poll /m);

      const polled = await cli('poll');
      assert.equal(polled.code, 0, polled.stderr);
      assert.match(polled.stdout, /^cli_channel: added 2, updated 0, unchanged 0, rejected 0$/m);
      const rows = await ctx.services.database.db.selectFrom('entries').select(['source_link', 'type']).orderBy('source_link').execute();
      assert.deepEqual(rows, [
        { source_link: 'https://pan.quark.cn/s/cli1abcd?pwd=k1x9', type: 'tv' },
        { source_link: 'https://pan.quark.cn/s/cli2abcd?pwd=k2x9', type: 'tv' },
      ]);
      assert.match((await cli('list')).stdout, /^cli_channel\ttelegram\ttv\tevery 15 min\tlast poll \S+ ok\tadded 2\tnext poll /m);

      telegram.mode('cli_channel', '429');
      const limited = await cli('poll', 'cli_channel');
      assert.equal(limited.code, 1);
      assert.match(limited.stdout, /^cli_channel: failed \(rate_limited\): .*answered 429/m);
      assert.match(limited.stderr.trim().split('\n').at(-1) as string, /^dramadex: polling cli_channel failed/);
      assert.match((await cli('list')).stdout, /last poll \S+ rate_limited \(.*429.*\)\tadded 2/);

      assert.match((await cli('remove', 'cli_channel')).stdout, /^removed source cli_channel \(its entries stay\)$/m);
      assert.match((await cli('remove', 'cli_channel')).stderr, /no source named "cli_channel"/);
      assert.match((await cli('list')).stdout, /^no sources$/m);
      assert.equal(await ctx.services.catalogue.store.count(), 2, 'its entries stay');
    });

    test('add upstream checks its address and types, and list shows what it mirrors', async () => {
      assert.match((await cli('add', 'upstream', 'ftp://example.com')).stderr, /"ftp:\/\/example.com" is not an http\(s\) address/);
      assert.match((await cli('add', 'upstream', 'http://127.0.0.1:9', '--type', 'nope')).stderr, /nope/);
      const added = await cli(
        'add',
        'upstream',
        'http://127.0.0.1:9/',
        '--type',
        'movie',
        '--type',
        'tv',
        '--api-key',
        'k',
        '--every',
        '120',
      );
      assert.equal(added.code, 0, added.stderr);
      assert.match(added.stdout, /^added upstream source 127\.0\.0\.1:9, polled every 120 min$/m);
      assert.match((await cli('list')).stdout, /^127\.0\.0\.1:9\tupstream\tmovie,tv\tevery 120 min\tnever polled\tadded 0\tnext poll /m);
      const polled = await cli('poll', '127.0.0.1:9');
      assert.equal(polled.code, 1);
      // The poll's reason is shown to moderators: it says only that no catalogue came (docs/sources.md).
      assert.match(polled.stdout, /^127\.0\.0\.1:9: failed \(upstream_error\): no catalogue answer from the upstream/m);
      assert.equal((await cli('remove', '127.0.0.1:9')).code, 0);
    });

    test('a poll killed while it reads the pages writes nothing', async () => {
      telegram.channel(
        'killed_channel',
        Array.from({ length: 30 }, (_, index) => post(100 + index)),
        'hold',
      );
      assert.equal((await cli('add', 'telegram', 'killed_channel', '--backfill', '30')).code, 0);
      const revision = await ctx.services.catalogue.store.revision();
      const running = startCli(['sources', 'poll', 'killed_channel'], { ...env, LOG_LEVEL: 'silent' });
      const onHeld = (search: string) => {
        if (search === '')
          telegram.release(); // the newest page; the older one is held until the kill
        else running.child.kill('SIGKILL');
      };
      telegram.on('held', onHeld);
      await once(running.child, 'exit');
      telegram.off('held', onHeld);
      assert.equal(await ctx.services.catalogue.store.revision(), revision, 'nothing written');
      assert.match((await cli('list')).stdout, /^killed_channel\ttelegram\tpost\tevery 30 min\tnever polled\tadded 0/m);
    });

    test('serve polls the due sources in the background (SOURCES=on)', async () => {
      telegram.channel('served_channel', [post(200), post(201)]);
      const added = await cli('add', 'telegram', 'served_channel');
      assert.equal(added.code, 0, added.stderr);
      const server = startCli(['serve'], { ...env, PORT: '0', RANKING_PORT: '0', METRICS_PORT: 'off', LOG_LEVEL: 'info' });
      try {
        await server.until(/"source":"served_channel".*"msg":"polled a source"/);
        assert.match(server.output(), /"source":"served_channel","added":2/);
        assert.match((await cli('list')).stdout, /^served_channel\ttelegram\tpost\tevery 30 min\tlast poll \S+ ok\tadded 2/m);
      } finally {
        server.child.kill('SIGTERM');
        await once(server.child, 'exit');
      }
    });
  });
}
