/**
 * The catalogue's search engine when searches run on a pool of worker threads (search-worker.ts,
 * SEARCH_WORKERS of them) that share one index in shared memory (docs/search.md, "Every core"). The first
 * worker builds; its builds and pinyin lists come back as shared arrays and every other worker adopts
 * them in place. Changes (each batch's titles, removals, each new order) and searches leave in one queue,
 * in the order they were asked:
 * - a search goes to the running worker with the fewest requests under way (taking turns on a tie), once
 *   every change before it has been posted;
 * - a change is posted to every worker once every search before it has been answered, so no search ever
 *   runs while another worker applies a change it has not (their stale marks are shared, rank-columns.ts),
 *   and each worker clears its result cache on it (docs/architecture.md, "Caches");
 * - an order goes to the building worker first; the other workers get it, with the build when there is
 *   one, before any later search, so a rebuild swaps the whole index for every worker at once.
 * What the other workers take of the builder's work, and when they may answer, is shared-builds.ts.
 * A piscina pool does not fit: its tasks go to whichever worker is free, but every
 * change must reach every worker, in order with the searches, and only one worker builds.
 * Only the page asked for comes back, so this thread never holds a million-slot answer. A worker that
 * dies is restarted (search-thread.ts): the building one is fed the whole view again and rebuilds;
 * another, once the builder has applied every change before its turn in the queue, adopts the latest
 * build and is given only the titles that build lacks or has marked outdated. After too many failures
 * in a row the pool gives up loudly: an error log, a metric, a failing health probe, and every search
 * fails at once.
 */
import { fileURLToPath } from 'node:url';
import { noTallies, type Tally } from '../../observability/instruments.js';
import { createLogger, type Logger } from '../../observability/logger.js';
import { type ContentType, TYPE_CODE } from '../../shared/content-types.js';
import type { HealthProbe } from '../../shared/health-probe.js';
import type { AnswerPage, IndexedTitles, SearchEngine } from '../search-engine.js';
import { type BackoffPolicy, DEFAULT_BACKOFF } from './restart-backoff.js';
import type { FindMessage, OrderMessage, SharedPinyin, ToWorker } from './search-messages.js';
import { SearchThread } from './search-thread.js';
import { SharedBuilds } from './shared-builds.js';
import { everyTitle, orderMessage, titlesMessage } from './view-messages.js';
import { SEARCH_WORKER_EVENTS, type SearchWorkerEvent } from './worker-events.js';

type Queued =
  | { kind: 'change'; message: ToWorker }
  | { kind: 'seed'; index: number }
  | { kind: 'order'; message: OrderMessage; resolve: () => void; reject: (error: Error) => void }
  | { kind: 'find'; message: FindMessage; resolve: (page: AnswerPage) => void; reject: (error: Error) => void };

export interface WorkerSearchOptions {
  /** Search worker threads (SEARCH_WORKERS); 1 by default. */
  workers?: number;
  log?: Logger;
  tallies?: Record<SearchWorkerEvent, Tally>;
  backoff?: BackoffPolicy;
  /** The worker's script (tests start one that fails); search-worker.js by default. */
  workerUrl?: URL;
}

const WORKER_URL = new URL('./search-worker.js', import.meta.url);

export class WorkerSearch implements SearchEngine {
  private readonly threads: SearchThread[];
  private readonly builds: SharedBuilds;
  private readonly queue: Queued[] = [];
  private searchesUnderWay = 0;
  /** An order or a seed waits for the building worker: nothing else leaves the queue meanwhile. */
  private builderUnderWay = false;
  private state: 'open' | 'failed' | 'closed' = 'open';
  private view: IndexedTitles | undefined;
  private turn = 0;
  private readonly log: Logger;
  /** Searches answered by each worker (a restarted one goes on counting), for tests and the bench. */
  readonly answered: number[];

  constructor(options: WorkerSearchOptions = {}) {
    this.log = options.log ?? createLogger('silent');
    const tallies = options.tallies ?? noTallies(SEARCH_WORKER_EVENTS);
    const count = Math.max(1, options.workers ?? 1);
    this.answered = new Array<number>(count).fill(0);
    this.threads = Array.from(
      { length: count },
      (_, index) =>
        new SearchThread({
          workerUrl: options.workerUrl ?? WORKER_URL,
          follows: index > 0,
          shares: index === 0 && count > 1,
          log: this.log,
          tallies,
          backoff: options.backoff ?? DEFAULT_BACKOFF,
          onStart: (thread) => this.started(thread),
          onStop: (thread, gaveUp) => this.stopped(thread, gaveUp),
          onPinyin: (pinyin) => this.pinyinMade(pinyin),
        }),
    );
    this.builds = new SharedBuilds(this.threads);
    this.log.debug({ workers: count, script: fileURLToPath(options.workerUrl ?? WORKER_URL) }, 'search workers started');
  }

  /** `search` in /api/health: fails once the pool has given up. */
  healthProbe(): HealthProbe {
    return {
      name: 'search',
      check: async () => {
        if (this.state !== 'failed') return;
        const attempts = Math.max(...this.threads.map((thread) => thread.attempts));
        throw new Error(`the search worker failed ${attempts + 1} times in a row and was given up`);
      },
    };
  }

  index(view: IndexedTitles, slots: ArrayLike<number>): void {
    this.view = view;
    this.enqueue({ kind: 'change', message: titlesMessage(view, slots) });
  }

  remove(view: IndexedTitles, slots: ArrayLike<number>): void {
    this.view = view;
    this.enqueue({ kind: 'change', message: { kind: 'remove', slots: Int32Array.from(slots) } });
  }

