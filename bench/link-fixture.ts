/**
 * Why this exists: the bench rows that serve while links are checked (issue 23) need providers that
 * answer at once and never rate limit. One loopback server takes every provider's requests
 * (LINK_CHECK_ORIGINS names it for all eight) and answers Quark's two steps as an alive share; the other
 * providers get a shape they do not know (`unknown`: a store write per check all the same, then their
 * pause). It counts Quark's detail requests: one per completed check.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_IDS } from '../src/shared/share-links.js';

export const LINK_FIXTURE_PLACEHOLDER = '<bench link fixture>';

export interface LinkFixture {
  /** The LINK_CHECK_ORIGINS value that sends every provider here. */
  origins: string;
  /** Quark checks answered so far, and the span (ms) from the first to the last. */
  checks(): { count: number; spanMs: number };
  close(): Promise<void>;
}

const ALIVE = JSON.stringify({ code: 0, message: 'ok', data: { stoken: 'bench', list: [{ fid: '1', file_name: 'bench' }] } });

export async function startLinkFixture(): Promise<LinkFixture> {
  let checks = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = createServer((request, response) => {
    // Quark's detail only (`pr=ucpro`): UC asks the same API path with its own `pr`.
    if (request.url?.includes('/sharepage/detail') && request.url.includes('pr=ucpro')) {
      checks++;
      lastAt = performance.now();
      if (checks === 1) firstAt = lastAt;
    }
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end(ALIVE);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origins: PROVIDER_IDS.map((id) => `${id}=${origin}`).join(','),
    checks: () => ({ count: checks, spanMs: lastAt - firstAt }),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
