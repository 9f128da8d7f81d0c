/**
 * Upstream catalogues as sources and the rebuilt `mirror`, on both stores: a poll streams the dump into
 * the catalogue; an unreachable upstream fails at once with the cause named (the source kept); `mirror`
 * against a closed port ends with one line; waits are announced as they start; and a `mirror` killed
 * mid-dump leaves the catalogue as it was.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { CatalogueClient, type ClientEvent } from '../../src/client/catalogue-client.js';
import { mirrorRound, newMirrorState } from '../../src/ingest/mirror.js';
import { LocalClock } from '../../src/shared/local-time.js';
import { SourcePoller } from '../../src/sources/source-poller.js';
import { SourceStore } from '../../src/sources/source-store.js';
import { NO_CATALOGUE } from '../../src/sources/upstream-source.js';
import { FakeClientClock } from '../client/faulty-upstream.js';
import { runCli, startCli } from '../support/cli.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { REFUSED_ORIGIN } from '../support/net.js';
import { FixtureUpstream } from './fixture-upstream.js';

for (const store of STORES) {
  describe(`upstream sources and mirror [${store}]`, () => {
    let ctx: TestContext;
    let upstream: FixtureUpstream;
    let baseUrl: string;
    const poller = () =>
      new SourcePoller(ctx.services.catalogue.store, new SourceStore(ctx.services.database), {
        telegramOrigin: 'http://127.0.0.1:9',
        allowPrivate: ['127.0.0.0/8'],
        clock: new LocalClock('Asia/Shanghai'),
      });

    before(async () => {
      upstream = new FixtureUpstream({ count: 12_345 });
      baseUrl = await upstream.listen();
      ctx = await createTestContext(store);
    });
    after(async () => {
      await ctx.close();
      await upstream.close();
    });

    test('a poll streams the dump in and replaces the type; a second changes nothing', async () => {
      const stale = entry({ type: 'post', title: '上游没有的' });
      await ctx.importEntries([stale, entry({ type: 'tv' })]);
      await new SourceStore(ctx.services.database).add(
        { name: 'upstream-a', kind: 'upstream', everyMinutes: 60, settings: { baseUrl, types: ['post'] } },
        new Date(),
      );
      const [first] = await poller().pollNow(['upstream-a']);
      assert.deepEqual(first?.outcome === 'ok' && [first.added, first.removed, first.rejected.length], [12_345, 1, 0]);
      assert.equal(await ctx.services.catalogue.store.countOfType('post'), 12_345);
      assert.equal(await ctx.services.catalogue.store.countOfType('tv'), 1, 'other types untouched');
      const staged = await ctx.services.database.db.selectFrom('staged_entries').select('run').execute();
      assert.deepEqual(staged, [], 'the staging rows are gone');
      const [second] = await poller().pollNow(['upstream-a']);
      assert.deepEqual(second?.outcome === 'ok' && [second.added, second.unchanged], [0, 12_345]);
      assert.equal((await new SourceStore(ctx.services.database).get('upstream-a'))?.entriesAdded, 12_345);
    });

    test('an unreachable upstream fails at once, in the words a 404 gets too; the source is kept', async () => {
      const closed = REFUSED_ORIGIN;
      await new SourceStore(ctx.services.database).add(
        { name: 'upstream-closed', kind: 'upstream', everyMinutes: 60, settings: { baseUrl: closed, types: [] } },
        new Date(),
      );
      const [report] = await poller().pollNow(['upstream-closed']);
      assert.equal(report?.outcome, 'upstream_error');
      assert.equal(report && 'reason' in report ? report.reason : '', NO_CATALOGUE);
      assert.equal((await new SourceStore(ctx.services.database).get('upstream-closed'))?.failures, 1);
    });

    test('mirror against a closed port ends with one line naming the cause', async () => {
      const closed = REFUSED_ORIGIN;
      const result = await runCli(['mirror', closed], { DATABASE_URL: ctx.config.databaseUrl });
      assert.equal(result.code, 1);
      assert.equal(result.stdout, '');
      assert.deepEqual(result.stderr.trim().split('\n'), [
        `dramadex: mirror of ${closed} failed: cannot reach ${closed}: connection refused (ECONNREFUSED)`,
      ]);
    });

    test("a wait for the upstream's limits is announced as it starts, and the dump's progress reported", async () => {
      const clock = new FakeClientClock();
      const events: ClientEvent[] = [];
      const client = new CatalogueClient(baseUrl, { clock, onEvent: (event) => events.push(event) });
      const state = newMirrorState((event) => events.push(event));
      await mirrorRound(ctx.services.catalogue.store, client, ['post'], state);
      await mirrorRound(ctx.services.catalogue.store, client, ['post'], state);
      const waits = events.flatMap((event) => (event.kind === 'waiting' ? [[event.ms, event.reason]] : []));
      // This upstream sends no RateLimit header, so the interface's one-a-minute rule paces its dumps.
      assert.deepEqual(waits, [
        [60_000, '/api/contents/post/all: next full dump allowed by the published limits (the upstream sends no RateLimit header)'],
      ]);
      assert.equal(clock.sleeps.at(-1), 60_000, 'announced before the wait, not after');
      const last = events.filter((event) => event.kind === 'progress').at(-1);
      assert.deepEqual(last && last.kind === 'progress' && [last.what, last.items], ['post', 12_345]);
    });

    test('a dump past the body cap is abandoned and changes nothing', async () => {
      const revision = await ctx.services.catalogue.store.revision();
      const client = new CatalogueClient(baseUrl, { clock: new FakeClientClock(), maxDumpBytes: 100_000 });
      const [post] = await mirrorRound(ctx.services.catalogue.store, client, ['post'], newMirrorState());
      assert.equal(post?.state, 'failed');
      assert.match(post && 'reason' in post ? post.reason : '', /the answer is larger than 100000 bytes/);
      assert.equal(await ctx.services.catalogue.store.revision(), revision);
    });

    test('a mirror killed mid-dump leaves the catalogue as it was', async () => {
      upstream.setPlan({ count: 20_000, holdAfter: 12_000 });
      const revision = await ctx.services.catalogue.store.revision();
      const running = startCli(['mirror', baseUrl, '--type', 'post'], { DATABASE_URL: ctx.config.databaseUrl, LOG_LEVEL: 'silent' });
      await once(upstream, 'held');
      running.child.kill('SIGKILL');
      await once(running.child, 'exit');
      assert.equal(await ctx.services.catalogue.store.revision(), revision, 'nothing written to the catalogue');
      assert.equal(await ctx.services.catalogue.store.countOfType('post'), 12_345);
      upstream.setPlan({ count: 12_345 });
    });
  });
}
