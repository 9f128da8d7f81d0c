/**
 * A loopback upstream answering the original catalogue interface (no RateLimit headers) with a dump of
 * any size, generated as it is sent: items are written a batch at a time as the socket drains, so a
 * 1,000,000-entry dump (about 150 MB) never sits in the test's memory. Only `/api/contents/{type}/all` of
 * the configured type answers; `rows` can be changed between requests (a smaller dump removes entries).
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Items written per chunk: big enough to keep the socket busy, small enough to stay a few hundred KB. */
const CHUNK_ITEMS = 2_000;

/** Resolves when the socket takes more, or is gone; leaves no listener behind (a dump waits thousands of times). */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.on('drain', done).on('close', done);
  });
}

export const generatedLink = (prefix: string, index: number) => `https://pan.example.com/s/${prefix}-${index}`;
export const generatedTitle = (prefix: string, index: number) => `生成短剧${prefix}${index}`;

export class GeneratedUpstream {
  /** How many entries the next dump holds. */
  rows: number;
  /** How many dumps were asked for. */
  served = 0;
  private readonly server = createServer((request, response) => void this.answer(request.url ?? '/', response));

  constructor(
    readonly type: string,
    rows: number,
    /** Links and titles carry it, so two fixtures' entries never meet. */
    readonly prefix = type,
  ) {
    this.rows = rows;
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private item(index: number): string {
    return JSON.stringify({
      title: generatedTitle(this.prefix, index),
      source_link: generatedLink(this.prefix, index),
      type: this.type,
      update_time: '2024-01-01 12:00:00',
    });
  }

  private async answer(url: string, response: ServerResponse): Promise<void> {
    if (url.split('?')[0] !== `/api/contents/${this.type}/all`) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"error_code":"NOT_FOUND"}');
      return;
    }
    this.served++;
    const rows = this.rows;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write(`{"success":true,"data":{"content_type":"${this.type}","total":${rows},"is_all_data":true,"items":[`);
    for (let start = 0; start < rows && !response.destroyed; start += CHUNK_ITEMS) {
      const parts: string[] = [];
      for (let index = start; index < Math.min(start + CHUNK_ITEMS, rows); index++) parts.push(this.item(index));
      const written = response.write(`${start === 0 ? '' : ','}${parts.join(',')}`);
      if (!written && !response.destroyed) await drainedOrClosed(response);
    }
    response.end(']}}');
  }
}
