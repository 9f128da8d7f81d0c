/**
 * A small compatible upstream on loopback (port 0) whose full dump of `post` streams `count` generated
 * items, and can stop after `holdAfter` of them (keeping the connection open) so a test can kill the
 * reader mid-dump. Items are written in chunks as the socket drains, so a large dump never sits in this
 * process's memory either (the 1M bench uses it too).
 */
import { EventEmitter } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DumpPlan {
  count: number;
  /** Stop sending after this many items and emit `held`. */
  holdAfter?: number;
  type?: string;
}

export class FixtureUpstream extends EventEmitter {
  private readonly server: Server;

  constructor(private plan: DumpPlan) {
    super();
    this.server = createServer((request, response) => {
      const type = this.plan.type ?? 'post';
      if (request.url !== `/api/contents/${type}/all`) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"error":"not found"}');
        return;
      }
      void this.stream(response, type);
    });
  }

  setPlan(plan: DumpPlan): void {
    this.plan = plan;
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async stream(response: ServerResponse, type: string): Promise<void> {
    const { count, holdAfter } = this.plan;
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.write(`{"success":true,"message":"ok","data":{"content_type":"${type}","is_all_data":true,"items":[`);
    const CHUNK = 2_000;
    for (let start = 0; start < count; start += CHUNK) {
      if (holdAfter !== undefined && start >= holdAfter) {
        this.emit('held');
        return; // the connection stays open until the reader goes away
      }
      let text = '';
      for (let index = start; index < Math.min(count, start + CHUNK); index++) {
        text += `${index === 0 ? '' : ','}${JSON.stringify(upstreamItem(index, type))}`;
      }
      if (!response.write(text)) await new Promise((resolve) => response.once('drain', resolve));
      if (response.destroyed) return;
    }
    response.end(`],"total":${count}}}`);
  }
}

export function upstreamItem(index: number, type = 'post') {
  return {
    title: `上游短剧第${index}部`,
    source_link: `https://pan.quark.cn/s/up${index.toString(36).padStart(6, '0')}`,
    type,
    update_time: `2026-0${1 + (index % 9)}-1${index % 10} 12:00:00`,
  };
}
