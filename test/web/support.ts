/** Shared by the web page suites: a browser-like GET, and boards filled through the real import path. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseRecords } from '../../src/boards/records.js';
import type { TestContext } from '../support/harness.js';

/** What Chromium sends for a page: HTML preferred. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export function browse(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, remoteAddress, headers: { accept: BROWSER_ACCEPT, ...headers } });
}

export async function fillBoards(ctx: TestContext): Promise<void> {
  const boards = ctx.services.rankings.boards;
  await boards.import(
    'hot-dramas',
    parseRecords('hot-dramas', [
      { title: '闪婚后傅总每天都在追妻', hot_score: 9800, genres: ['都市'], url: 'https://search.example.com/?q=1' },
      { title: '<b>加粗</b>的榜单', hot_score: 9100, url: '' },
    ]),
  );
  await boards.import('actors', parseRecords('actors', [{ name: '林婉清', gender: '女', hot_score: 500, works: ['闪婚'] }]));
}

/** The titles a page lists, in order, as text (tags stripped, entities decoded). */
export function listedTitles(html: string): string[] {
  return [...html.matchAll(/<h3 class="entry-title">(.*?)<\/h3>/g)].map((match) => decode((match[1] ?? '').replace(/<[^>]+>/g, '')));
}

function decode(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}
