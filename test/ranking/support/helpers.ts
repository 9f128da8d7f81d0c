/** Shared helpers of the ranking tests: boards and tokens through the real services, requests with an address. */
import { request as httpRequest } from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ImportSummary } from '../../../src/ranking/ranking-boards.js';
import { parseRecords } from '../../../src/ranking/records.js';
import type { Board } from '../../../src/shared/board-names.js';
import type { TestContext } from '../../support/harness.js';

export async function importBoard(
  ctx: TestContext,
  board: Board,
  records: Array<Record<string, unknown>>,
  at?: Date,
): Promise<ImportSummary> {
  return ctx.services.rankings.boards.import(board, parseRecords(board, records), at);
}

export async function issueToken(ctx: TestContext, address?: string): Promise<string> {
  return (await ctx.services.rankings.tokens.issue(address)).token;
}

/** GET on the ranking listener with a bearer token (or a raw Authorization value) from an address. */
export function rankingGet(
  ctx: TestContext,
  url: string,
  options: { token?: string; authorization?: string; from?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const inject: InjectOptions = { method: 'GET', url, headers, remoteAddress: options.from ?? '127.0.0.1' };
  return ctx.rankingApp.inject(inject);
}

export interface SocketResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Parsed body (JSON.parse's type, like light-my-request's json()). */
  json(): ReturnType<JSON['parse']>;
}

/** A real HTTP request over a socket whose source address is `from` (a loopback address such as 127.0.0.2). */
export function socketRequest(
  port: number,
  path: string,
  options: { from: string; token?: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<SocketResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', localAddress: options.from, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
