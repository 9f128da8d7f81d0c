/**
 * The search worker thread's entry: it keeps the title mirror and the indexed engine (indexed-search.ts)
 * and answers searches, so a search that takes milliseconds never holds the catalogue's event loop, and
 * lists and health stay quick while searches saturate a core (docs/search.md, "Off the event loop").
 * The engine keeps the recent full answers here; only the page asked for travels, moved, not copied, so
 * the catalogue's thread never holds (nor collects) a million-slot answer.
 */
import { parentPort } from 'node:worker_threads';
import { collectGarbage } from '../../boot/collect-garbage.js';
import { CONTENT_TYPES } from '../../shared/content-types.js';
import { IndexedSearch } from '../indexed-search.js';
import type { FindMessage, FromWorker, ToWorker } from './search-messages.js';
import { TitleMirror } from './title-mirror.js';

const port = parentPort;
if (!port) throw new Error('search-worker.js runs as a worker thread only');

const mirror = new TitleMirror();
const engine = new IndexedSearch();
const NOTHING = new Int32Array(0);
// After a build the mirror's batch texts (tens of MB at a million titles) and the build's scratch are
// garbage; collected at once here, off the catalogue's thread, they do not sit in the process's memory
// until the worker's next full collection.

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
      answer(message.id, () => {
        mirror.applyOrder(message);
        const builds = engine.builds;
        engine.prepare(mirror);
        if (engine.builds !== builds) {
          mirror.forgetTitles();
          collectGarbage();
          buildAhead();
        }
        return [NOTHING, 0];
      });
      return;
    case 'find':
      answer(message.id, () => find(message));
  }
});

let buildingAhead = false;

/** What the build left for later, a slice per turn of the event loop, so searches that arrive meanwhile wait for one slice at most. */
function buildAhead(): void {
  if (buildingAhead) return;
  buildingAhead = true;
  const slice = () => {
    if (engine.buildAhead()) setImmediate(slice);
    else buildingAhead = false;
  };
  setImmediate(slice);
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

function answer(id: number, work: () => [Int32Array, number]): void {
  let reply: FromWorker;
  try {
    const [slots, total] = work();
    reply = { id, slots, total };
  } catch (error) {
    reply = { id, error: (error as Error)?.stack ?? String(error) };
  }
  port?.postMessage(reply, reply.slots && reply.slots.length > 0 ? [reply.slots.buffer as ArrayBuffer] : []);
}
