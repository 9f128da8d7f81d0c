/**
 * The search worker thread's entry: it keeps the title mirror and the indexed engine (indexed-search.ts)
 * and answers searches, so a search that takes milliseconds never holds the catalogue's event loop, and
 * lists and health stay quick while searches saturate a core (docs/search.md, "Off the event loop").
 * Answers are transferred, not copied: the catalogue's thread keeps the recent ones.
 */
import { parentPort } from 'node:worker_threads';
import { CONTENT_TYPES } from '../../catalogue/content-types.js';
import { IndexedSearch } from '../indexed-search.js';
import type { FromWorker, ToWorker } from './search-messages.js';
import { TitleMirror } from './title-mirror.js';

const port = parentPort;
if (!port) throw new Error('search-worker.js runs as a worker thread only');

const mirror = new TitleMirror();
// The catalogue's thread keeps recent answers; a cache here would only hold a second copy.
const engine = new IndexedSearch({ cachedResults: 0 });
const NOTHING = new Int32Array(0);

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'titles':
      mirror.applyTitles(message);
      engine.index(mirror, message.slots);
      return;
    case 'order':
      answer(message.id, () => {
        mirror.applyOrder(message);
        engine.prepare(mirror);
        return NOTHING;
      });
      return;
    case 'find':
      answer(message.id, () => engine.find(mirror, message.keyword, CONTENT_TYPES[message.typeCode]));
  }
});

function answer(id: number, work: () => Int32Array): void {
  let reply: FromWorker;
  try {
    reply = { id, slots: work() };
  } catch (error) {
    reply = { id, error: (error as Error)?.stack ?? String(error) };
  }
  port?.postMessage(reply, reply.slots && reply.slots.length > 0 ? [reply.slots.buffer as ArrayBuffer] : []);
}
