/**
 * Work on a timer reports a failure streak once, counts every failed run, and reports the recovery:
 * what keeps a catalogue refresh or a limits sync that fails every second visible without flooding the
 * log. The catalogue's refresh is driven through its own timer (fake timers) against a store that fails.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import type { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { Metrics } from '../../src/observability/metrics.js';
import { RecurringFailure } from '../../src/observability/recurring-failure.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { LocalClock } from '../../src/shared/local-time.js';

function recordingLog() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  return {
    lines,
    error: (fields: object, message: string) => lines.push({ level: 'error', fields: fields as Record<string, unknown>, message }),
    warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
  };
}

test('a streak of failures is logged once with its error, counted every time, and its end logged once', async () => {
  const log = recordingLog();
  const metrics = new Metrics();
  const failure = new RecurringFailure('limits sync', log, metrics.backgroundFailureTally('limits_sync'));
  for (let run = 0; run < 3; run++) await failure.run(() => Promise.reject(new Error('database is down')));
  assert.equal(failure.failing, true);
  await failure.run(() => Promise.resolve());
  await failure.run(() => Promise.resolve());
  assert.deepEqual(
    log.lines.map(({ level, message }) => [level, message]),
    [
      ['error', 'limits sync failed; retried on the next tick, logged again when it recovers'],
      ['warn', 'limits sync recovered'],
    ],
  );
  assert.equal((log.lines[0]?.fields.err as Error | undefined)?.message, 'database is down');
  assert.equal(log.lines[1]?.fields.failedRuns, 3);
  assert.match(await metrics.scrape(), /dramadex_background_failures_total\{task="limits_sync"\} 3/);
});

test("the catalogue's timed refresh reports a failing store and its recovery", async (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  let down = false;
  const store = {
    revision: async () => {
      if (down) throw new Error('connection refused');
      return 0;
    },
    loadSince: async () => undefined,
    removedSince: async () => [],
  } as unknown as CatalogueStore;
  const log = recordingLog();
  const catalogue = new Catalogue(
    store,
    new CatalogueView(),
    new IndexedSearch(),
    new LocalClock('UTC'),
    undefined,
    new RecurringFailure('catalogue refresh', log),
  );
  await catalogue.start(1000);
  t.after(() => catalogue.stop());
  const tick = async () => {
    t.mock.timers.tick(1000);
    // The refresh is a chain of promises on a store that answers at once: one turn of the loop settles it.
    await new Promise((resolve) => setImmediate(resolve));
  };
  down = true;
  await tick();
  await tick();
  down = false;
  await tick();
  assert.deepEqual(
    log.lines.map(({ level }) => level),
    ['error', 'warn'],
  );
  assert.equal((log.lines[0]?.fields.err as Error | undefined)?.message, 'connection refused');
});
