/**
 * The catalogue's search engine when searches run on a worker thread (search-worker.ts): it forwards
 * every indexed batch and every new order, and sends each new search there, so the event loop only
 * parses and serialises (docs/search.md, "Off the event loop"). Only the page asked for comes back (the
 * worker keeps the recent full answers), so this thread never holds a million-slot answer, and
 * concurrent requests for one page share one trip. If the worker dies, a new one is fed the whole view
 * again; the searches it was running fail.
 */
import { Worker } from 'node:worker_threads';
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../../shared/content-types.js';
import type { AnswerPage, IndexedTitles, SearchEngine } from '../search-engine.js';
import type { FromWorker, ToWorker } from './search-messages.js';

interface Pending {
  message: ToWorker;
  resolve: (answer: AnswerPage) => void;
  reject: (error: Error) => void;
}

const WORKER_URL = new URL('./search-worker.js', import.meta.url);
/** Titles per message when the whole view is sent again (a batch of an ordinary load is sent as it is). */
const RESEND_BATCH = 50_000;

export class WorkerSearch implements SearchEngine {
  private worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly inFlight = new Map<string, Promise<AnswerPage>>();
  private nextId = 1;
  private view: IndexedTitles | undefined;
  private closed = false;

  constructor() {
    this.worker = this.spawn();
  }

  index(view: IndexedTitles, slots: ArrayLike<number>): void {
    this.view = view;
    this.post(titlesMessage(view, slots));
    this.forget();
  }

  remove(view: IndexedTitles, slots: ArrayLike<number>): void {
    this.view = view;
    this.post({ kind: 'remove', slots: Int32Array.from(slots) });
    this.forget();
  }

  /** Sends the view's new order; resolves once the worker has (re)built its index over it. */
  prepare(view: IndexedTitles): Promise<void> {
    this.view = view;
    this.forget();
    return this.request(orderMessage(view, 0)).then(() => undefined);
  }

  /** Every matching slot (for a day filter, which needs them all; pages go through `findPage`). */
  async find(_view: IndexedTitles, keyword: string, type?: ContentType): Promise<Int32Array> {
    return (await this.ask(keyword, type, 0, -1)).slots;
  }

  findPage(_view: IndexedTitles, keyword: string, type: ContentType | undefined, offset: number, limit: number): Promise<AnswerPage> {
    return this.ask(keyword, type, offset, limit);
  }

  /** One trip to the worker, shared by concurrent requests for the same page of the same search. */
  private ask(keyword: string, type: ContentType | undefined, offset: number, limit: number): Promise<AnswerPage> {
    const key = `${type ?? ''}|${offset}|${limit}|${keyword}`;
    let answer = this.inFlight.get(key);
    if (!answer) {
      answer = this.request({ kind: 'find', id: 0, keyword, typeCode: type === undefined ? -1 : TYPE_CODE[type], offset, limit });
      const shared = answer;
      this.inFlight.set(key, shared);
      const done = () => {
        if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
      };
      shared.then(done, done);
    }
    return answer;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { reject } of this.pending.values()) reject(new Error('the search worker was closed'));
    this.pending.clear();
    await this.worker.terminate();
  }

  /** The index changes: answers under way describe the old one (later requests must not share them). */
  private forget(): void {
    this.inFlight.clear();
  }

  private request(message: ToWorker): Promise<AnswerPage> {
    if (this.closed) return Promise.reject(new Error('the search worker was closed'));
    const id = this.nextId++;
    const sent = { ...message, id } as ToWorker;
    return new Promise<AnswerPage>((resolve, reject) => {
      this.pending.set(id, { message: sent, resolve, reject });
      this.post(sent);
    });
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL);
    // The worker never keeps the process alive by itself: servers and commands own their lifetime.
    worker.unref();
    worker.on('message', (reply: FromWorker) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.slots) waiting.resolve({ slots: reply.slots, total: reply.total });
      else waiting.reject(new Error(`search failed in the worker: ${reply.error}`));
    });
    worker.on('error', () => undefined); // 'exit' follows and restarts it
    worker.on('exit', () => {
      if (!this.closed) this.restart();
    });
    return worker;
  }

  /**
   * A new worker gets every title of the view and its order. A search under way fails (it may be what
   * ended the worker); a pending order is sent again.
   */
  private restart(): void {
    this.worker = this.spawn();
    this.forget();
    const view = this.view;
    if (view) {
      for (let start = 0; start < view.slotCount; start += RESEND_BATCH) {
        const slots = new Int32Array(Math.min(RESEND_BATCH, view.slotCount - start)).map((_, index) => start + index);
        this.post(titlesMessage(view, slots));
      }
      this.post(orderMessage(view, -1));
    }
    for (const [id, { message, reject }] of this.pending) {
      if (message.kind === 'order') continue;
      this.pending.delete(id);
      reject(new Error('the search worker stopped during this search'));
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
