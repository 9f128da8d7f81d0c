/**
 * `dramadex mirror` as operators run it: a child process mirroring one type of a running dramadex (limits
 * off, so one request is all it takes), printing the type's counts; and a failing upstream: the type's
 * reason on standard output, a one-line reason and a non-zero exit, and nothing stored lost.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { listen } from '../support/net.js';
import { FaultyUpstream } from './faulty-upstream.js';

for (const store of STORES) {
  describe(`dramadex mirror [${store}]`, () => {
    let upstream: TestContext;
    let local: TestContext;
    let proxy: FaultyUpstream;
    let baseUrl: string;
    const localMovie = entry({ type: 'movie', title: '本地电影' });
    before(async () => {
      upstream = await createTestContext(store);
      local = await createTestContext(store);
      await upstream.importEntries([entry({ type: 'post' }), entry({ type: 'post' }), entry({ type: 'movie' })]);
      await local.importEntries([localMovie]);
      proxy = new FaultyUpstream(await listen(upstream.app), () => 0);
      baseUrl = await proxy.listen();
    });
    after(async () => {
      await proxy.close();
      await upstream.close();
      await local.close();
    });
    const mirror = (...args: string[]) => runCli(['mirror', baseUrl, ...args], { DATABASE_URL: local.config.databaseUrl });

    test('mirrors a type and prints its counts', async () => {
      const result = await mirror('--type', 'post', '--api-key', 'k');
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^post: added 2, updated 0, unchanged 0, removed 0, rejected 0$/m);
      assert.equal(proxy.seen.at(-1)?.headers['x-api-key'], 'k');
      await local.services.catalogue.refresh();
      assert.equal((await local.app.inject('/api/contents/post')).json().data.total, 2);
    });

    test('a failed type is reported, exits non-zero with one reason line, and keeps what was stored', async () => {
      proxy.script('/api/contents/movie/all', ['not-json']);
      const result = await mirror('--type', 'movie');
      assert.equal(result.code, 1);
      assert.match(result.stdout, /^movie: failed: \/api\/contents\/movie\/all: the answer is not JSON/m);
      assert.match(result.stderr.trim().split('\n').at(-1) as string, /^dramadex: mirror of movie from http:\/\/127\.0\.0\.1:\d+ failed/);
      await local.services.catalogue.refresh();
      const movies = (await local.app.inject('/api/contents/movie')).json().data.items;
      assert.deepEqual(
        movies.map((item: { source_link: string }) => item.source_link),
        [localMovie.source_link],
      );
    });
  });
}
