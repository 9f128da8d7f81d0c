/** Shared helpers of the ranking tests: boards and tokens through the real services, injected requests with an address. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ImportSummary } from '../../../src/boards/ranking-boards.js';
import { parseRecords } from '../../../src/boards/records.js';
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
