/**
 * Telegram channels as sources, against the fixture channel pages (fixture-telegram.ts) on both stores:
 * what a message yields (links from href and text, codes put into links, titles, hashtag types, the
 * message time), paging back with `?before=` for the backfill and reading only what is newer afterwards,
 * failures that keep the source and write nothing, takedowns, and two instances polling one store.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { TakedownStore } from '../../src/catalogue/takedowns.js';
import { LocalClock } from '../../src/shared/local-time.js';
import { SourcePoller } from '../../src/sources/source-poller.js';
import { SourceStore, type TelegramSettings } from '../../src/sources/source-store.js';
import { openDatabase } from '../../src/store/database.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { emoji, type FixtureMessage, FixtureTelegram, hashtag } from './fixture-telegram.js';

const at = (minute: number) => `2026-11-20T10:${String(minute % 60).padStart(2, '0')}:00+00:00`;
const linkPost = (id: number): FixtureMessage => ({ id, time: at(id), html: `第${id}部短剧<br>https://pan.quark.cn/s/page${id}abcd` });

const VARIED: FixtureMessage[] = [
  {
    id: 101,
    time: '2026-11-20T10:00:00+00:00',
    html: `${emoji('🎬')} 【霸道总裁爱上我】（全80集）<br>链接：<a href="https://pan.quark.cn/s/abc123def" target="_blank">https://pan.quark.cn/s/abc1…</a><br>${hashtag('短剧')}`,
  },
  {
    id: 102,
    time: '2026-11-20T11:30:00+08:00',
    html: `名称：重生之我是大魔王<br>https://pan.baidu.com/s/1AbCdEfGh 提取码：x7k9<br>${hashtag('电影')} ${hashtag('热门')}`,
  },
  {
    id: 103,
    time: '2026-11-20T12:00:00+00:00',
    html: '<b>今日更新</b><br>剧A<br>https://pan.quark.cn/s/aaaa1111<br>剧B<br>https://cloud.189.cn/t/bbbb2222（访问码：q1w2）',
  },
  { id: 104, time: '2026-11-20T12:05:00+00:00', html: '今天没有更新，明天见 https://t.me/other_channel' },
  {
    id: 105,
    time: '2026-11-20T12:10:00+00:00',
    forwardedFrom: 'somewhere',
    photo: true,
    html: `《夫人她马甲又掉了》<i>更新至12集</i><br>115：<a href="https://115.com/s/sw1234abc">点此获取</a> 密码: abcd`,
  },
  { id: 106, time: '2026-11-20T12:20:00+00:00', photo: true },
  { id: 107, time: '2026-11-20T12:30:00+00:00', html: '逆袭人生<br>提取码：p4s5 链接：https://pan.xunlei.com/s/VNxyz123abc' },
  { id: 108, time: '2026-11-20T12:40:00+00:00', html: `https://pan.quark.cn/s/bare1234link ${hashtag('短剧')}` },
];

for (const store of STORES) {
  describe(`Telegram sources [${store}]`, () => {
    let ctx: TestContext;
    let telegram: FixtureTelegram;
    let origin: string;
    const clock = new LocalClock('Asia/Shanghai');
    const entriesOf = async () =>
      (
        await ctx.services.database.db
          .selectFrom('entries')
          .select(['title', 'source_link', 'type', 'update_time'])
          .orderBy('source_link')
          .execute()
      ).map((row) => ({ ...row }));
    const addChannel = (name: string, settings: Partial<TelegramSettings> = {}) =>
      new SourceStore(ctx.services.database).add(
        { name, kind: 'telegram', everyMinutes: 30, settings: { channel: name, type: 'post', backfill: 200, ...settings } },
        new Date(),
      );
    const poller = (now = () => new Date()) =>
      new SourcePoller(ctx.services.catalogue.store, new SourceStore(ctx.services.database), {
        telegramOrigin: origin,
        clock,
        now,
        recorder: ctx.services.metrics?.sourceRecorder(),
      });

    before(async () => {
      telegram = new FixtureTelegram();
      origin = await telegram.listen();
      ctx = await createTestContext(store, { TELEGRAM_ORIGIN: origin });
    });
    after(async () => {
      await ctx.close();
      await telegram.close();
    });

    test('one entry per share link, codes carried in the link, clean titles, hashtag types, the message time', async () => {
      telegram.channel('varied_channel', VARIED);
      await addChannel('varied_channel');
      const [report] = await poller().pollNow(['varied_channel']);
      assert.equal(report?.outcome, 'ok', JSON.stringify(report));
      assert.deepEqual(await entriesOf(), [
        {
          title: '夫人她马甲又掉了',
          source_link: 'https://115.com/s/sw1234abc?password=abcd',
          type: 'post',
          update_time: '2026-11-20 20:10:00',
        },
        { title: '剧B', source_link: 'https://cloud.189.cn/t/bbbb2222（访问码：q1w2）', type: 'post', update_time: '2026-11-20 20:00:00' },
        {
          title: '重生之我是大魔王',
          source_link: 'https://pan.baidu.com/s/1AbCdEfGh?pwd=x7k9',
          type: 'movie',
          update_time: '2026-11-20 11:30:00',
        },
        { title: '剧A', source_link: 'https://pan.quark.cn/s/aaaa1111', type: 'post', update_time: '2026-11-20 20:00:00' },
        { title: '霸道总裁爱上我', source_link: 'https://pan.quark.cn/s/abc123def', type: 'post', update_time: '2026-11-20 18:00:00' },
        {
          title: '逆袭人生',
          source_link: 'https://pan.xunlei.com/s/VNxyz123abc?pwd=p4s5',
          type: 'post',
          update_time: '2026-11-20 20:30:00',
        },
      ]);
      assert.ok(report?.outcome === 'ok');
      assert.deepEqual(report.rejected, [{ line: 108, reason: 'title is empty' }], 'a bare link is reported, by message id');
      const [source] = await new SourceStore(ctx.services.database).list();
      assert.equal(source?.cursor, '108');
      assert.equal(source?.entriesAdded, 6);
      assert.equal(source?.lastOutcome, 'ok');
      const scraped = (await ctx.services.metrics?.scrape()) ?? '';
      assert.match(scraped, /^dramadex_source_polls_total\{source="varied_channel",outcome="ok"\} 1$/m);
      assert.match(scraped, /^dramadex_source_entries_added_total\{source="varied_channel"\} 6$/m);
      assert.match(scraped, /^dramadex_source_last_success_seconds\{source="varied_channel"\} \d+/m);
    });

    test('the first poll pages back with ?before= to --backfill; later polls read only what is newer', async () => {
      telegram.channel(
        'paged_channel',
        Array.from({ length: 45 }, (_, index) => linkPost(index + 1)),
      );
      await addChannel('paged_channel', { backfill: 30 });
      const before = telegram.requests.length;
      const [first] = await poller().pollNow(['paged_channel']);
      assert.deepEqual(telegram.requests.slice(before), ['/s/paged_channel', '/s/paged_channel?before=26']);
      assert.equal(first?.outcome === 'ok' && first.added, 30, 'the newest 30 messages');
      const links = (await entriesOf()).map((row) => row.source_link);
      assert.ok(links.includes('https://pan.quark.cn/s/page16abcd') && !links.includes('https://pan.quark.cn/s/page15abcd'));

      for (const id of [46, 47, 48]) telegram.post('paged_channel', linkPost(id));
      const again = telegram.requests.length;
      const [second] = await poller().pollNow(['paged_channel']);
      assert.deepEqual(telegram.requests.slice(again), ['/s/paged_channel']);
      assert.deepEqual(second?.outcome === 'ok' && [second.added, second.unchanged], [3, 0]);
      assert.equal((await new SourceStore(ctx.services.database).get('paged_channel'))?.cursor, '48');
    });

    test('no public preview, 429 and an unknown page: a clear reason, the source kept, backoff, nothing written', async () => {
      const sources = new SourceStore(ctx.services.database);
      telegram.channel('failing_channel', [linkPost(1)], 'no-preview');
      await addChannel('failing_channel');
      const revision = await ctx.services.catalogue.store.revision();
      const start = Date.parse('2026-11-21T00:00:00Z');
      const reasons: string[] = [];
      const gaps: number[] = [];
      for (const [step, mode] of (['no-preview', '429', 'garbage'] as const).entries()) {
        telegram.mode('failing_channel', mode);
        const now = new Date(start + step * 86_400_000);
        const [report] = await poller(() => now).pollNow(['failing_channel']);
        reasons.push(`${report?.outcome}: ${report && 'reason' in report ? report.reason : ''}`);
        const source = await sources.get('failing_channel');
        assert.equal(source?.failures, step + 1);
        gaps.push((Date.parse(source?.nextPollAt ?? '') - now.getTime()) / 60_000);
      }
      assert.match(reasons[0] ?? '', /^no_preview: failing_channel has no public preview/);
      assert.match(reasons[1] ?? '', /^rate_limited: .*429/);
      assert.match(reasons[2] ?? '', /^unknown_page: .*unknown page shape/);
      assert.deepEqual(gaps, [30, 60, 120], 'each failure in a row doubles the wait');
      assert.equal(await ctx.services.catalogue.store.revision(), revision, 'nothing written');
      telegram.mode('failing_channel', 'ok');
      const [ok] = await poller(() => new Date(start + 4 * 86_400_000)).pollNow(['failing_channel']);
      assert.equal(ok?.outcome, 'ok');
      assert.equal((await sources.get('failing_channel'))?.failures, 0);
    });

    test('a taken-down link is rejected like an import row', async () => {
      await new TakedownStore(ctx.services.database).add('https://pan.quark.cn/s/takendown1', 'test');
      telegram.channel('takedown_channel', [
        { id: 1, time: at(1), html: '被下架的剧<br>https://pan.quark.cn/s/takendown1' },
        { id: 2, time: at(2), html: '留下的剧<br>https://pan.quark.cn/s/keptlink1' },
      ]);
      await addChannel('takedown_channel');
      const [report] = await poller().pollNow(['takedown_channel']);
      assert.ok(report?.outcome === 'ok');
      assert.deepEqual([report.added, report.rejected], [1, [{ line: 1, reason: 'taken down' }]]);
    });

    test('two instances over one store: each due source is polled once', async () => {
      for (const name of ['shared_one', 'shared_two', 'shared_three']) {
        telegram.channel(name, [{ id: 1, time: at(1), html: `${name}剧<br>https://pan.quark.cn/s/${name}` }]);
        await addChannel(name);
      }
      const second = await openDatabase(ctx.config.databaseUrl);
      try {
        const before = telegram.requests.length;
        const [a, b] = await Promise.all([
          poller().pollDue(),
          new SourcePoller(new CatalogueStore(second), new SourceStore(second), { telegramOrigin: origin, clock }).pollDue(),
        ]);
        const polled = [...a, ...b].map((report) => report.name).filter((name) => name.startsWith('shared_'));
        assert.deepEqual(polled.sort(), ['shared_one', 'shared_three', 'shared_two']);
        const requested = telegram.requests.slice(before).filter((path) => path.startsWith('/s/shared_'));
        assert.deepEqual(requested.sort(), ['/s/shared_one', '/s/shared_three', '/s/shared_two']);
      } finally {
        await second.close();
      }
    });
  });
}
