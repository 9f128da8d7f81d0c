/** Real HTTP over real sockets from a chosen loopback source address (127.0.0.x), for the limits suites. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  json(): Record<string, unknown> & { retry_after?: number; detail?: string; error_code?: string };
}

/** Listens on 127.0.0.1 (any free port) and returns the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/** One GET on a fresh connection from `localAddress`; fails the test instead of hanging past `timeoutMs`. */
export function get(
  port: number,
  localAddress: string,
  path: string,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, localAddress, agent: false, headers: { 'accept-language': 'en', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            ms: performance.now() - started,
            json: () => JSON.parse(body),
          });
        });
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`GET ${path} from ${localAddress} hung for ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end();
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
