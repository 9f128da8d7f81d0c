/**
 * "New entries from a source are checked first" (docs/sources.md, "Link health"): nothing in sources asks
 * for it; link health's queue order (never-checked links, newest first) gives it. A channel's new message
 * lands ahead of older never-checked entries of the same provider.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LinkQueueStore } from '../../src/links/link-queue-store.js';
import { LocalClock } from '../../src/shared/local-time.js';
import { SourcePoller } from '../../src/sources/source-poller.js';
import { SourceStore } from '../../src/sources/source-store.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { FixtureTelegram } from './fixture-telegram.js';

for (const store of STORES) {
  describe(`sources and link health [${store}]`, () => {
    let ctx: TestContext;
    let telegram: FixtureTelegram;
    before(async () => {
      telegram = new FixtureTelegram();
      ctx = await createTestContext(store, { TELEGRAM_ORIGIN: await telegram.listen() });
    });
    after(async () => {
      await ctx.close();
      await telegram.close();
    });

    test("a channel's new entries come first in the check queue", async () => {
      const older = [1, 2, 3].map((n) =>
        entry({ source_link: `https://pan.quark.cn/s/older${n}abc`, update_time: `2025-0${n}-01 12:00:00` }),
      );
      await ctx.importEntries(older);
      telegram.channel('fresh_channel', [{ id: 7, time: '2026-11-20T10:00:00+08:00', html: '新剧<br>https://pan.quark.cn/s/fresh7abc' }]);
      const sources = new SourceStore(ctx.services.database);
      await sources.add(
        { name: 'fresh_channel', kind: 'telegram', everyMinutes: 30, settings: { channel: 'fresh_channel', type: 'post', backfill: 20 } },
        new Date(),
      );
      const poller = new SourcePoller(ctx.services.catalogue.store, sources, {
        telegramOrigin: ctx.config.sources.telegramOrigin,
        clock: new LocalClock('Asia/Shanghai'),
      });
      assert.equal((await poller.pollNow(['fresh_channel']))[0]?.outcome, 'ok');
      const queue = new LinkQueueStore(ctx.services.database);
      while ((await queue.enrolNew()) > 0) {}
      const due = await queue.due('quark', 4, Date.now());
      assert.deepEqual(due, [
        'https://pan.quark.cn/s/fresh7abc',
        'https://pan.quark.cn/s/older3abc',
        'https://pan.quark.cn/s/older2abc',
        'https://pan.quark.cn/s/older1abc',
      ]);
    });
  });
}
