/**
 * The catalogue's search engine when searches run on a worker thread (search-worker.ts): it forwards
 * every indexed batch and every new order, and sends each new search there, so the event loop only
 * parses and serialises (docs/search.md, "Off the event loop"). Only the page asked for comes back (the
 * worker keeps the recent full answers), so this thread never holds a million-slot answer. Concurrent
 * requests for one page each make their own trip: after the first, the worker's result cache answers in
 * microseconds (docs/architecture.md, "Caches"). If the worker dies, its error is logged with what it
 * was doing, the searches it was running fail, and a new one is fed the whole view again after a backoff
 * (restart-backoff.ts); searches asked meanwhile wait for it. After too many failures in a row it gives
 * up loudly: an error log, a metric, a failing health probe, and every search fails at once.
 */
import { Worker } from 'node:worker_threads';
import { noTallies, type Tally } from '../../observability/instruments.js';
import { createLogger, type Logger } from '../../observability/logger.js';
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../../shared/content-types.js';
import type { HealthProbe } from '../../shared/health-probe.js';
import type { AnswerPage, IndexedTitles, SearchEngine } from '../search-engine.js';
import { type BackoffPolicy, DEFAULT_BACKOFF, RestartBackoff } from './restart-backoff.js';
import type { FromWorker, ToWorker } from './search-messages.js';
import { SEARCH_WORKER_EVENTS, type SearchWorkerEvent } from './worker-events.js';

interface Pending {
  message: ToWorker;
  resolve: (answer: AnswerPage) => void;
  reject: (error: Error) => void;
}

export interface WorkerSearchOptions {
  log?: Logger;
  tallies?: Record<SearchWorkerEvent, Tally>;
  backoff?: BackoffPolicy;
  /** The worker's script (tests start one that fails); search-worker.js by default. */
  workerUrl?: URL;
}

const WORKER_URL = new URL('./search-worker.js', import.meta.url);
/** Titles per message when the whole view is sent again (a batch of an ordinary load is sent as it is). */
const RESEND_BATCH = 50_000;

export class WorkerSearch implements SearchEngine {
  private worker: Worker | undefined;
  /** `waiting`: the worker died and the next one starts after the backoff; `failed`: restarts used up. */
  private state: 'running' | 'waiting' | 'failed' | 'closed' = 'running';
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private view: IndexedTitles | undefined;
  private readonly log: Logger;
  private readonly tallies: Record<SearchWorkerEvent, Tally>;
  private readonly backoff: RestartBackoff;
  private readonly workerUrl: URL;

  constructor(options: WorkerSearchOptions = {}) {
    this.log = options.log ?? createLogger('silent');
    this.tallies = options.tallies ?? noTallies(SEARCH_WORKER_EVENTS);
    this.backoff = new RestartBackoff(options.backoff ?? DEFAULT_BACKOFF);
    this.workerUrl = options.workerUrl ?? WORKER_URL;
    this.worker = this.spawn();
  }

  /** `search` in /api/health: fails once the worker has given up. */
  healthProbe(): HealthProbe {
    return {
      name: 'search',
      check: async () => {
        if (this.state === 'failed')
          throw new Error(`the search worker failed ${this.backoff.attempts + 1} times in a row and was given up`);
      },
    };
  }

  index(view: IndexedTitles, slots: ArrayLike<number>): void {
    this.view = view;
    this.post(titlesMessage(view, slots));
  }

  remove(view: IndexedTitles, slots: ArrayLike<number>): void {
    this.view = view;
    this.post({ kind: 'remove', slots: Int32Array.from(slots) });
  }

  /** Sends the view's new order; resolves once the worker has (re)built its index over it. */
  prepare(view: IndexedTitles): Promise<void> {
    this.view = view;
    return this.request(orderMessage(view, 0)).then(() => undefined);
  }

  /** Every matching slot (for a day filter, which needs them all; pages go through `findPage`). */
  async find(_view: IndexedTitles, keyword: string, type?: ContentType): Promise<Int32Array> {
    return (await this.ask(keyword, type, 0, -1)).slots;
  }

  findPage(_view: IndexedTitles, keyword: string, type: ContentType | undefined, offset: number, limit: number): Promise<AnswerPage> {
    return this.ask(keyword, type, offset, limit);
  }

  private ask(keyword: string, type: ContentType | undefined, offset: number, limit: number): Promise<AnswerPage> {
    return this.request({ kind: 'find', id: 0, keyword, typeCode: type === undefined ? -1 : TYPE_CODE[type], offset, limit });
  }

