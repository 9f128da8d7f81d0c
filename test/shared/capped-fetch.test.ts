/**
 * The one capped reader (docs/architecture.md, "Outbound requests") against loopback servers: a deadline
 * over the whole exchange, a body cap, the redirect policies (none: a 3xx is the answer; same-hosts: only
 * to the listed hosts, on the same scheme and port), one error type, and an origin override built from URL
 * parts, so that a path such as `//evil.example/path` stays a path on the chosen origin. The last test
 * sends such a path through a provider's HTTP path with `LINK_CHECK_ORIGINS` set and shows the other
 * server is never asked.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { providerHttp } from '../../src/links/provider-http.js';
import { CappedFetchError, cappedFetch, onOrigin } from '../../src/shared/capped-fetch.js';

interface Listening {
  server: Server;
  origin: string;
  port: number;
  paths: string[];
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<Listening> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handle(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, port, paths };
}

describe('the capped reader', () => {
  let home: Listening;
  let evil: Listening;
  before(async () => {
    evil = await listen((_request, response) => response.end('evil'));
    home = await listen((request, response) => {
      const path = request.url ?? '/';
      if (path === '/big') return response.end('x'.repeat(5000));
      if (path === '/hang') return;
      if (path === '/to-same') return response.writeHead(302, { location: '/landed' }).end();
      if (path === '/to-evil') return response.writeHead(302, { location: `${evil.origin}/stolen` }).end();
      response.end(`home ${path}`);
    });
  });
  after(() => {
    for (const { server } of [home, evil]) {
      server.closeAllConnections();
      server.close();
    }
  });
  const base = { deadlineMs: 2000, bodyCapBytes: 1000, redirect: { follow: 'none' } as const };

  test('reads a body within its cap; past the cap is one error type, body-over-cap', async () => {
    const answer = await cappedFetch(new URL('/ok', home.origin), base);
    assert.equal(answer.body.toString(), 'home /ok');
    await assert.rejects(cappedFetch(new URL('/big', home.origin), base), (error: unknown) => {
      assert.ok(error instanceof CappedFetchError);
      assert.equal(error.failure, 'body-over-cap');
      return true;
    });
  });

  test('the deadline ends a request that never answers', async () => {
    await assert.rejects(
      cappedFetch(new URL('/hang', home.origin), { ...base, deadlineMs: 50 }),
      (error: unknown) => error instanceof CappedFetchError && error.failure === 'timeout',
    );
  });

  test('redirects: none returns the 3xx; same-hosts follows only to the listed hosts', async () => {
    const none = await cappedFetch(new URL('/to-same', home.origin), base);
    assert.equal(none.status, 302);
    const sameHosts = { ...base, redirect: { follow: 'same-hosts', hosts: ['127.0.0.1'], max: 3 } as const };
    const followed = await cappedFetch(new URL('/to-same', home.origin), sameHosts);
    assert.deepEqual([followed.status, followed.body.toString(), followed.url.pathname], [200, 'home /landed', '/landed']);
    // Another port is another origin: not followed.
    const refused = await cappedFetch(new URL('/to-evil', home.origin), sameHosts);
    assert.equal(refused.status, 302);
    assert.deepEqual(evil.paths, []);
  });

  test('an origin override is built from URL parts: a // path cannot leave the origin', async () => {
    const sneaky = new URL(`https://pan.baidu.com//127.0.0.1:${evil.port}/path`);
    const moved = onOrigin(sneaky, home.origin);
    assert.equal(moved.origin, home.origin);
    // What string concatenation would have done: resolve the path against the origin, and leave it.
    assert.equal(new URL(`${sneaky.pathname}${sneaky.search}`, home.origin).host, `127.0.0.1:${evil.port}`);

    const send = providerHttp({
      hosts: ['pan.baidu.com'],
      origin: home.origin,
      timeoutMs: 2000,
      bodyCapBytes: 1000,
      userAgent: 'x',
      referer: 'y',
    });
    const answer = await send({ method: 'GET', url: `https://pan.baidu.com//127.0.0.1:${evil.port}/path?x=1` });
    assert.equal(answer.kind, 'answered');
    assert.equal(answer.kind === 'answered' ? answer.text : '', `home //127.0.0.1:${evil.port}/path?x=1`);
    assert.deepEqual(evil.paths, [], 'the other server is never asked');
  });
});
