// A search worker that dies is logged with what it was doing, its searches fail, and a new one starts
// after a backoff that doubles with each failure in a row (fake timers drive it) and resets after a
// minute running; searches asked meanwhile wait for it and get the reference answers. After five
// restarts in a row it gives up loudly: an error log, the metric, a failing health probe, failing searches.
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { createLogger } from '../../src/observability/logger.js';
import type { SearchWorkerEvent } from '../../src/search/worker/worker-events.js';
import { WorkerSearch } from '../../src/search/worker/worker-search.js';
import { ReferenceSearch } from './support/reference-search.js';
import { toStored } from './support/same-answers.js';

const CRASHING = new URL('./support/crash-on-keyword-worker.js', import.meta.url);
const FAILING = new URL('./support/failing-worker.js', import.meta.url);
const TITLES = ['霸道总裁', '《霸道总裁》', '霸道總裁愛上我', '总裁夫人', '甜宠总裁', 'Love Story'];

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The engine's log lines as they are written, and a way to wait for the next one that says something. */
class LogLines extends EventEmitter {
  readonly lines: Line[] = [];
  private read = 0;
  write(text: string): void {
    this.lines.push(JSON.parse(text) as Line);
    this.emit('line');
  }
  async next(saying: string): Promise<Line> {
    for (;;) {
      while (this.read < this.lines.length) {
        const line = this.lines[this.read++] as Line;
        if (line.msg.includes(saying)) return line;
      }
      await once(this, 'line');
    }
  }
}

function counted(): { counts: Record<SearchWorkerEvent, number>; tallies: Record<SearchWorkerEvent, { inc(): void }> } {
  const counts = { error: 0, restart: 0, gave_up: 0 };
  const tally = (event: SearchWorkerEvent) => ({
    inc: () => {
      counts[event]++;
    },
  });
  return { counts, tallies: { error: tally('error'), restart: tally('restart'), gave_up: tally('gave_up') } };
}

function loadedView(): CatalogueView {
  const view = new CatalogueView();
  view.apply(toStored(TITLES.map((title, index) => ({ id: index + 1, title, type: 'post', update_time: `2024-01-01 0${index}:00:00` }))));
  view.reorder();
  return view;
}

describe('a search worker that stops', () => {
  // The engine's worker is unref'd (a server's listeners keep the process alive, not its search), so while
  // a test waits for the worker with time faked, only this real, referenced timer keeps the loop running.
  let keepAlive: ReturnType<typeof setInterval>;
  beforeEach(() => {
    keepAlive = setInterval(() => undefined, 60_000);
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => {
    mock.timers.reset();
    clearInterval(keepAlive);
  });

  test('is logged, fails its searches and is replaced after the backoff, which starts over after a minute running', async () => {
    const log = new LogLines();
    const { counts, tallies } = counted();
    const engine = new WorkerSearch({ log: createLogger('info', log), tallies, workerUrl: CRASHING });
    try {
      const view = loadedView();
      engine.index(view, view.ordered({}));
      await engine.prepare(view);
      const expected = new ReferenceSearch().find(view, '总裁');

      await assert.rejects(engine.findPage(view, '💥', undefined, 0, 20), /stopped during this search/);
      const failure = await log.next('the search worker failed');
      assert.match(String((failure.err as { message: string }).message), /a crash the test asked for/);
      assert.equal(failure.searchesUnderWay, 1);
      assert.equal(typeof failure.threadId, 'number');
      const stopped = await log.next('starting a new one');
      assert.deepEqual([stopped.delayMs, stopped.restart], [100, 1]);
      // Asked while no worker runs: answered by the next one, over every title sent again.
      const waiting = engine.findPage(view, '总裁', undefined, 0, 20);
      mock.timers.tick(100);
      assert.deepEqual(await waiting, { total: expected.length, slots: Int32Array.from(expected.slice(0, 20)) });

      // A second failure in a row waits twice as long.
      await assert.rejects(engine.findPage(view, '💥', undefined, 0, 20));
      assert.equal((await log.next('starting a new one')).delayMs, 200);
      mock.timers.tick(200);
      assert.equal((await engine.findPage(view, '总裁', undefined, 0, 20)).total, expected.length);
      // A minute running: the count starts over.
      mock.timers.tick(60_000);
      await assert.rejects(engine.findPage(view, '💥', undefined, 0, 20));
      assert.equal((await log.next('starting a new one')).delayMs, 100);
      mock.timers.tick(100);
      assert.deepEqual(Array.from(await engine.find(view, '总裁')), expected);
      assert.deepEqual(counts, { error: 3, restart: 3, gave_up: 0 });
      await engine.healthProbe().check();
    } finally {
      await engine.close();
    }
  });

  test('that cannot start gives up after five restarts, loudly', async () => {
    const log = new LogLines();
    const { counts, tallies } = counted();
    const engine = new WorkerSearch({ log: createLogger('info', log), tallies, workerUrl: FAILING });
    try {
      const view = loadedView();
      engine.index(view, view.ordered({}));
      const ready = engine.prepare(view);
      for (const delay of [100, 200, 400, 800, 1600]) {
        assert.equal((await log.next('starting a new one')).delayMs, delay);
        mock.timers.tick(delay);
      }
      const gaveUp = await log.next('failed too often');
      assert.equal(gaveUp.level, 50);
      assert.equal(gaveUp.failuresInARow, 6);
      await assert.rejects(ready, /given up/);
      await assert.rejects(engine.findPage(view, '总裁', undefined, 0, 20), /given up/);
      await assert.rejects(engine.healthProbe().check(), /given up/);
      assert.deepEqual(counts, { error: 6, restart: 5, gave_up: 1 });
      assert.equal(log.lines.filter((line) => line.msg === 'the search worker failed').length, 6);
    } finally {
      await engine.close();
    }
  });
});
