/**
 * `links check` tells what it did (docs/link-health.md, "Operations"), on both stores: a provider that
 * never answers ends at the lane's deadline with one line saying why (fake timers: no wall clock), a
 * provider that keeps failing is skipped with one line, each provider runs in its own lane, and a run
 * with nothing due (the demo data) says why instead of "checked 0 links".
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { LANE_DEADLINE_MS, runLinksCheck } from '../../src/cli/links-check.js';
import { loadConfig } from '../../src/config/config.js';
import { topUnknownReasons } from '../../src/links/evidence-reads.js';
import { type CheckOutcome, type LinkChecker, outcomeOf } from '../../src/links/link-checker.js';
import { LinkQueueStore } from '../../src/links/link-queue-store.js';
import { createLogger } from '../../src/observability/logger.js';
import { parseShareLink } from '../../src/shared/share-links.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { createTestDatabase, entry, STORES } from '../support/harness.js';
import { ScriptedChecker } from './scripted-checker.js';

/** A provider that never answers: each check ends only when the caller gives up (its signal aborts). */
class SilentChecker extends ScriptedChecker implements LinkChecker {
  override check(link: string, signal?: AbortSignal): Promise<CheckOutcome> {
    this.emit('started', link);
    const gaveUp = () => outcomeOf('unknown', parseShareLink(link)?.provider, { row: 'request failed', message: 'aborted' });
    if (signal?.aborted) return Promise.resolve(gaveUp());
    return new Promise((resolve) => signal?.addEventListener('abort', () => resolve(gaveUp()), { once: true }));
  }
}

for (const store of STORES) {
  describe(`links: links check tells what it did [${store}]`, () => {
    let database: Database;
    let drop: () => Promise<void>;
    let serial = 0;
    before(async () => {
      const created = await createTestDatabase(store);
      drop = created.drop;
      database = await openDatabase(created.url);
    });
    after(async () => {
      await database.close();
      await drop();
    });
    afterEach(async () => {
      mock.timers.reset();
      await database.db.deleteFrom('link_guards').execute();
    });

    const run = async (checker: LinkChecker, given: string[], extra: Record<string, string> = {}) => {
      const lines: string[] = [];
      const config = loadConfig({ DATABASE_URL: 'sqlite:unused', LINK_CHECK_RATE: '1000', ...extra });
      const done = runLinksCheck({
        config,
        database,
        checker,
        log: createLogger('silent'),
        given,
        provider: undefined,
        limit: 100,
        write: (line) => lines.push(line),
      });
      return { lines, done };
    };
    const links = (provider: 'quark' | 'baidu', count: number) =>
      Array.from({ length: count }, () =>
        provider === 'quark' ? `https://pan.quark.cn/s/lane${++serial}x` : `https://pan.baidu.com/s/1lane${++serial}x`,
      );

    test('20 links of a provider that never answers end at the lane deadline and say why', async () => {
      mock.timers.enable({ apis: ['setTimeout', 'Date'] });
      const silent = links('quark', 20);
      await new CatalogueStore(database).importEntries(silent.map((link) => entry({ source_link: link })));
      const hanging = new SilentChecker();
      const { lines, done } = await run(hanging, silent);
      await once(hanging, 'started');
      mock.timers.tick(LANE_DEADLINE_MS);
      await done;
      assert.ok(LANE_DEADLINE_MS < 30_000);
      assert.deepEqual(lines, [
        `skipped 20 quark links: no answer within ${LANE_DEADLINE_MS / 1000} s`,
        'checked 0 links: 0 alive, 0 locked, 0 dead, 0 unknown, 0 unsupported; 0 hidden, 0 shown again; 20 skipped',
      ]);
    });

    test('each provider runs in its own lane: one that hangs does not hold up another', async () => {
      const stuck = links('quark', 2);
      const answering = links('baidu', 2);
      await new CatalogueStore(database).importEntries([...stuck, ...answering].map((link) => entry({ source_link: link })));
      const held = new ScriptedChecker();
      held.hold();
      const free = new ScriptedChecker();
      const checker: LinkChecker = { check: (link) => (link.includes('quark') ? held.check(link) : free.check(link)) };
      const { lines, done } = await run(checker, [...stuck, ...answering]);
      while (free.order.length < 2) await once(free, 'started');
      assert.ok(held.inFlight > 0, 'quark is still waiting while baidu was checked');
      held.release();
      await done;
      assert.equal(lines.filter((line) => line.startsWith('alive ')).length, 4, lines.join('\n'));
    });

    test('a provider that keeps failing is skipped with one line, and it pauses for every instance', async () => {
      const failing = links('quark', 20);
      await new CatalogueStore(database).importEntries(failing.map((link) => entry({ source_link: link })));
      const { lines, done } = await run(new ScriptedChecker(() => ['unknown']), failing, { LINK_CHECK_CONCURRENCY: '1' });
      await done;
      assert.equal(lines.filter((line) => line.startsWith('unknown ')).length, 3, lines.join('\n'));
      assert.ok(
        lines.some((line) => /^skipped 17 quark links: it keeps failing \(unknown: .*scripted.*\) and pauses for 60 s$/.test(line)),
        lines.join('\n'),
      );
      // `links status` lists the reason: three links answer unknown by the same row.
      const reasons = await topUnknownReasons(database, 3);
      assert.deepEqual(
        reasons.map(({ provider, row, count }) => ({ provider, row, count })),
        [{ provider: 'quark', row: 'scripted', count: 3 }],
      );
      const paused = await run(new ScriptedChecker(), failing.slice(0, 1));
      await paused.done;
      assert.match(paused.lines[0] ?? '', /^skipped 1 quark link: paused until .* \(unknown: .*scripted.*\)/);
    });

    test('with nothing due (the demo data) it says why instead of "checked 0 links"', async () => {
      const fresh = await createTestDatabase(store);
      const demo = await openDatabase(fresh.url);
      try {
        const empty: string[] = [];
        await runLinksCheck({
          config: loadConfig({ DATABASE_URL: 'sqlite:unused' }),
          database: demo,
          checker: new ScriptedChecker(),
          log: createLogger('silent'),
          given: [],
          provider: undefined,
          limit: 20,
          write: (line) => empty.push(line),
        });
        assert.deepEqual(empty, ['checked 0 links: nothing to check: the catalogue holds no entries']);
        await new CatalogueStore(demo).importEntries(links('quark', 3).map((link) => entry({ source_link: link })));
        await new LinkQueueStore(demo).skipExisting(); // what `serve --demo` does with the demo data set
        const lines: string[] = [];
        await runLinksCheck({
          config: loadConfig({ DATABASE_URL: 'sqlite:unused' }),
          database: demo,
          checker: new ScriptedChecker(),
          log: createLogger('silent'),
          given: [],
          provider: undefined,
          limit: 20,
          write: (line) => lines.push(line),
        });
        assert.equal(lines.length, 1);
        assert.match(
          lines[0] ?? '',
          /^checked 0 links: nothing to check: none of the 3 entries is enrolled for checks \(the demo data set/,
        );
      } finally {
        await demo.close();
        await fresh.drop();
      }
    });
  });
}
