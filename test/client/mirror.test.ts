/**
 * `mirror` end to end: one running dramadex mirrored into another over loopback, through a proxy that
 * answers 429, 500, a body cut short, malformed items, an incomplete dump, not JSON and a stall. The
 * client's clock is fake, so its waits (the upstream's limits, Retry-After, backoff) take no real time
 * and are checked in the time it believes. Nothing already stored is lost, and each type's outcome says
 * what happened.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { EntryInput } from '../../src/catalogue/catalogue-store.js';
import { TakedownStore } from '../../src/catalogue/takedowns.js';
import { CatalogueClient } from '../../src/client/catalogue-client.js';
import { retryAfterMs } from '../../src/client/upstream-response.js';
import { mirrorRound, mirrorWatch, newMirrorState, type TypeOutcome } from '../../src/ingest/mirror.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { listen } from '../support/net.js';
import { FakeClientClock, FaultyUpstream } from './faulty-upstream.js';

const dump = (type: string) => `/api/contents/${type}/all`;
const linksOf = async (ctx: TestContext, type: string) =>
  ((await ctx.app.inject(dump(type))).json().data.items as EntryInput[]).map((item) => item.source_link).sort();

for (const store of STORES) {
  describe(`mirror: a running dramadex into another over loopback [${store}]`, () => {
    let upstream: TestContext;
    let local: TestContext;
    let proxy: FaultyUpstream;
    let baseUrl: string;
    const clock = new FakeClientClock();
    const kept = { tv: [entry({ type: 'tv', title: '本地电视剧' })], dongman: [entry({ type: 'dongman', title: '本地动漫' })] };
    const staleLocalPost = entry({ type: 'post', title: '上游没有的短剧' });
    const takenDown = entry({ type: 'extsrc', source_link: 'https://pan.example.com/s/mirror-taken-down' });

    before(async () => {
      upstream = await createTestContext(store);
      local = await createTestContext(store);
      await upstream.importEntries([
        ...Array.from({ length: 30 }, (_, i) => entry({ type: 'post', title: `上游短剧${i}` })),
        ...Array.from({ length: 10 }, (_, i) => entry({ type: 'movie', title: `上游电影${i}` })),
        ...Array.from({ length: 5 }, (_, i) => entry({ type: 'tv', title: `上游电视剧${i}` })),
        ...Array.from({ length: 5 }, (_, i) => entry({ type: 'dongman', title: `上游动漫${i}` })),
        entry({ type: 'xuexi' }),
        entry({ type: 'extsrc' }),
        takenDown,
      ]);
      await local.importEntries([...kept.tv, ...kept.dongman, staleLocalPost]);
      await new TakedownStore(local.services.database).add('https://pan.example.com/s/mirror-taken', 'test', 'prefix');
      proxy = new FaultyUpstream(await listen(upstream.app), clock.now);
      baseUrl = await proxy.listen();
    });
    after(async () => {
      await proxy.close();
      await upstream.close();
      await local.close();
    });

    test('each type is replaced only from a complete, valid dump; failures change nothing and say why', async () => {
      proxy.script(dump('post'), ['429', '500', 'truncate', 'pass']);
      proxy.script(dump('movie'), ['malformed']);
      proxy.script(dump('tv'), ['stall', 'stall', 'stall']);
      proxy.script(dump('dongman'), ['incomplete']);
      proxy.script(dump('xuexi'), ['not-json']);
      proxy.script(dump('extsrc'), ['400']); // as the original service, which calls the type baidu
      const events: string[] = [];
      const client = new CatalogueClient(baseUrl, {
        apiKey: 'test-key',
        clock,
        retries: 2,
        onEvent: (event) => {
          events.push(event.kind);
          // A stalled body: its idle timeout fires once the client has read what came (headers and half).
          if (event.kind === 'received' && proxy.seen.at(-1)?.answeredWith === 'stall') setImmediate(() => clock.fireTimers());
        },
      });
      const outcomes = await mirrorRound(
        local.services.catalogue.store,
        client,
        ['post', 'movie', 'tv', 'dongman', 'xuexi', 'extsrc'],
        newMirrorState(),
      );
      await local.services.catalogue.refresh();
      const byType = new Map<string, TypeOutcome>(outcomes.map((outcome) => [outcome.type, outcome]));

      const post = byType.get('post');
      assert.equal(post?.state, 'replaced');
      assert.deepEqual(post && 'added' in post && [post.added, post.removed, post.rejected.length], [30, 1, 0]);
      assert.deepEqual(
        await linksOf(local, 'post'),
        await linksOf(upstream, 'post'),
        'post is the upstream post, the stale local one removed',
      );

      const movie = byType.get('movie');
      assert.equal(movie?.state, 'replaced');
      assert.deepEqual(movie && 'rejected' in movie && movie.rejected.map((rejection) => rejection.line), [1, 2, 3]);
      assert.equal((await linksOf(local, 'movie')).length, 7);

      const reasonOf = (type: string) => (byType.get(type) as { reason?: string }).reason ?? '';
      assert.match(reasonOf('tv'), /sent nothing for 30 s \(3 attempts\)/);
      assert.deepEqual(
        await linksOf(local, 'tv'),
        kept.tv.map((item) => item.source_link),
        'a stalled type keeps what was stored',
      );
      assert.match(reasonOf('dongman'), /incomplete dump: total says 5 but 4 items came; nothing changed/);
      assert.deepEqual(
        await linksOf(local, 'dongman'),
        kept.dongman.map((item) => item.source_link),
      );
      assert.match(reasonOf('xuexi'), /not JSON/);
      const extsrc = byType.get('extsrc') as { state: string; rejected: Array<{ reason: string }> };
      assert.equal(reasonOf('extsrc'), '');
      assert.equal(extsrc.state, 'replaced');
      assert.deepEqual(
        extsrc.rejected.map((rejection) => rejection.reason),
        ['taken down'],
      );
      assert.ok(
        proxy.seen.some((seen) => seen.path === dump('baidu')),
        'asked again for the legacy name',
      );

      // How it behaved: every request carried the key, none came sooner than the upstream's limits allow,
      // and after the 429 it waited the longer of Retry-After (7) and retry_after (9).
      assert.ok(proxy.seen.every((seen) => seen.headers['x-api-key'] === 'test-key'));
      for (let index = 1; index < proxy.seen.length; index++) {
        const [previous, current] = [proxy.seen[index - 1], proxy.seen[index]] as [(typeof proxy.seen)[0], (typeof proxy.seen)[0]];
        assert.ok(current.at - previous.at >= 3_000, `${current.path} came ${current.at - previous.at} ms after the previous request`);
        if (previous.answeredWith === '429') assert.ok(current.at - previous.at >= 9_000);
      }
      const dumps = proxy.seen.filter((seen) => seen.path.endsWith('/all'));
      for (let index = 1; index < dumps.length; index++) {
        assert.ok((dumps[index]?.at ?? 0) - (dumps[index - 1]?.at ?? 0) >= 60_000, 'one /all a minute');
      }
      assert.ok(events.includes('waiting') && events.includes('retrying'));
    });

    test('a second round sends the ETags it has: unchanged types cost a 304 and change nothing', async () => {
      const client = new CatalogueClient(baseUrl, { clock });
      const state = newMirrorState();
      await mirrorRound(local.services.catalogue.store, client, ['movie', 'xuexi'], state);
      const revision = await local.services.catalogue.store.revision();
      const again = await mirrorRound(local.services.catalogue.store, client, ['movie', 'xuexi'], state);
      assert.deepEqual(
        again.map((outcome) => outcome.state),
        ['not modified', 'not modified'],
      );
      assert.equal(await local.services.catalogue.store.revision(), revision);
      assert.ok(proxy.seen.slice(-2).every((seen) => typeof seen.headers['if-none-match'] === 'string'));
    });

    test('a blacklist is not waited out: the type fails at once, and Retry-After as a date is understood', async () => {
      const client = new CatalogueClient(baseUrl, { clock });
      proxy.script(dump('movie'), ['blacklisted']);
      const sleptBefore = clock.sleeps.length;
      const [movie] = await mirrorRound(local.services.catalogue.store, client, ['movie'], newMirrorState());
      assert.equal(movie?.state, 'failed');
      assert.match((movie as { reason: string }).reason, /answered 429 \(1 in a row\), asking to wait 1800 s/);
      assert.ok(
        clock.sleeps.slice(sleptBefore).every((ms) => ms < 1_800_000),
        'never waited the blacklist out',
      );
      const inTwoMinutes = new Date(Date.parse('2026-01-01T00:00:00Z') + 120_000).toUTCString();
      assert.equal(retryAfterMs(inTwoMinutes, Buffer.from('not json'), Date.parse('2026-01-01T00:00:00Z')), 120_000);
      assert.equal(retryAfterMs(null, Buffer.from('{"retry_after":0}'), 0), 1_000, 'at least a second');
    });

    test('a dump that redirects to another host is not followed: the type fails and nothing else is asked', async () => {
      // The elsewhere server stands for any address an answer could name; 127.0.0.2 is another host on loopback.
      const elsewhere = createServer((_request, response) => {
        elsewhereAsked++;
        response.end('{}');
      });
      let elsewhereAsked = 0;
      elsewhere.listen(0, '127.0.0.2');
      await once(elsewhere, 'listening');
      const target = `http://127.0.0.2:${(elsewhere.address() as AddressInfo).port}${dump('post')}`;
      const redirecting = createServer((_request, response) => {
        response.writeHead(302, { location: target }).end();
      });
      redirecting.listen(0, '127.0.0.1');
      await once(redirecting, 'listening');
      try {
        const revision = await local.services.catalogue.store.revision();
        const client = new CatalogueClient(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`, { clock });
        const [post] = await mirrorRound(local.services.catalogue.store, client, ['post'], newMirrorState());
        assert.equal(post?.state, 'failed');
        assert.match(post && 'reason' in post ? post.reason : '', /answered 302/);
        assert.equal(elsewhereAsked, 0, 'the redirect was not followed');
        assert.equal(await local.services.catalogue.store.revision(), revision);
      } finally {
        redirecting.close();
        elsewhere.close();
      }
    });

    test('--watch repeats every interval, follows upstream changes and stops when told', async () => {
      const client = new CatalogueClient(baseUrl, { clock });
      const stop = new AbortController();
      const rounds: string[][] = [];
      const sleepsBefore = clock.sleeps.length;
      await mirrorWatch(local.services.catalogue.store, client, ['xuexi'], {
        intervalMs: 30 * 60_000,
        clock,
        signal: stop.signal,
        onRound: async (outcomes) => {
          rounds.push(outcomes.map((outcome) => ('added' in outcome ? `added ${outcome.added}` : outcome.state)));
          if (rounds.length === 1) await upstream.importEntries([entry({ type: 'xuexi', title: '上游新学习' })]);
          if (rounds.length === 3) stop.abort();
        },
      });
      assert.deepEqual(rounds, [['added 0'], ['added 1'], ['not modified']]);
      assert.equal(clock.sleeps.slice(sleepsBefore).filter((ms) => ms === 30 * 60_000).length, 2, 'waited the interval between rounds');
    });
  });
}
