// The upstream fetcher against a local fixture server (never the internet): the hot-list shape mapped into
// our records, snapshots with hot_change, failures isolated per source, bounded time and size, the schedule.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, mock, test } from 'node:test';
import { UpstreamFetcher } from '../../src/boards/fetcher/upstream-fetcher.js';
import { loadConfig } from '../../src/config/config.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { issueToken, rankingGet } from './support/helpers.js';

/** A portal board response: `data.cards[0].content[]` entries with word/desc/hotScore/img/url/show. */
function portalBoard(
  entries: Array<{ word: string; hotScore: string | number; show?: unknown; img?: string; url?: string; desc?: string }>,
) {
  return {
    success: true,
    data: {
      cards: [
        {
          component: 'hotList',
          content: entries.map((entry, index) => ({
            index,
            desc: entry.desc ?? '',
            img: entry.img ?? '',
            url: entry.url ?? '',
            show: entry.show ?? [],
            hotChange: 'same',
            hotTag: '0',
            ...entry,
          })),
        },
      ],
    },
  };
}

const TELEPLAY = portalBoard([
  {
    word: '繁花',
    desc: '九十年代的上海，阿宝在黄河路上闯出了一片天地。',
    hotScore: '4923456',
    img: 'https://fyb-2.cdn.bcebos.com/hotboard_image/fanhua.jpg',
    url: 'https://www.baidu.com/s?wd=%E7%B9%81%E8%8A%B1',
    show: ['类型：剧情 / 年代', '演员：胡歌 / 马伊琍 / 唐嫣'],
  },
  { word: '狂飙', desc: '', hotScore: 3900000, show: ['类型：刑侦', '主演：张译、张颂文'], img: 'javascript:alert(1)' },
  { word: '繁花', hotScore: '1' },
  { word: '', hotScore: '5' },
  { word: '漫长的季节', hotScore: 'not a number', show: '类型：悬疑' },
]);

const ACTORS = [
  { word: '林婉清', hotScore: '900', img: 'https://img.example.com/l.jpg', show: ['性别：女', '代表作：闪婚后，傅总每天都在追妻'] },
  { word: '沈星河', hotScore: '800', show: ['性别：男'] },
  { word: '小鹿', hotScore: '700' },
];

interface Fixture {
  server: Server;
  base: string;
  hits: Map<string, number>;
  teleplay: unknown;
}

async function startFixture(): Promise<Fixture> {
  const hits = new Map<string, number>();
  const fixture = { hits, teleplay: TELEPLAY as unknown } as Fixture;
  fixture.server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/api/board?platform=wise&tab=teleplay') return json(200, fixture.teleplay);
    if (path === '/bare') return json(200, ACTORS);
    if (path === '/broken') return json(502, { error: 'bad gateway' });
    if (path === '/html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html>maintenance</html>');
    }
    if (path === '/empty') return json(200, { data: { cards: [] } });
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify(portalBoard(Array.from({ length: 2000 }, (_, i) => ({ word: `剧${i}`, hotScore: i, desc: 'x'.repeat(100) })))),
      );
    }
    if (path === '/slow') return; // never answers
    if (path === '/drip') {
      // Headers at once, then a byte every 100 ms for ever: only a deadline over the whole exchange ends it.
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 100);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (path === '/moved-away') {
      response.writeHead(302, { location: `http://localhost:${(fixture.server.address() as AddressInfo).port}/bare` });
      return response.end();
    }
    if (path === '/moved-here') {
      response.writeHead(301, { location: '/bare' });
      return response.end();
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => fixture.server.listen(0, '127.0.0.1', resolve));
  fixture.base = `http://127.0.0.1:${(fixture.server.address() as AddressInfo).port}`;
  return fixture;
}

