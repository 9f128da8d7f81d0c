/** Real HTTP over real sockets from a chosen loopback source address (127.0.0.x). */
import http from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Parsed body (JSON.parse's type, like light-my-request's json()). */
  json(): ReturnType<JSON['parse']>;
}

/**
 * A port from the OS, held open, where every connection is reset at once: a server that refuses (what a
 * stopped PostgreSQL looks like), without the race of a port closed and used later. Close it after.
 */
export async function refusingPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * An origin that refuses connections (ECONNREFUSED): port 2, a privileged port no service here listens on,
 * so unlike a port taken from the OS and closed again, nothing else can start listening on it between the
 * lookup and the test (port 1 would do too, but fetch refuses it before connecting: it is one of the Fetch
 * standard's "bad ports"). For a refusal by reset (a stopped server behind a proxy), `refusingPort`.
 */
export const REFUSED_ORIGIN = 'http://127.0.0.1:2';

/** Listens on 127.0.0.1 (any free port) and returns the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

export interface SocketRequestOptions {
  /** The source address (a loopback address such as 127.0.0.2), as the server sees the client. */
  from: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Fails the test instead of hanging past this (no guard when left out). */
  timeoutMs?: number;
}

/** One request on a fresh connection from `options.from`. */
export function socketRequest(port: number, path: string, options: SocketRequestOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', localAddress: options.from, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body) });
        });
        response.on('error', reject);
      },
    );
    const { timeoutMs } = options;
    if (timeoutMs !== undefined) {
      request.setTimeout(timeoutMs, () =>
        request.destroy(new Error(`${options.method ?? 'GET'} ${path} from ${options.from} hung for ${timeoutMs} ms`)),
      );
    }
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/**
 * A GET in English from `localAddress`; fails the test instead of hanging past `timeoutMs` of silence. The
 * default guards against a hang only, with room for a loaded machine: how fast answers come is the bench's to say.
 */
export function get(
  port: number,
  localAddress: string,
  path: string,
  headers: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<Answer> {
  return socketRequest(port, path, { from: localAddress, headers: { 'accept-language': 'en', ...headers }, timeoutMs });
}
