// Several search workers share one index (docs/search.md, "Every core"), through HTTP on both stores:
// every answer with two workers is the answer with one, whichever worker gives it, after the first
// import, after each kind of change (new titles, a changed title, a removal, a hidden link) and after an
// import large enough to rebuild the shared index; and a worker that crashes is replaced and fed, while
// the other goes on answering.
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { after, before, describe, mock, test } from 'node:test';
import { CatalogueStore, type EntryInput } from '../../src/catalogue/catalogue-store.js';
import type { CheckOutcome } from '../../src/links/link-checker.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { createLogger } from '../../src/observability/logger.js';
import { openDatabase } from '../../src/store/database.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const MINUTE = 60_000;
const CRASHING = new URL('./support/crash-on-keyword-worker.js', import.meta.url);
const dead: CheckOutcome = { verdict: 'dead', provider: 'quark', reason: 'test', throttled: false, evidence: { row: 'test' } };
const NAMES = [
  '霸道总裁爱上我',
  '《霸道总裁》',
  '霸道總裁愛上我',
  '总裁夫人',
  '甜宠总裁的契约妻',
  'Love Story',
  '重生之战神',
  '闪婚总裁太难追（80集）',
];
const KEYWORDS = ['总裁', '霸道总裁', '总', '霸道總裁', '总裁 甜宠', 'bdzc', 'zongcai', 'love', '重生', '没有这个词'];

function titled(index: number, title = `${NAMES[index % NAMES.length]}${Math.floor(index / NAMES.length)}`): EntryInput {
  const day = String(1 + (index % 28)).padStart(2, '0');
  return entry({
    title,
    update_time: `2024-01-${day} 00:${String(index % 60).padStart(2, '0')}:00`,
    source_link: `https://pan.quark.cn/s/workers${index}`,
  });
}

/** The answer's total and titles for a URL; every page asked is compared whole. */
async function answer(ctx: TestContext, url: string): Promise<string> {
  const response = await ctx.app.inject({ url });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  const { data } = JSON.parse(response.body);
  return JSON.stringify([data.total, data.items.map((item: EntryInput) => [item.title, item.source_link])]);
}

const urls = () =>
  KEYWORDS.flatMap((keyword) => [1, 2].map((page) => `/api/search?keyword=${encodeURIComponent(keyword)}&limit=3&page=${page}`));

for (const store of STORES) {
  describe(`search workers sharing one index [${store}]`, () => {
    let one: TestContext;
    let two: TestContext;
    before(async () => {
      // No response cache: every request reaches a worker.
      one = await createTestContext(store, { SEARCH_WORKERS: '1', RESPONSE_CACHE_MB: '0' });
      two = await createTestContext(store, { SEARCH_WORKERS: '2', RESPONSE_CACHE_MB: '0' });
    });
    after(async () => {
      await one?.close();
      await two?.close();
    });

    /** Both instances answer every URL alike, each URL asked of the two workers in turn; each worker answered some. */
    const alike = async (after: string) => {
      const before = [...two.services.search.answered];
      for (const url of urls()) {
        const expected = await answer(one, url);
        for (let time = 0; time < 2; time++) assert.equal(await answer(two, url), expected, `${url} after ${after}`);
      }
      const answered = two.services.search.answered.map((count, index) => count - (before[index] as number));
      assert.ok(answered.length === 2 && answered.every((count) => count > 0), `each worker answered after ${after}: ${answered}`);
    };
    const both = async (change: (ctx: TestContext) => Promise<void>) => {
      await change(one);
      await change(two);
    };

    test('answers alike with one and two workers, after every change', async () => {
      const first = Array.from({ length: 40 }, (_, index) => titled(index));
      await both((ctx) => ctx.importEntries(first));
      await alike('the first import');

      await both((ctx) => ctx.importEntries([titled(100, '霸道总裁新来的'), titled(101, 'bdzc 总裁')]));
      await alike('new titles');

      // The same link with a new title: the built row is outdated (a shared mark) and the new title is in each worker's delta.
      await both((ctx) => ctx.importEntries([titled(0, '重生之总裁归来')]));
      await alike('a changed title');

      await both(async (ctx) => {
        const database = await openDatabase(ctx.config.databaseUrl);
        try {
          await new CatalogueStore(database).removeEntries([titled(1).source_link]);
        } finally {
          await database.close();
        }
        await ctx.services.catalogue.refresh();
      });
      await alike('a removal');

      await both(async (ctx) => {
        const health = new LinkHealthStore(ctx.services.database, 30 * MINUTE);
        const t0 = Date.parse('2026-01-01T00:00:00Z');
        await health.record(titled(2).source_link, dead, new Date(t0));
        await health.record(titled(2).source_link, dead, new Date(t0 + 40 * MINUTE));
        await ctx.services.catalogue.refresh();
      });
      await alike('a hidden link');

      // More than 4,096 new titles (and 1/64 of the catalogue): the building worker rebuilds, the other adopts the build.
      const many = Array.from({ length: 4200 }, (_, index) => titled(1000 + index));
      await both((ctx) => ctx.importEntries(many));
      await alike('an import that rebuilds');
    });
  });
}

/** Log lines as they are written, and a way to wait for one that says something. */
class LogLines extends EventEmitter {
  readonly lines: Array<{ msg: string }> = [];
  private read = 0;
  write(text: string): void {
    this.lines.push(JSON.parse(text));
    this.emit('line');
  }
  async next(saying: string): Promise<void> {
    for (;;) {
      while (this.read < this.lines.length) if (this.lines[this.read++]?.msg.includes(saying)) return;
      await once(this, 'line');
    }
  }
}

for (const store of STORES) {
  describe(`a search worker of two that crashes [${store}]`, () => {
    test('fails its search, the other answers meanwhile, and the new one is fed and answers alike', async () => {
      const log = new LogLines();
      const ctx = await createTestContext(
        store,
        { SEARCH_WORKERS: '2', RESPONSE_CACHE_MB: '0' },
        { log: createLogger('info', log), searchWorkerUrl: CRASHING },
      );
      const keepAlive = setInterval(() => undefined, 60_000);
      try {
        await ctx.importEntries(Array.from({ length: 30 }, (_, index) => titled(index)));
        const expected = await Promise.all(urls().map((url) => answer(ctx, url)));
        mock.timers.enable({ apis: ['setTimeout'] });
        const crash = await ctx.app.inject({ url: `/api/search?keyword=${encodeURIComponent('💥')}` });
        assert.equal(crash.statusCode, 500);
        await log.next('starting a new one');
        // One worker is down: the other answers every search.
        for (const [index, url] of urls().entries()) assert.equal(await answer(ctx, url), expected[index], url);
        const before = [...ctx.services.search.answered];
        mock.timers.tick(100);
        for (let time = 0; time < 2; time++)
          for (const [index, url] of urls().entries()) assert.equal(await answer(ctx, url), expected[index], `${url} after the restart`);
        const answered = ctx.services.search.answered.map((count, index) => count - (before[index] as number));
        assert.ok(
          answered.every((count) => count > 0),
          `both workers answered after the restart: ${answered}`,
        );
      } finally {
        mock.timers.reset();
        clearInterval(keepAlive);
        await ctx.close();
      }
    });
  });
}
