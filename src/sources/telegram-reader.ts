/**
 * Reads a public channel's new messages (docs/sources.md): its newest page, then older pages through
 * `?before=<id>` until the messages reach the stored cursor, or, on the first poll, until `backfill`
 * messages are read. Every request goes to the configured origin only (TELEGRAM_ORIGIN), with a timeout
 * and a body cap. A redirect (a channel without a public preview), a 429 or 5xx, a page in an unknown shape
 * or a network failure ends the read with a `SourceFailure`: the caller writes nothing and tries later.
 */
import { CappedFetchError, type CappedResponse, cappedFetch } from '../shared/capped-fetch.js';
import { CHANNEL_NAME } from './channel-name.js';
import { SourceFailure } from './source-failure.js';
import { type ChannelMessage, type ChannelPage, PageShapeError, parseChannelPage } from './telegram-page.js';

export interface TelegramReadOptions {
  /** `https://t.me` or a proxy/fixture of it (TELEGRAM_ORIGIN). */
  origin: string;
  timeoutMs?: number;
  maxPageBytes?: number;
  /** Pages a later poll reads back at most (a cursor far behind is caught up over several polls). */
  maxPages?: number;
  signal?: AbortSignal | undefined;
}

export interface ChannelRead {
  /** Messages newer than the cursor (or the newest `backfill`), oldest first. */
  messages: ChannelMessage[];
  /** The newest message id seen, the next cursor. */
  newestId: number | undefined;
  pages: number;
}

const MESSAGES_PER_PAGE = 20;

export async function readChannel(
  channel: string,
  cursor: number | undefined,
  backfill: number,
  options: TelegramReadOptions,
): Promise<ChannelRead> {
  if (!CHANNEL_NAME.test(channel)) throw new SourceFailure('invalid', `"${channel}" is not a public channel name`);
  const maxPages = cursor === undefined ? Math.ceil(backfill / MESSAGES_PER_PAGE) + 1 : (options.maxPages ?? 50);
  const byId = new Map<number, ChannelMessage>();
  let before: number | undefined;
  let pages = 0;
  for (;;) {
    const page = await fetchPage(channel, before, options);
    pages++;
    for (const message of page.messages) byId.set(message.id, message);
    const oldest = page.messages[0]?.id;
    const reachedCursor = cursor !== undefined && oldest !== undefined && oldest <= cursor + 1;
    const enough = cursor === undefined && byId.size >= backfill;
    if (reachedCursor || enough || page.before === undefined || page.messages.length === 0 || pages >= maxPages) break;
    if (before !== undefined && page.before >= before) break; // a page that does not go back would loop
    before = page.before;
  }
  const newest = [...byId.values()].sort((a, b) => a.id - b.id);
  const messages = cursor === undefined ? newest.slice(Math.max(0, newest.length - backfill)) : newest.filter((m) => m.id > cursor);
  const newestId = newest.length > 0 ? (newest[newest.length - 1] as ChannelMessage).id : cursor;
  return { messages, newestId, pages };
}

async function fetchPage(channel: string, before: number | undefined, options: TelegramReadOptions): Promise<ChannelPage> {
  const url = new URL(`/s/${channel}`, options.origin);
  if (before !== undefined) url.searchParams.set('before', String(before));
  let got: CappedResponse;
  try {
    // No redirect is followed: a channel without a public preview redirects, and that is an answer.
    got = await cappedFetch(url, {
      deadlineMs: options.timeoutMs ?? 15_000,
      bodyCapBytes: options.maxPageBytes ?? 2 * 1024 * 1024,
      redirect: { follow: 'none' },
      signal: options.signal,
      headers: { accept: 'text/html', 'user-agent': 'dramadex-sources' },
    });
  } catch (error) {
    if (error instanceof CappedFetchError) throw new SourceFailure('unreachable', `${url.origin}: ${error.message}`);
    throw error;
  }
  if (got.status >= 300 && got.status < 400) {
    throw new SourceFailure('no_preview', `${channel} has no public preview (${url.pathname} redirects)`);
  }
  if (got.status === 429) throw new SourceFailure('rate_limited', `${url.origin} answered 429 (too many requests); trying later`);
  if (got.status === 404) throw new SourceFailure('no_preview', `${channel} has no public preview (404)`);
  if (got.status !== 200) throw new SourceFailure('upstream_error', `${url.origin} answered ${got.status}`);
  try {
    return parseChannelPage(got.body.toString('utf8'), channel);
  } catch (error) {
    if (error instanceof PageShapeError) throw new SourceFailure('unknown_page', `${url.pathname}: unknown page shape: ${error.message}`);
    throw error;
  }
}
