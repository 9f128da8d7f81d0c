/**
 * PanSou clients' request sequences against dramadex (docs/pansou.md), on both stores, with the bodies
 * real clients send (client-requests.ts cites each client's code): tg-pansou-bot's POST search and
 * health, the AstrBot plugin's POST search then `check/links` on what it found, a TVBox-style source's
 * filtered POST, and a GET client. Entries come in through a Telegram source polled from the fixture
 * channel pages, so `source` says `tg:<channel>`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LocalClock } from '../../src/shared/local-time.js';
import { SourcePoller } from '../../src/sources/source-poller.js';
import { SourceStore } from '../../src/sources/source-store.js';
import { type FixtureMessage, FixtureTelegram } from '../sources/fixture-telegram.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { LIMITS_ON } from '../support/limits.js';
import { ASTRBOT_CHECKABLE, ASTRBOT_SEARCH, README_GET_SEARCH, TG_PANSOU_BOT_SEARCH, TVBOX_SOURCE_SEARCH } from './client-requests.js';
import { BASE, checkLinks, ENTRIES, get, type SearchBodyShape, search } from './support.js';

const CHANNEL = 'duanju_daily';
const POSTS: FixtureMessage[] = [
  { id: 1, time: '2026-11-21T02:00:00+00:00', html: '逆袭归来 全集<br>https://pan.quark.cn/s/tgpost0001 提取码：ab34' },
  { id: 2, time: '2026-11-21T03:00:00+00:00', html: '逆袭归来 预告<br>https://pan.baidu.com/s/1tgpost0002?pwd=cd56' },
];

for (const store of STORES) {
  describe(`a PanSou client's sequence [${store}]`, () => {
    let ctx: TestContext;
    let telegram: FixtureTelegram;
    before(async () => {
      telegram = new FixtureTelegram();
      const origin = await telegram.listen();
      ctx = await createTestContext(store, { ...LIMITS_ON, TELEGRAM_ORIGIN: origin });
      await ctx.importEntries(Object.values(ENTRIES));
      telegram.channel(CHANNEL, POSTS);
      const sources = new SourceStore(ctx.services.database);
      await sources.add(
        { name: CHANNEL, kind: 'telegram', everyMinutes: 30, settings: { channel: CHANNEL, type: 'post', backfill: 50 } },
        new Date(),
      );
      const poller = new SourcePoller(ctx.services.catalogue.store, sources, {
        telegramOrigin: origin,
        clock: new LocalClock('Asia/Shanghai'),
      });
      const [report] = await poller.pollNow([CHANNEL]);
      assert.equal(report?.outcome, 'ok', JSON.stringify(report));
      await ctx.services.catalogue.refresh();
    });
    after(async () => {
      await ctx.close();
      await telegram.close();
    });

    test('tg-pansou-bot: health, then a merged search with its channels, plugins, types and filter', async () => {
      const from = '10.4.0.1';
      const health = await get(ctx.app, '/api/health', {}, from);
      assert.equal(health.statusCode, 200);
      assert.deepEqual((health.json() as { channels: string[] }).channels, [CHANNEL]);
      const response = await search(ctx.app, TG_PANSOU_BOT_SEARCH, {}, from);
      assert.equal(response.statusCode, 200, response.body);
      const { data } = response.json() as SearchBodyShape;
      assert.equal(data.results, undefined);
      const merged = data.merged_by_type ?? {};
      assert.deepEqual(Object.keys(merged).sort(), ['baidu', 'quark']);
      assert.deepEqual(
        merged.quark?.map((link) => [link.url, link.password, link.source]),
        [
          ['https://pan.quark.cn/s/tgpost0001?pwd=ab34', 'ab34', `tg:${CHANNEL}`],
          [ENTRIES.quark?.source_link, 'ab12', 'plugin:dramadex'],
        ],
      );
      assert.deepEqual(
        merged.baidu?.map((link) => link.url),
        [ENTRIES.baidu?.source_link],
        'the 预告 post excluded',
      );
      assert.equal(data.total, 3);
    });

    test('AstrBot plugin: results, then check/links on the links of types it checks', async () => {
      const from = '10.4.0.2';
      const response = await search(ctx.app, ASTRBOT_SEARCH, {}, from);
      assert.equal(response.statusCode, 200, response.body);
      const { data } = response.json() as SearchBodyShape;
      const results = data.results ?? [];
      assert.deepEqual(
        results.map((result) => result.channel),
        [CHANNEL, 'dramadex', 'dramadex', 'dramadex'],
      );
      const items = results.flatMap((result) =>
        (result.links as Array<{ type: string; url: string; password: string }>)
          .filter((link) => ASTRBOT_CHECKABLE.has(link.type))
          .map((link) => ({ disk_type: link.type, url: link.url, password: link.password })),
      );
      assert.equal(items.length, 4);
      const checked = await checkLinks(ctx.app, { items }, {}, from);
      assert.equal(checked.statusCode, 200, checked.body);
      const states = (checked.json() as { results: Array<{ url: string; state: string }> }).results;
      assert.deepEqual(
        states.map((state) => state.url),
        items.map((item) => item.url),
      );
      assert.ok(
        states.every((state) => state.state === 'uncertain'),
        'never checked yet: moved up the queue',
      );
      const login = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/api/auth/login`,
        payload: { username: 'u', password: 'p' },
        remoteAddress: from,
      });
      assert.equal(login.statusCode, 404);
    });

    test('a TVBox-style source: cloud_types and an include/exclude filter', async () => {
      const response = await search(ctx.app, TVBOX_SOURCE_SEARCH, {}, '10.4.0.3');
      assert.equal(response.statusCode, 200, response.body);
      const merged = (response.json() as SearchBodyShape).data.merged_by_type ?? {};
      assert.deepEqual(
        Object.entries(merged).map(([type, links]) => [type, links.map((link) => link.note)]),
        [
          // The channel's 逆袭归来 全集 is stored as 逆袭归来 (a source cuts the episode decoration).
          ['quark', ['逆袭之路 全集']],
          ['aliyun', ['逆袭阿里 完结']],
        ],
      );
    });

    test('a GET client with the fields only a live search reads', async () => {
      const response = await get(ctx.app, README_GET_SEARCH, {}, '10.4.0.4');
      assert.equal(response.statusCode, 200, response.body);
      const { data } = response.json() as SearchBodyShape;
      assert.equal(data.total, Object.keys(ENTRIES).length + POSTS.length);
      assert.ok(data.merged_by_type);
    });
  });
}
