/**
 * One search worker thread of the pool (worker-search.ts): it starts the worker, matches each reply to
 * its request, and restarts the worker after it dies. If the worker dies, its error is logged with what
 * it was doing, the searches it was running fail (one of them may be what ended it), and a new one is
 * started after a backoff (restart-backoff.ts); the pool then feeds it (`onStart`) before the requests
 * that waited for it are posted again. After too many failures in a row it gives up: an error log, a
 * metric, and the pool fails every search.
 */
import { Worker } from 'node:worker_threads';
import type { Tally } from '../../observability/instruments.js';
import type { Logger } from '../../observability/logger.js';
import type { AnswerPage } from '../search-engine.js';
import { type BackoffPolicy, RestartBackoff } from './restart-backoff.js';
import type { FromWorker, SharedBuild, SharedPinyin, ToWorker } from './search-messages.js';
import type { SearchWorkerEvent } from './worker-events.js';

/** A reply to a request: a search's page and total, or an order's (and the build, when the worker built). */
export interface Reply extends AnswerPage {
  build?: SharedBuild | undefined;
}

interface Pending {
  message: ToWorker;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

export interface ThreadOptions {
  workerUrl: URL;
  /** The pool's other workers adopt the first one's builds (search-worker.ts). */
  follows: boolean;
  /**
   * Other workers read this one's builds: it posts them (and its pinyin lists) to the pool. Alone, it
   * keeps them to itself, so this thread holds no handle that would keep a replaced build's shared
   * memory alive until its own next full collection.
   */
  shares: boolean;
  log: Logger;
  tallies: Record<SearchWorkerEvent, Tally>;
  backoff: BackoffPolicy;
  /** A (re)started worker is running: the pool posts what it must know first. */
  onStart: (thread: SearchThread) => void;
  /** The worker stopped (a new one may follow); `gaveUp` when restarts are used up. */
  onStop: (thread: SearchThread, gaveUp: boolean) => void;
  onPinyin: (pinyin: SharedPinyin) => void;
}

export class SearchThread {
  private worker: Worker | undefined;
  /** `waiting`: the worker died and the next one starts after the backoff; `failed`: restarts used up. */
  state: 'running' | 'waiting' | 'failed' | 'closed' = 'running';
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly backoff: RestartBackoff;

  constructor(private readonly options: ThreadOptions) {
    this.backoff = new RestartBackoff(options.backoff);
    this.worker = this.spawn();
  }

  /** Requests posted and not answered yet. */
  get underWay(): number {
    return this.pending.size;
  }

  get attempts(): number {
    return this.backoff.attempts;
  }

  /** Posts a request; the reply settles the promise. A worker that is not running gets it when it starts. */
  request(message: ToWorker): Promise<Reply> {
    if (this.state === 'closed') return Promise.reject(new Error('the search worker was closed'));
    if (this.state === 'failed') return Promise.reject(new Error('the search worker failed too often and was given up'));
    const id = this.nextId++;
    const sent = { ...message, id } as ToWorker;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { message: sent, resolve, reject });
      this.post(sent);
    });
  }

  /** Only to a running worker: a restarted one is fed by the pool and gets the pending requests anyway. */
  post(message: ToWorker): void {
    if (this.state === 'running') this.worker?.postMessage(message);
  }

  async close(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.restartTimer);
    this.backoff.stop();
    this.rejectPending(() => true, 'the search worker was closed');
    await this.worker?.terminate();
  }

  /** Every request fails: the pool gave up (another worker's restarts were used up). */
  fail(reason: string): void {
    if (this.state !== 'closed') this.state = 'failed';
    clearTimeout(this.restartTimer);
    this.backoff.stop();
    this.rejectPending(() => true, reason);
    void this.worker?.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(this.options.workerUrl, { workerData: { follows: this.options.follows, shares: this.options.shares } });
    // The worker never keeps the process alive by itself: servers and commands own their lifetime.
    worker.unref();
    worker.on('message', (reply: FromWorker) => {
      if (reply.kind === 'pinyin') {
        this.options.onPinyin(reply.pinyin);
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.kind === 'answer') waiting.resolve({ slots: reply.slots, total: reply.total, build: reply.build });
      else waiting.reject(new Error(`search failed in the worker: ${reply.error}`));
    });
    worker.on('error', (error) => {
      this.options.tallies.error.inc();
      this.options.log.error({ err: error, threadId: worker.threadId, ...this.doing() }, 'the search worker failed');
    });
    worker.on('exit', (code) => {
      if (this.worker === worker && this.state === 'running') this.exited(code);
    });
    return worker;
  }

  /** What the worker was doing, for the log: requests under way by kind. */
  private doing(): { searchesUnderWay: number; ordersUnderWay: number; restartsInARow: number } {
    let orders = 0;
    for (const { message } of this.pending.values()) if (message.kind === 'order') orders++;
    return { searchesUnderWay: this.pending.size - orders, ordersUnderWay: orders, restartsInARow: this.backoff.attempts };
  }

  /** The worker stopped: its searches fail; a new one follows the backoff. */
  private exited(code: number): void {
    this.worker = undefined;
    this.rejectPending((message) => message.kind !== 'order', 'the search worker stopped during this search');
    const delayMs = this.backoff.failed();
    if (delayMs === undefined) {
      this.state = 'failed';
      this.options.tallies.gave_up.inc();
      this.options.log.error(
        { exitCode: code, failuresInARow: this.backoff.attempts + 1 },
        'the search worker failed too often; searches fail until the service restarts',
      );
      this.rejectPending(() => true, 'the search worker failed too often and was given up');
      this.options.onStop(this, true);
      return;
    }
    this.state = 'waiting';
    this.options.log.warn(
      { exitCode: code, delayMs, restart: this.backoff.attempts },
      'the search worker stopped; starting a new one after the delay',
    );
    this.options.onStop(this, false);
    this.restartTimer = setTimeout(() => this.restart(), delayMs);
  }

  private rejectPending(which: (message: ToWorker) => boolean, reason: string): void {
    for (const [id, { message, reject }] of this.pending) {
      if (!which(message)) continue;
      this.pending.delete(id);
      reject(new Error(reason));
    }
  }

  /** A new worker is fed by the pool, then gets the requests that waited for it. */
  private restart(): void {
    if (this.state !== 'waiting') return;
    this.state = 'running';
    this.options.tallies.restart.inc();
    this.worker = this.spawn();
    this.backoff.started();
    this.options.onStart(this);
    for (const { message } of this.pending.values()) this.post(message);
  }
}
