/**
 * Slow, stuck and greedy clients over real sockets (docs/limits.md, "Slow or stuck clients, and requests that cannot be read"): a request that
 * does not arrive whole in time gets 408 in the envelope and its connection closed, idle keep-alive
 * connections are closed, one address holds a bounded number of connections; and a missing Host is 400 in
 * the envelope on both listeners. Everything waits on socket events; the timeouts are configured small.
 */
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../support/harness.js';
import { listen } from '../support/net.js';
import { openRaw, parseRaw, rawRequest } from './raw-socket.js';

describe('slow and stuck clients over real sockets', () => {
  let ctx: TestContext;
  let catalogue: number;
  let ranking: number;
  const serverSockets: Socket[] = [];
  before(async () => {
    ctx = await createTestContext('sqlite', {
      REQUEST_TIMEOUT_SECONDS: '1',
      KEEP_ALIVE_TIMEOUT_SECONDS: '1',
      MAX_CONNECTIONS_PER_ADDRESS: '3',
      LANGUAGE: 'en',
    });
    ctx.app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
    catalogue = await listen(ctx.app);
    ranking = await listen(ctx.rankingApp);
  });
  after(() => ctx.close());

  test('a body sent a byte at a time is cut off with 408 in the envelope', async () => {
    const { socket, closed } = await openRaw(catalogue, '127.0.0.61');
    socket.write('POST /api/contents HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\na');
    const answer = parseRaw(await closed);
    assert.equal(answer.status, 408);
    assert.equal(answer.body?.error_code, 'REQUEST_TIMEOUT');
    assert.equal(answer.body?.success, false);
  });

  test('headers that never end are cut off with 408, on the ranking listener too', async () => {
    for (const port of [catalogue, ranking]) {
      const { socket, closed } = await openRaw(port, '127.0.0.62');
      socket.write('GET /api/types HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      const answer = parseRaw(await closed);
      assert.equal(answer.status, 408);
      assert.equal(answer.body?.error_code, 'REQUEST_TIMEOUT');
    }
  });

  test('an idle keep-alive connection is closed by the server after its answer', async () => {
    const { socket, closed } = await openRaw(catalogue, '127.0.0.63');
    socket.write('GET /api/types HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = parseRaw(await closed);
    assert.equal(answer.status, 200);
  });

  test('one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections; the next gets 429 and is closed', async (t) => {
    const held = await Promise.all([1, 2, 3].map(() => openRaw(catalogue, '127.0.0.64')));
    t.after(() => {
      for (const connection of held) connection.socket.destroy();
    });
    const extra = await openRaw(catalogue, '127.0.0.64');
    const refused = parseRaw(await extra.closed);
    assert.equal(refused.status, 429);
    assert.equal(refused.body?.error_code, 'RATE_LIMIT_EXCEEDED');
    assert.match(String(refused.body?.error), /3 open connections/);
    // Another address is not affected.
    assert.equal(
      parseRaw(await rawRequest(catalogue, 'GET /api/types HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '127.0.0.65')).status,
      200,
    );
    // Once the server has seen one of the three close, the address may connect again.
    const first = held[0] ?? assert.fail('three connections');
    const serverSide = serverSockets.find((socket) => socket.remotePort === first.socket.localPort) ?? assert.fail('server socket');
    const seen = new Promise((resolve) => serverSide.once('close', resolve));
    first.socket.destroy();
    await seen;
    const again = await rawRequest(catalogue, 'GET /api/types HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '127.0.0.64');
    assert.equal(parseRaw(again).status, 200);
  });

  test('HTTP/1.1 without Host is 400 in the envelope on both listeners; HTTP/1.0 needs none', async () => {
    for (const port of [catalogue, ranking]) {
      const answer = parseRaw(await rawRequest(port, 'GET /api/types HTTP/1.1\r\nConnection: close\r\n\r\n', '127.0.0.66'));
      assert.equal(answer.status, 400);
      assert.equal(answer.body?.error_code, 'BAD_REQUEST');
      assert.match(String(answer.body?.error), /Host/);
    }
    const old = parseRaw(await rawRequest(catalogue, 'GET /api/types HTTP/1.0\r\n\r\n', '127.0.0.67'));
    assert.equal(old.status, 200);
  });

  test('what Node cannot parse is 400 in the envelope', async () => {
    const answer = parseRaw(await rawRequest(catalogue, 'GET /api/短剧 HTTP/1.1\r\nHost: x\r\n\r\n', '127.0.0.68'));
    assert.equal(answer.status, 400);
    assert.equal(answer.body?.error_code, 'BAD_REQUEST');
  });
});