  /** Sends the view's new order; resolves once every worker will answer over it (built or adopted). */
  prepare(view: IndexedTitles): Promise<void> {
    this.view = view;
    return new Promise((resolve, reject) => this.enqueue({ kind: 'order', message: orderMessage(view, 0), resolve, reject }));
  }

  /** Every matching slot (for a day filter, which needs them all; pages go through `findPage`). */
  async find(_view: IndexedTitles, keyword: string, type?: ContentType): Promise<Int32Array> {
    return (await this.ask(keyword, type, 0, -1)).slots;
  }

  findPage(_view: IndexedTitles, keyword: string, type: ContentType | undefined, offset: number, limit: number): Promise<AnswerPage> {
    return this.ask(keyword, type, offset, limit);
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.rejectQueued('the search worker was closed');
    await Promise.all(this.threads.map((thread) => thread.close()));
  }

  private ask(keyword: string, type: ContentType | undefined, offset: number, limit: number): Promise<AnswerPage> {
    const message: FindMessage = { kind: 'find', id: 0, keyword, typeCode: type === undefined ? -1 : TYPE_CODE[type], offset, limit };
    return new Promise((resolve, reject) => this.enqueue({ kind: 'find', message, resolve, reject }));
  }

  private enqueue(queued: Queued): void {
    if (this.state !== 'open') {
      const reason = this.state === 'closed' ? 'the search worker was closed' : 'the search worker failed too often and was given up';
      if (queued.kind === 'find' || queued.kind === 'order') queued.reject(new Error(reason));
      return;
    }
    this.queue.push(queued);
    this.pump();
  }

  /** Posts what the queue's order allows now (the rules in the header). */
  private pump(): void {
    while (this.state === 'open' && this.queue.length > 0) {
      const next = this.queue[0] as Queued;
      if (next.kind === 'find') {
        const thread = this.builderUnderWay ? undefined : this.pick(next.message.keyword);
        if (!thread) return;
        this.queue.shift();
        this.searchesUnderWay++;
        const index = this.threads.indexOf(thread);
        thread
          .request(next.message)
          .then(({ slots, total }) => {
            this.answered[index] = (this.answered[index] as number) + 1;
            next.resolve({ slots, total });
          }, next.reject)
          .finally(() => {
            this.searchesUnderWay--;
            this.pump();
          });
        continue;
      }
      if (this.searchesUnderWay > 0 || this.builderUnderWay) return;
      this.queue.shift();
      if (next.kind === 'order') this.order(next);
      else if (next.kind === 'seed') this.syncThenSeed(next.index);
      else this.builds.post(next.message);
    }
  }

  /** The building worker follows the order first; the others then get it, with its build if it built one. */
  private order(queued: Extract<Queued, { kind: 'order' }>): void {
    this.builderUnderWay = true;
    const builder = this.threads[0] as SearchThread;
    builder
      .request(queued.message)
      .then((reply) => {
        if (this.view) this.builds.orderAnswered(queued.message, reply, this.view);
        queued.resolve();
      }, queued.reject)
      .finally(() => {
        this.builderUnderWay = false;
        this.pump();
      });
  }

  /** The running worker with the fewest requests under way that may take this keyword. */
  private pick(keyword: string): SearchThread | undefined {
    let best: SearchThread | undefined;
    const count = this.threads.length;
    for (let step = 0; step < count; step++) {
      const index = (this.turn + step) % count;
      const thread = this.threads[index] as SearchThread;
      if (thread.state !== 'running' || !this.builds.mayTake(index, keyword)) continue;
      if (!best || thread.underWay < best.underWay) best = thread;
    }
    this.turn = (this.turn + 1) % count;
    return best;
  }

  /**
   * A restarted worker that is not the builder is seeded once the builder has applied every change
   * before it (a sync round trip), so the build's outdated marks are complete: the titles it lacks are
   * then exactly what the new worker needs.
   */
  private syncThenSeed(index: number): void {
    const builder = this.threads[0] as SearchThread;
    this.builderUnderWay = true;
    builder
      .request({ kind: 'sync', id: 0 })
      .then(() => this.view && this.builds.seed(index, this.view))
      // The builder stopped during the round trip: the seed waits its turn again, for the builder's restart.
      .catch(() => this.enqueue({ kind: 'seed', index }))
      .finally(() => {
        this.builderUnderWay = false;
        this.pump();
      });
  }

  /** A (re)started worker: the builder is fed every title and the view's order (it rebuilds); another is seeded. */
  private started(thread: SearchThread): void {
    const index = this.threads.indexOf(thread);
    if (index > 0) this.enqueue({ kind: 'seed', index });
    else if (this.view) {
      this.builds.builderRestarted();
      for (const message of everyTitle(this.view)) thread.post(message);
      thread.post(orderMessage(this.view, -1));
    }
    this.pump();
  }

  private stopped(thread: SearchThread, gaveUp: boolean): void {
    const index = this.threads.indexOf(thread);
    this.builds.stopped(index);
    if (!gaveUp) return;
    this.state = 'failed';
    const reason = 'the search worker failed too often and was given up';
    this.rejectQueued(reason);
    for (const other of this.threads) if (other !== thread) other.fail(reason);
  }

  /** The builder's pinyin lists: the other workers read them from now on (for the build they hold). */
  private pinyinMade(pinyin: SharedPinyin): void {
    if (this.builds.pinyinMade(pinyin)) this.pump();
  }

  private rejectQueued(reason: string): void {
    for (const queued of this.queue.splice(0)) if (queued.kind === 'find' || queued.kind === 'order') queued.reject(new Error(reason));
  }
}