for (const store of STORES) {
  describe(`upstream fetcher [${store}]`, () => {
    let ctx: TestContext;
    let fixture: Fixture;
    let token: string;
    const reports: string[] = [];
    before(async () => {
      fixture = await startFixture();
      ctx = await createTestContext(store);
      token = await issueToken(ctx);
    });
    after(async () => {
      fixture.server.closeAllConnections();
      fixture.server.close();
      await ctx.close();
    });

    const fetcher = (sources: Array<{ board: 'tv' | 'actors' | 'movie' | 'drama'; path: string }>, options = {}) =>
      new UpstreamFetcher(
        ctx.services.rankings.boards,
        sources.map(({ board, path }) => ({ board, url: `${fixture.base}${path}` })),
        30,
        { report: (line) => reports.push(line), ...options },
      );

    test('maps word/desc/hotScore/img/url/show into records; duplicates and empty words dropped, bad links emptied', async () => {
      const [outcome] = await fetcher([{ board: 'tv', path: '/api/board?platform=wise&tab=teleplay' }]).fetchAll();
      assert.equal(outcome?.ok, true);
      const data = (await rankingGet(ctx, '/api/extrank/tv/hot', { token })).json().data;
      assert.equal(data.total, 3);
      const [first, second, third] = data.items;
      assert.deepEqual(first, {
        rank: 1,
        title: '繁花',
        hot_score: 4_923_456,
        hot_change: 'new',
        tag: '',
        cover: 'https://fyb-2.cdn.bcebos.com/hotboard_image/fanhua.jpg',
        description: '九十年代的上海，阿宝在黄河路上闯出了一片天地。',
        category: 'tv',
        genres: ['剧情', '年代'],
        actors: ['胡歌', '马伊琍', '唐嫣'],
        url: 'https://www.baidu.com/s?wd=%E7%B9%81%E8%8A%B1',
        updated_at: data.updated_at,
      });
      assert.equal(second.title, '狂飙');
      assert.equal(second.hot_score, 3_900_000);
      assert.equal(second.cover, '', 'a javascript: link is not a cover');
      assert.deepEqual(second.genres, ['刑侦']);
      assert.deepEqual(second.actors, ['张译', '张颂文']);
      assert.equal(third.title, '漫长的季节');
      assert.equal(third.hot_score, 0);
      assert.deepEqual(third.genres, ['悬疑']);
    });

    test('each fetch is a new snapshot with hot_change against the one before', async () => {
      fixture.teleplay = portalBoard([
        { word: '漫长的季节', hotScore: 5_000_000 },
        { word: '繁花', hotScore: 4_000_000 },
        { word: '三体', hotScore: 100 },
      ]);
      const [outcome] = await fetcher([{ board: 'tv', path: '/api/board?platform=wise&tab=teleplay' }]).fetchAll();
      assert.ok(outcome?.ok);
      const items = (await rankingGet(ctx, '/api/extrank/tv/hot', { token })).json().data.items;
      assert.deepEqual(
        items.map((item: { title: string; hot_change: string }) => [item.title, item.hot_change]),
        [
          ['漫长的季节', 'up'],
          ['繁花', 'down'],
          ['三体', 'new'],
        ],
      );
      fixture.teleplay = TELEPLAY;
    });

    test('a bare array of actors maps gender and works from `show`', async () => {
      await fetcher([{ board: 'actors', path: '/bare' }]).fetchAll();
      const all = (await rankingGet(ctx, '/api/drama-actors', { token })).json().data.items;
      assert.deepEqual(
        all.map((actor: { name: string; gender: string; hot_score: number }) => [actor.name, actor.gender, actor.hot_score]),
        [
          ['林婉清', 'female', 900],
          ['沈星河', 'male', 800],
          ['小鹿', 'unknown', 700],
        ],
      );
      assert.deepEqual(all[0].works, ['闪婚后，傅总每天都在追妻']);
      assert.equal(all[0].avatar, 'https://img.example.com/l.jpg');
      const female = (await rankingGet(ctx, '/api/drama-actors/female', { token })).json().data.items;
      assert.deepEqual(
        female.map((actor: { name: string }) => actor.name),
        ['林婉清'],
      );
    });

    test('a failing source is reported and skipped; the next source is still fetched; nothing half-stored', async () => {
      reports.length = 0;
      const before = await ctx.services.rankings.boards.store.count('movie');
      const outcomes = await fetcher([
        { board: 'movie', path: '/broken' },
        { board: 'movie', path: '/html' },
        { board: 'movie', path: '/empty' },
        { board: 'drama', path: '/api/board?platform=wise&tab=teleplay' },
      ]).fetchAll();
      assert.deepEqual(
        outcomes.map((outcome) => outcome.ok),
        [false, false, false, true],
      );
      assert.match(reports[0] ?? '', /board movie failed: upstream answered HTTP 502/);
      assert.match(reports[1] ?? '', /not JSON/);
      assert.match(reports[2] ?? '', /no entries/);
      assert.equal(await ctx.services.rankings.boards.store.count('movie'), before);
      assert.equal((await rankingGet(ctx, '/api/extrank/drama/hot', { token })).json().data.total, 3);
    });

    test('an upstream that does not answer in time, or answers too much, is given up on', async () => {
      reports.length = 0;
      // /slow never answers: the round ending at all is the timeout working (the test's own timeout guards a hang).
      const [slow] = await fetcher([{ board: 'movie', path: '/slow' }], { timeoutMs: 300 }).fetchAll();
      assert.equal(slow?.ok, false);
      const [huge] = await fetcher([{ board: 'movie', path: '/huge' }], { maxBytes: 10_000 }).fetchAll();
      assert.equal(huge?.ok, false);
      assert.match(reports.at(-1) ?? '', /larger than 10000 bytes/);
      const [drip] = await fetcher([{ board: 'movie', path: '/drip' }], { timeoutMs: 500 }).fetchAll();
      assert.equal(drip?.ok, false, 'a body that trickles for ever is cut at the deadline');
      assert.match(reports.at(-1) ?? '', /timeout after 500 ms/);
    });

    test("redirects are followed on the source's own host only (the shared capped reader)", async () => {
      reports.length = 0;
      const [away, here] = await fetcher([
        { board: 'movie', path: '/moved-away' },
        { board: 'actors', path: '/moved-here' },
      ]).fetchAll();
      assert.equal(away?.ok, false, 'another host (localhost, not 127.0.0.1) is not followed');
      assert.match(reports[0] ?? '', /upstream answered HTTP 302/);
      assert.equal(here?.ok, true, here && !here.ok ? here.error : '');
    });

    test('start() fetches at once and then on every interval', async () => {
      mock.timers.enable({ apis: ['setInterval'] });
      const scheduled = fetcher([{ board: 'tv', path: '/api/board?platform=wise&tab=teleplay' }]);
      try {
        const path = '/api/board?platform=wise&tab=teleplay';
        const hitsBefore = fixture.hits.get(path) ?? 0;
        const snapshotsBefore = await ctx.services.rankings.boards.store.count('tv');
        await scheduled.start();
        assert.equal(fixture.hits.get(path), hitsBefore + 1);
        mock.timers.tick(29 * 60_000);
        await scheduled.idle();
        assert.equal(fixture.hits.get(path), hitsBefore + 1, 'not before the interval');
        mock.timers.tick(60_000);
        await scheduled.idle();
        assert.equal(fixture.hits.get(path), hitsBefore + 2);
        mock.timers.tick(30 * 60_000);
        await scheduled.idle();
        assert.equal(fixture.hits.get(path), hitsBefore + 3);
        assert.equal(await ctx.services.rankings.boards.store.count('tv'), snapshotsBefore + 3);
        scheduled.stop();
        mock.timers.tick(60 * 60_000);
        await scheduled.idle();
        assert.equal(fixture.hits.get(path), hitsBefore + 3, 'stopped');
      } finally {
        scheduled.stop();
        mock.timers.reset();
      }
    });
  });
}

