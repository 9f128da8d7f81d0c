/**
 * `{base}/api/check/links` and `{base}/api/health` (docs/pansou.md) through HTTP on both stores: answers
 * from stored verdicts only, never-checked links moved up the queue once, links outside the catalogue
 * `uncertain`, the verdict's reason in the summary; health lists the Telegram sources' channels and is
 * 503 `unavailable` when the store cannot be reached.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckOutcome, outcomeOf } from '../../src/links/link-checker.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { SourceStore } from '../../src/sources/source-store.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { checkLinks, ENTRIES, get } from './support.js';

const MINUTE = 60_000;
const dead: CheckOutcome = outcomeOf('dead', 'baidu', { row: 'baidu.list.-9', code: '-9', message: 'share gone' });
const alive: CheckOutcome = outcomeOf('alive', 'quark', { row: 'quark.detail.ok' });
const locked: CheckOutcome = outcomeOf('locked', 'xunlei', { row: 'xunlei.token.code', message: 'code needed' });
const unknown: CheckOutcome = outcomeOf('unknown', 'uc', { row: 'timeout', message: 'no answer' });

interface Result {
  disk_type: string;
  url: string;
  normalized_url: string;
  state: string;
  cache_hit: boolean;
  checked_at: number;
  expires_at: number;
  summary: string;
}

for (const store of STORES) {
  describe(`PanSou check/links and health [${store}]`, () => {
    let ctx: TestContext;
    const t0 = Date.parse('2026-11-20T00:00:00Z');
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries(Object.values(ENTRIES));
      await ctx.services.links.queue.enrolNew();
      const health = new LinkHealthStore(ctx.services.database, 30 * MINUTE);
      await health.record(ENTRIES.quark?.source_link as string, alive, new Date(t0));
      await health.record(ENTRIES.baidu?.source_link as string, dead, new Date(t0));
      await health.record(ENTRIES.baidu?.source_link as string, dead, new Date(t0 + 40 * MINUTE));
      await health.record(ENTRIES.xunlei?.source_link as string, locked, new Date(t0));
      await health.record(ENTRIES.uc?.source_link as string, unknown, new Date(t0));
      await ctx.services.catalogue.refresh();
    });
    after(() => ctx.close());

    const check = async (items: unknown[], language = 'en') => {
      const response = await checkLinks(ctx.app, { items, view_token: 'ignored' }, { 'accept-language': language });
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as { results: Result[] }).results;
    };

    test('stored verdicts answer at once, in the order asked, with their times and reasons', async () => {
      const [ok, bad, isLocked, isUnknown] = await check([
        { disk_type: 'quark', url: ENTRIES.quark?.source_link, password: 'ab12' },
        { disk_type: 'baidu', url: ENTRIES.baidu?.source_link, password: 'x1y2' },
        { disk_type: 'xunlei', url: ENTRIES.xunlei?.source_link, password: '' },
        { disk_type: 'uc', url: ENTRIES.uc?.source_link, password: '' },
      ]);
      assert.equal(ok?.state, 'ok');
      assert.equal(ok?.cache_hit, true);
      assert.equal(ok?.checked_at, t0);
      assert.ok((ok?.expires_at ?? 0) > t0, 'due again after the verdict');
      assert.equal(ok?.normalized_url, ENTRIES.quark?.source_link);
      assert.equal(bad?.state, 'bad', 'a confirmed dead, hidden from search');
      const searched = await ctx.app.inject({ method: 'POST', url: '/pansou/api/search', payload: { kw: '逆袭人生' } });
      assert.deepEqual((searched.json() as { data: unknown }).data, { total: 0, merged_by_type: {} }, 'a hidden entry never appears');
      assert.match(bad?.summary ?? '', /dead.*share gone/);
      assert.equal(isLocked?.state, 'locked');
      assert.match(isLocked?.summary ?? '', /code needed/);
      assert.equal(isUnknown?.state, 'uncertain');
      assert.match(isUnknown?.summary ?? '', /could not decide.*no answer/);
      const [chinese] = await check([{ disk_type: 'baidu', url: ENTRIES.baidu?.source_link, password: '' }], 'zh-CN');
      assert.match(chinese?.summary ?? '', /^链接已失效（.*share gone/);
    });

    test('a link sent without its code is found with the password put in its provider’s form', async () => {
      const [found] = await check([{ disk_type: 'quark', url: 'https://pan.quark.cn/s/abcd1234', password: 'ab12' }]);
      assert.equal(found?.state, 'ok');
      assert.equal(found?.url, 'https://pan.quark.cn/s/abcd1234');
      assert.equal(found?.normalized_url, ENTRIES.quark?.source_link);
    });

    test('a link outside the catalogue is uncertain and says so; nothing is checked or queued for it', async () => {
      const outside = 'https://pan.quark.cn/s/notours99';
      const [result] = await check([{ disk_type: 'quark', url: outside, password: '' }]);
      assert.equal(result?.state, 'uncertain');
      assert.equal(result?.cache_hit, false);
      assert.match(result?.summary ?? '', /not in this catalogue/);
      const row = await ctx.services.database.db
        .selectFrom('link_states')
        .select('source_link')
        .where('source_link', '=', outside)
        .executeTakeFirst();
      assert.equal(row, undefined);
    });

    test('a never-checked catalogue link is uncertain and moves up the queue once', async () => {
      const link = ENTRIES.tianyi?.source_link as string;
      const dueOf = async () =>
        Number(
          (
            await ctx.services.database.db
              .selectFrom('link_states')
              .select('due_at')
              .where('source_link', '=', link)
              .executeTakeFirstOrThrow()
          ).due_at,
        );
      const before = await dueOf();
      const [result] = await check([{ disk_type: 'tianyi', url: link, password: 't189' }]);
      assert.equal(result?.state, 'uncertain');
      assert.match(result?.summary ?? '', /Not checked yet/);
      const moved = await dueOf();
      assert.ok(moved < before, 'ahead of every entry waiting for its first check');
      assert.equal(await ctx.services.links.queue.expedite([link], Date.now() + 10 * MINUTE), 0, 'moved once, until it is checked');
      assert.equal(await dueOf(), moved);
      const due = await ctx.services.links.queue.due('tianyi', 1, Date.now());
      assert.deepEqual(due, [link]);
    });

    test('links dramadex does not check are unsupported', async () => {
      const [pikpak] = await check([{ disk_type: 'pikpak', url: ENTRIES.pikpak?.source_link, password: '' }]);
      assert.equal(pikpak?.state, 'unsupported');
    });

    test('1 to 50 items; more, none, or an item without url is 400 in the envelope', async () => {
      const many = Array.from({ length: 51 }, (_, index) => ({
        disk_type: 'quark',
        url: `https://pan.quark.cn/s/x${index}`,
        password: '',
      }));
      const refusals: Array<[unknown, RegExp]> = [
        [{ items: many }, /at most 50/],
        [{ items: [] }, /non-empty array/],
        [{}, /non-empty array/],
        [{ items: [{ disk_type: 'quark' }] }, /items\[0\]\.url/],
      ];
      for (const [body, reason] of refusals) {
        const response = await checkLinks(ctx.app, body, { 'accept-language': 'en' });
        assert.equal(response.statusCode, 400);
        assert.equal((response.json() as { code: number }).code, 400);
        assert.match((response.json() as { message: string }).message, reason);
      }
      assert.equal((await check(many.slice(0, 50))).length, 50);
    });

    test('health lists the Telegram sources’ channels', async () => {
      const sources = new SourceStore(ctx.services.database);
      await sources.add(
        { name: 'shorts', kind: 'telegram', everyMinutes: 10, settings: { channel: 'duanju_share', type: 'post', backfill: 10 } },
        new Date(),
      );
      await sources.add(
        { name: 'mirror', kind: 'upstream', everyMinutes: 60, settings: { baseUrl: 'https://up.example', types: [] } },
        new Date(),
      );
      const response = await get(ctx.app, '/api/health');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        status: 'ok',
        auth_enabled: false,
        plugins_enabled: false,
        plugin_count: 0,
        plugins: [],
        channels_count: 1,
        channels: ['duanju_share'],
      });
    });
  });
}

describe('PanSou health when the store cannot be reached', () => {
  test('503 with status unavailable', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      await ctx.services.database.close();
      const response = await get(ctx.app, '/api/health');
      assert.equal(response.statusCode, 503);
      assert.equal((response.json() as { status: string }).status, 'unavailable');
    } finally {
      await ctx.app.close();
      await ctx.services.catalogue.stop();
    }
  });
});
