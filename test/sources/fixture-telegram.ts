/**
 * A stand-in for Telegram's public channel pages on loopback (port 0), in the shape docs/sources.md
 * describes: `/s/<channel>` answers the newest 20 messages oldest first, `?before=<id>` older ones, with
 * `a.tme_messages_more[data-before]` while older ones exist; messages carry `data-post`, a `<time
 * datetime>`, text with `<br>`, emoji, hashtags and links. A channel can answer as a channel without a
 * public preview (a redirect), with 429, or with a page of another shape; a channel can hold its page
 * requests until released, so a test can stop a poll mid-read. Every request is recorded.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureMessage {
  id: number;
  /** ISO 8601 with an offset, as Telegram writes it. */
  time: string;
  /** The inner HTML of `div.tgme_widget_message_text` (absent: a photo without a caption). */
  html?: string;
  forwardedFrom?: string;
  photo?: boolean;
}

export type ChannelMode = 'ok' | 'no-preview' | '429' | 'garbage' | 'hold';

const PAGE_SIZE = 20;

export class FixtureTelegram extends EventEmitter {
  readonly requests: string[] = [];
  private readonly channels = new Map<string, { messages: FixtureMessage[]; mode: ChannelMode }>();
  private readonly server: Server = createServer((request, response) => this.answer(request, response));
  private held: Array<() => void> = [];

  channel(name: string, messages: FixtureMessage[], mode: ChannelMode = 'ok'): void {
    this.channels.set(name, { messages: [...messages].sort((a, b) => a.id - b.id), mode });
  }

  post(name: string, message: FixtureMessage): void {
    const channel = this.channels.get(name);
    if (!channel) throw new Error(`no channel ${name}`);
    channel.messages.push(message);
  }

  mode(name: string, mode: ChannelMode): void {
    const channel = this.channels.get(name);
    if (channel) channel.mode = mode;
  }

  /** Answers the requests held so far (a channel in `hold` mode answers as `ok` once released). */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fixture');
    this.requests.push(`${url.pathname}${url.search}`);
    const name = /^\/s\/([^/]+)$/.exec(url.pathname)?.[1] ?? '';
    const channel = this.channels.get(name);
    if (!channel || channel.mode === 'no-preview') {
      response.writeHead(302, { location: `/${name}` }).end();
      return;
    }
    if (channel.mode === '429') {
      response.writeHead(429, { 'retry-after': '30', 'content-type': 'text/plain' }).end('Too Many Requests');
      return;
    }
    if (channel.mode === 'garbage') {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body><h1>Something else</h1><p>no channel here</p></body></html>');
      return;
    }
    const send = () => {
      const before = Number(url.searchParams.get('before') ?? Number.POSITIVE_INFINITY);
      const older = channel.messages.filter((message) => message.id < before);
      const page = older.slice(-PAGE_SIZE);
      const more = older.length > page.length ? page[0]?.id : undefined;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(channelPage(name, page, more));
    };
    if (channel.mode === 'hold') {
      this.held.push(send);
      this.emit('held', url.search);
      return;
    }
    send();
  }
}

export function channelPage(channel: string, messages: FixtureMessage[], before: number | undefined): string {
  const more =
    before === undefined
      ? ''
      : `<a class="tme_messages_more js-messages_more" data-before="${before}" href="/s/${channel}?before=${before}"></a>`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${channel} – Telegram</title></head><body>
<div class="tgme_channel_info"><div class="tgme_channel_info_header_title"><span dir="auto">${channel}</span></div></div>
<section class="tgme_channel_history js-message_history">${more}
${messages.map((message) => messageHtml(channel, message)).join('\n')}
</section></body></html>`;
}

function messageHtml(channel: string, message: FixtureMessage): string {
  const forwarded = message.forwardedFrom
    ? `<div class="tgme_widget_message_forwarded_from accent_color">Forwarded from <a class="tgme_widget_message_forwarded_from_name" href="https://t.me/${message.forwardedFrom}">${message.forwardedFrom}</a></div>`
    : '';
  const photo = message.photo
    ? `<a class="tgme_widget_message_photo_wrap" href="https://t.me/${channel}/${message.id}" style="width:800px;background-image:url('https://cdn.example/file.jpg')"></a>`
    : '';
  const text = message.html === undefined ? '' : `<div class="tgme_widget_message_text js-message_text" dir="auto">${message.html}</div>`;
  return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="${channel}/${message.id}" data-view="x">
<div class="tgme_widget_message_user"><a href="https://t.me/${channel}"><i class="tgme_widget_message_user_photo"></i></a></div>
<div class="tgme_widget_message_bubble">${forwarded}${photo}${text}
<div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info">
<span class="tgme_widget_message_views">1.2K</span><span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="https://t.me/${channel}/${message.id}"><time datetime="${message.time}" class="time">12:00</time></a></span>
</div></div></div></div></div>`;
}

/** An emoji as Telegram renders one. */
export const emoji = (char: string) =>
  `<i class="emoji" style="background-image:url('//telegram.org/img/emoji/40/F09F8EAC.png')"><b>${char}</b></i>`;
/** A hashtag as Telegram renders one. */
export const hashtag = (tag: string) => `<a href="?q=%23${encodeURIComponent(tag)}">#${tag}</a>`;
