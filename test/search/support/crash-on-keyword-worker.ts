/**
 * A search worker (src/search/worker/search-worker.ts) that dies as a crash would when asked for the
 * keyword `💥`: the real worker's message listener is wrapped before it loads, so it never answers that
 * search, and the throw ends the thread with an `error` event.
 */
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (port) {
  const on = port.on.bind(port);
  port.on = ((event: string, listener: (message: { kind: string; keyword?: string }) => void) =>
    on(event, (message: { kind: string; keyword?: string }) => {
      if (message.kind === 'find' && message.keyword === '💥') throw new Error('a crash the test asked for');
      listener(message);
    })) as typeof port.on;
}
await import('../../../src/search/worker/search-worker.js');