  async close(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.restartTimer);
    this.backoff.stop();
    this.rejectPending(() => true, 'the search worker was closed');
    await this.worker?.terminate();
  }

  private request(message: ToWorker): Promise<AnswerPage> {
    if (this.state === 'closed') return Promise.reject(new Error('the search worker was closed'));
    if (this.state === 'failed') return Promise.reject(new Error('the search worker failed too often and was given up'));
    const id = this.nextId++;
    const sent = { ...message, id } as ToWorker;
    return new Promise<AnswerPage>((resolve, reject) => {
      this.pending.set(id, { message: sent, resolve, reject });
      this.post(sent);
    });
  }

  /** Only to a running worker: a restarted one gets the whole view and the pending requests anyway. */
  private post(message: ToWorker): void {
    if (this.state === 'running') this.worker?.postMessage(message);
  }

  private spawn(): Worker {
    const worker = new Worker(this.workerUrl);
    // The worker never keeps the process alive by itself: servers and commands own their lifetime.
    worker.unref();
    worker.on('message', (reply: FromWorker) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.slots) waiting.resolve({ slots: reply.slots, total: reply.total });
      else waiting.reject(new Error(`search failed in the worker: ${reply.error}`));
    });
    worker.on('error', (error) => {
      this.tallies.error.inc();
      this.log.error({ err: error, threadId: worker.threadId, ...this.underWay() }, 'the search worker failed');
    });
    worker.on('exit', (code) => {
      if (this.worker === worker && this.state === 'running') this.exited(code);
    });
    return worker;
  }

  /** What the worker was doing, for the log: requests under way by kind. */
  private underWay(): { searchesUnderWay: number; ordersUnderWay: number; restartsInARow: number } {
    let orders = 0;
    for (const { message } of this.pending.values()) if (message.kind === 'order') orders++;
    return { searchesUnderWay: this.pending.size - orders, ordersUnderWay: orders, restartsInARow: this.backoff.attempts };
  }

  /** The worker stopped: its searches fail (one of them may be what ended it); a new one follows the backoff. */
  private exited(code: number): void {
    this.worker = undefined;
    this.rejectPending((message) => message.kind !== 'order', 'the search worker stopped during this search');
    const delayMs = this.backoff.failed();
    if (delayMs === undefined) {
      this.state = 'failed';
      this.tallies.gave_up.inc();
      this.log.error(
        { exitCode: code, failuresInARow: this.backoff.attempts + 1 },
        'the search worker failed too often; searches fail until the service restarts',
      );
      this.rejectPending(() => true, 'the search worker failed too often and was given up');
      return;
    }
    this.state = 'waiting';
    this.log.warn(
      { exitCode: code, delayMs, restart: this.backoff.attempts },
      'the search worker stopped; starting a new one after the delay',
    );
    this.restartTimer = setTimeout(() => this.restart(), delayMs);
  }

  private rejectPending(which: (message: ToWorker) => boolean, reason: string): void {
    for (const [id, { message, reject }] of this.pending) {
      if (!which(message)) continue;
      this.pending.delete(id);
      reject(new Error(reason));
    }
  }

  /** A new worker gets every title of the view and its order, then the requests that waited for it. */
  private restart(): void {
    if (this.state !== 'waiting') return;
    this.state = 'running';
    this.tallies.restart.inc();
    this.worker = this.spawn();
    this.backoff.started();
    const view = this.view;
    if (view) {
      for (let start = 0; start < view.slotCount; start += RESEND_BATCH) {
        const slots = new Int32Array(Math.min(RESEND_BATCH, view.slotCount - start)).map((_, index) => start + index);
        this.post(titlesMessage(view, slots));
      }
      this.post(orderMessage(view, -1));
    }
    for (const { message } of this.pending.values()) this.post(message);
  }
}

function titlesMessage(view: IndexedTitles, slots: ArrayLike<number>): ToWorker {
  const copied = Int32Array.from(slots);
  const lengths = new Int32Array(copied.length);
  const titles = new Array<string>(copied.length);
  for (let index = 0; index < copied.length; index++) {
    // A removed entry's slot holds no title; it is in no order, so the index never shows it.
    const title = view.title(copied[index] as number) ?? '';
    titles[index] = title;
    lengths[index] = title.length;
  }
  return { kind: 'titles', slots: copied, lengths, text: titles.join('') };
}

function orderMessage(view: IndexedTitles, id: number): ToWorker {
  const byType = CONTENT_TYPES.map((type) => view.ordered({ type }));
  return { kind: 'order', id, count: view.count, slotCount: view.slotCount, all: view.ordered({}), byType };
}
