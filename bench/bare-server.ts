/**
 * Why this exists: the benchmark's yardstick. A bare `node:http` server, run as its own process like
 * dramadex, that answers each captured URL with exactly the bytes, status and headers dramadex sent, so
 * "dramadex req/s ÷ bare req/s" isolates what the service itself costs on this machine. For a stream of
 * distinct URLs the fixture '*' answers them all with one body of their mean size.
 * Usage: node dist/bench/bare-server.js <fixtures.json> [port]; prints {"port":N} once listening and exits
 * when its stdin closes (the benchmark ended, however it ended) or on SIGTERM/SIGINT.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

interface Fixture {
  path: string;
  status: number;
  headers: Array<[string, string]>;
  bodyBase64: string;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server <fixtures.json>');
const replies = new Map<string, Reply>();
for (const fixture of JSON.parse(readFileSync(file, 'utf8')) as Fixture[]) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of fixture.headers) {
    const previous = headers[name];
    headers[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  replies.set(fixture.path, { status: fixture.status, headers, body: Buffer.from(fixture.bodyBase64, 'base64') });
}

const server = http.createServer((request, response) => {
  // Fixture '*' answers every URL without one of its own: the same-size body for a stream of distinct URLs.
  const reply = replies.get(request.url ?? '') ?? replies.get('*');
  if (!reply) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('no fixture for this URL');
    return;
  }
  response.writeHead(reply.status, reply.headers).end(reply.body);
});
server.keepAliveTimeout = 72_000; // as Fastify's default, so neither side closes connections mid-run

server.listen(Number(process.argv[3] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});

const exit = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1_000).unref();
};
process.stdin.on('end', exit).on('close', exit).resume();
process.once('SIGTERM', exit);
process.once('SIGINT', exit);
