/**
 * A search worker thread's entry: it keeps the title mirror and the indexed engine (indexed-search.ts)
 * and answers searches, so a search that takes milliseconds never holds the catalogue's event loop, and
 * lists and health stay quick while searches saturate a core (docs/benchmarks.md, "Off the event loop").
 * The first worker of the pool builds (`follows` false): when the pool has other workers (`shares`), its
 * builds and pinyin lists go back to the pool as arrays in shared memory, and the other workers adopt
 * them, reading the one copy in place (docs/search.md, "Every core"). The engine keeps the recent full answers here; only the page asked for
 * travels, moved, not copied, so the catalogue's thread never holds (nor collects) a million-slot answer.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { collectGarbage } from '../../boot/collect-garbage.js';
import { CONTENT_TYPES } from '../../shared/content-types.js';
import { IndexedSearch } from '../indexed-search.js';
import type { FindMessage, FromWorker, OrderMessage, SharedBuild, ToWorker } from './search-messages.js';
import { TitleMirror } from './title-mirror.js';

const port = parentPort;
if (!port) throw new Error('search-worker.js runs as a worker thread only');

const { follows = false, shares = false } = (workerData ?? {}) as { follows?: boolean; shares?: boolean };
const mirror = new TitleMirror();
const engine = new IndexedSearch({ follows });
const NOTHING = new Int32Array(0);
/** The build searched now (made here or adopted), and whether its pinyin lists went to the pool. */
let buildId = '';
let pinyinPosted = false;

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'titles':
      mirror.applyTitles(message);
      engine.index(mirror, message.slots);
      return;
    case 'remove':
      engine.remove(mirror, message.slots);
      return;
    case 'order':
      answer(message.id, () => order(message));
      return;
    case 'pinyin':
      if (message.pinyin.buildId === buildId) engine.attachPinyinParts(message.pinyin.parts);
      return;
    case 'sync':
      answer(message.id, () => [NOTHING, 0]);
      return;
    case 'find':
      answer(message.id, () => find(message));
      postPinyin();
  }
});

/** Follows the new order: builds (or adopts the build it carries), or stages the delta. */
function order(message: OrderMessage): [Int32Array, number, SharedBuild?] {
  mirror.applyOrder(message);
  const builds = engine.builds;
  if (message.adopt) engine.adopt(mirror, message.adopt.parts);
  else engine.prepare(mirror);
  if (engine.builds === builds) return [NOTHING, 0];
  // After a build the mirror's batch texts (tens of MB at a million titles) and the build's scratch are
  // garbage; collected at once here, off the catalogue's thread, they do not sit in the process's memory
  // until the worker's next full collection.
  mirror.forgetTitles();
  collectGarbage();
  if (message.adopt) {
    buildId = message.adopt.id;
    return [NOTHING, 0];
  }
  buildId = `${threadId}:${engine.builds}`;
  pinyinPosted = false;
  buildAhead();
  // Posted only when other workers adopt it: a handle on this thread's build is one the pool's thread needs no copy of.
  const parts = shares ? engine.builtParts : undefined;
  return [NOTHING, 0, parts ? { id: buildId, parts } : undefined];
}

let buildingAhead = false;

/** What the build left for later, a slice per turn of the event loop, so searches that arrive meanwhile wait for one slice at most. */
function buildAhead(): void {
  if (buildingAhead) return;
  buildingAhead = true;
  const slice = () => {
    if (engine.buildAhead()) setImmediate(slice);
    else {
      buildingAhead = false;
      postPinyin();
    }
  };
  setImmediate(slice);
}

/** The building worker's pinyin lists, to the pool once they exist (built ahead, or by a Latin search first). */
function postPinyin(): void {
  if (!shares || pinyinPosted) return;
  const parts = engine.pinyinParts;
  if (!parts) return;
  pinyinPosted = true;
  port?.postMessage({ kind: 'pinyin', pinyin: { buildId, parts } } satisfies FromWorker);
}

/** The page asked for (laid out on its own: the answer stays in the engine's cache) and the total. */
function find({ keyword, typeCode, offset, limit }: FindMessage): [Int32Array, number] {
  if (limit < 0) {
    const all = engine.find(mirror, keyword, CONTENT_TYPES[typeCode]);
    return [all, all.length];
  }
  const { slots, total } = engine.findPage(mirror, keyword, CONTENT_TYPES[typeCode], offset, limit);
  return [slots, total];
}

function answer(id: number, work: () => [Int32Array, number, SharedBuild?]): void {
  let reply: FromWorker;
  try {
    const [slots, total, build] = work();
    reply = { kind: 'answer', id, slots, total, build };
  } catch (error) {
    reply = { kind: 'failed', id, error: (error as Error)?.stack ?? String(error) };
  }
  port?.postMessage(reply, reply.kind === 'answer' && reply.slots.length > 0 ? [reply.slots.buffer as ArrayBuffer] : []);
}