describe('fetcher configuration', () => {
  test('RANKING_FETCH_SOURCES and RANKING_FETCH_INTERVAL_MINUTES are parsed and validated', () => {
    const config = loadConfig({
      RANKING_FETCH_SOURCES:
        'tv=https://top.example.com/api/board?tab=teleplay movie=https://top.example.com/api/board?tab=movie,actors=http://127.0.0.1:9/a',
      RANKING_FETCH_INTERVAL_MINUTES: '15',
    });
    assert.deepEqual(config.ranking.fetch, {
      sources: [
        { board: 'tv', url: 'https://top.example.com/api/board?tab=teleplay' },
        { board: 'movie', url: 'https://top.example.com/api/board?tab=movie' },
        { board: 'actors', url: 'http://127.0.0.1:9/a' },
      ],
      intervalMinutes: 15,
    });
    assert.equal(loadConfig({}).ranking.fetch, undefined);
    assert.throws(() => loadConfig({ RANKING_FETCH_SOURCES: 'music=https://x.example' }), /known board/);
    assert.throws(() => loadConfig({ RANKING_FETCH_SOURCES: 'tv=ftp://x.example' }), /http\(s\) URL/);
    assert.throws(() => loadConfig({ RANKING_FETCH_SOURCES: 'tv=https://a.example tv=https://b.example' }), /twice/);
    assert.throws(
      () => loadConfig({ RANKING_FETCH_SOURCES: 'tv=https://a.example', RANKING_FETCH_INTERVAL_MINUTES: '0' }),
      /RANKING_FETCH_INTERVAL_MINUTES/,
    );
  });

  test('the services build the fetcher from the configuration', async () => {
    const ctx = await createTestContext(STORES[0] ?? 'sqlite', { RANKING_FETCH_SOURCES: 'anime=http://127.0.0.1:9/anime' });
    try {
      assert.deepEqual(ctx.services.rankings.fetcher?.sources, [{ board: 'anime', url: 'http://127.0.0.1:9/anime' }]);
    } finally {
      await ctx.close();
    }
  });
});
