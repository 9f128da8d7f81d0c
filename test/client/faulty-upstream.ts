/**
 * A loopback proxy in front of a running dramadex that misbehaves on cue, for the mirror tests: per path,
 * a script of answers (pass through, 400, 429, a 30-minute blacklist, 500, a body cut short, malformed items, an incomplete dump, not
 * JSON, a stall). It records each request's path, headers and the client's (fake) clock time, and emits
 * `stalled` once a stalled answer has sent what it will send.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'pass' | '400' | '429' | 'blacklisted' | '500' | 'truncate' | 'malformed' | 'incomplete' | 'not-json' | 'stall';

export interface Seen {
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  answeredWith: Fault;
}

export class FaultyUpstream extends EventEmitter {
  readonly seen: Seen[] = [];
  private readonly scripts = new Map<string, Fault[]>();
  private server: http.Server | undefined;
  private readonly open = new Set<http.ServerResponse>();

  constructor(
    private readonly upstreamPort: number,
    private readonly now: () => number,
  ) {
    super();
  }

  /** The answers the next requests for `path` get, in order; after them, requests pass through. */
  script(path: string, faults: Fault[]): void {
    this.scripts.set(path, [...faults]);
  }

  async listen(): Promise<string> {
    this.server = http.createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const response of this.open) response.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] as string;
    const fault = this.scripts.get(path)?.shift() ?? 'pass';
    this.seen.push({ path, at: this.now(), headers: request.headers, answeredWith: fault });
    if (fault === '429') {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      response.end(JSON.stringify({ success: false, error_code: 'RATE_LIMIT_EXCEEDED', retry_after: 9 }));
      return;
    }
    if (fault === 'blacklisted') {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1800' });
      response.end(JSON.stringify({ success: false, error_code: 'RATE_LIMIT_EXCEEDED', retry_after: 1800, detail: 'Blacklisted' }));
      return;
    }
    if (fault === '400') {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end('{"success":false,"error_code":"BAD_REQUEST","error":"unknown content_type"}');
      return;
    }
    if (fault === '500') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"success":false,"error_code":"INTERNAL_SERVER_ERROR"}');
      return;
    }
    if (fault === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
      return;
    }
    const real = await this.forward(request);
    let body = real.body;
    if (fault === 'malformed' || fault === 'incomplete') {
      const parsed = JSON.parse(body.toString('utf8'));
      const items = parsed.data.items;
      if (fault === 'malformed') {
        items[0].update_time = '2024-02-30 25:00:00';
        delete items[1].title;
        items[2] = 'not an item';
      } else items.pop();
      body = Buffer.from(JSON.stringify(parsed));
    }
    const headers = { ...real.headers, 'content-length': String(body.length) };
    delete headers['content-encoding'];
    delete headers['transfer-encoding'];
    response.writeHead(real.status, headers);
    if (fault === 'truncate') {
      response.write(body.subarray(0, body.length >> 1));
      response.destroy();
      return;
    }
    if (fault === 'stall') {
      this.open.add(response);
      response.write(body.subarray(0, body.length >> 1), () => this.emit('stalled', path));
      return;
    }
    response.end(body);
  }

  /** The running dramadex's answer, uncompressed. */
  private forward(request: http.IncomingMessage): Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }> {
    const headers = { ...request.headers, host: `127.0.0.1:${this.upstreamPort}` };
    delete headers['accept-encoding'];
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: this.upstreamPort, path: request.url, headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
          answer.on('error', reject);
        })
        .on('error', reject);
    });
  }
}

/** The client's clock in tests: waiting only moves time on; timers fire when the test says so. */
export class FakeClientClock {
  at = 0;
  readonly sleeps: number[] = [];
  private readonly timers = new Set<() => void>();

  now = (): number => this.at;

  sleep = async (ms: number): Promise<void> => {
    this.sleeps.push(ms);
    this.at += Math.max(0, ms);
  };

  setTimer = (_ms: number, fire: () => void): (() => void) => {
    const timer = () => fire();
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  };

  /** Fires every armed timer (the idle timeout of a stalled request). */
  fireTimers(): void {
    const armed = [...this.timers];
    this.timers.clear();
    for (const fire of armed) fire();
  }
}
