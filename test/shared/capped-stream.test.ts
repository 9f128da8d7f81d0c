/**
 * The capped reader's streaming form against a loopback server, on a fake timer: its idle deadline measures
 * the upstream's silence, not the consumer's waits. A consumer that holds each chunk past the deadline (as a
 * mirror does while it writes a batch) still reads the whole body; an upstream that stops sending still
 * fails with a `timeout`.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { CappedFetchError } from '../../src/shared/capped-fetch.js';
import { cappedStream, type IdleDeadline } from '../../src/shared/capped-stream.js';

/** A timer that fires only when told to: `elapse` runs every deadline still armed, as if it had passed. */
function fakeDeadline(ms: number): IdleDeadline & { elapse(): void } {
  const armed = new Set<() => void>();
  return {
    ms,
    setTimer(_ms, fire) {
      armed.add(fire);
      return () => armed.delete(fire);
    },
    elapse() {
      for (const fire of [...armed]) {
        armed.delete(fire);
        fire();
      }
    },
  };
}

describe('the streaming capped reader', () => {
  let server: Server;
  let origin: string;
  before(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      if (request.url === '/stall') {
        response.write('first');
        return; // and nothing more
      }
      let sent = 0;
      const next = () => {
        if (sent === 3) return response.end();
        sent++;
        response.write(`chunk${sent};`, () => setImmediate(next));
      };
      next();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  test('a consumer that holds every chunk past the deadline reads the whole body', async () => {
    const idle = fakeDeadline(30_000);
    const body = await cappedStream(
      new URL('/slow-consumer', origin),
      { bodyCapBytes: 1_000, redirect: { follow: 'none' }, idle },
      async ({ chunks }) => {
        let text = '';
        for await (const chunk of chunks) {
          text += chunk.toString();
          idle.elapse(); // the consumer's own wait (a batch written, a lock awaited) outlasts the deadline
          await new Promise((resolve) => setImmediate(resolve));
        }
        idle.elapse(); // and after the last chunk, its final write
        return text;
      },
    );
    assert.equal(body, 'chunk1;chunk2;chunk3;');
  });

  test('an upstream that stops sending still fails with a timeout', async () => {
    const idle = fakeDeadline(30_000);
    const reading = cappedStream(
      new URL('/stall', origin),
      { bodyCapBytes: 1_000, redirect: { follow: 'none' }, idle },
      async ({ chunks }) => {
        for await (const chunk of chunks) {
          assert.equal(chunk.toString(), 'first');
          setImmediate(() => idle.elapse()); // the upstream's silence while the next chunk is awaited
        }
      },
    );
    await assert.rejects(reading, (error: unknown) => error instanceof CappedFetchError && error.failure === 'timeout');
  });
});
