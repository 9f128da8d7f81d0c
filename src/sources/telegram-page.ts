/**
 * One public channel page (`/s/<channel>`, docs/sources.md) read with an HTML parser (htmlparser2 and
 * css-select): per message its id (from `data-post`), its time, whether it was forwarded, and its text as
 * lines with the links it holds (the `href` of each anchor, whatever its visible text says), plus the id
 * that names the page of older messages. A page without the markers of a channel preview is refused as an
 * unknown shape rather than read as "no messages".
 */
import { selectAll as cssSelectAll, selectOne as cssSelectOne } from 'css-select';
import { type AnyNode, type Element, hasChildren, isTag, isText } from 'domhandler';
import { getAttributeValue } from 'domutils';
import { parseDocument } from 'htmlparser2';

const selectAll = (query: string, root: AnyNode) => cssSelectAll<AnyNode, Element>(query, root);
const selectOne = (query: string, root: AnyNode) => cssSelectOne<AnyNode, Element>(query, root);

export interface PostedAnchor {
  /** Where the anchor's visible text starts and ends in `text`. */
  start: number;
  end: number;
  href: string;
}

export interface ChannelMessage {
  id: number;
  /** The message's time as posted (ISO 8601 with an offset). */
  time: Date;
  forwarded: boolean;
  /** The text with `<br>` as newlines and emoji as their characters. */
  text: string;
  anchors: PostedAnchor[];
}

export interface ChannelPage {
  /** Oldest first, as the page shows them. */
  messages: ChannelMessage[];
  /** The id to ask `?before=` for the page of older messages; undefined on the oldest page. */
  before: number | undefined;
}

export class PageShapeError extends Error {}

export function parseChannelPage(html: string, channel: string): ChannelPage {
  const document = parseDocument(html);
  const wraps = selectAll('div.tgme_widget_message_wrap', document);
  if (wraps.length === 0 && !selectOne('.tgme_channel_info, .tgme_channel_history', document)) {
    throw new PageShapeError('the page is not a channel preview (no messages and no channel header)');
  }
  const messages = wraps.map((wrap) => readMessage(wrap, channel));
  const more = selectOne('a.tme_messages_more[data-before]', document);
  const before = more ? Number(getAttributeValue(more, 'data-before')) : undefined;
  return { messages, before: before !== undefined && Number.isSafeInteger(before) && before > 0 ? before : undefined };
}

function readMessage(wrap: Element, channel: string): ChannelMessage {
  const message = selectOne('div.tgme_widget_message[data-post]', wrap);
  const post = message ? getAttributeValue(message, 'data-post') : undefined;
  const [postChannel, postId] = (post ?? '').split('/');
  const id = Number(postId);
  if (!message || !Number.isSafeInteger(id) || id <= 0 || postChannel?.toLowerCase() !== channel.toLowerCase()) {
    throw new PageShapeError(`a message has no data-post of the form ${channel}/<id>`);
  }
  const stamp = selectOne('.tgme_widget_message_date time[datetime]', message);
  const time = new Date(stamp ? (getAttributeValue(stamp, 'datetime') ?? '') : '');
  if (Number.isNaN(time.getTime())) throw new PageShapeError(`message ${id} has no time`);
  const body = selectOne('div.tgme_widget_message_text', message);
  const { text, anchors } = body ? readText(body) : { text: '', anchors: [] };
  return { id, time, forwarded: selectOne('.tgme_widget_message_forwarded_from', message) !== null, text, anchors };
}

/** The visible text (line breaks kept) and the anchors in it. */
function readText(root: Element): { text: string; anchors: PostedAnchor[] } {
  let text = '';
  const anchors: PostedAnchor[] = [];
  const walk = (node: AnyNode) => {
    if (isText(node)) {
      text += node.data;
      return;
    }
    if (!isTag(node)) return;
    if (node.name === 'br') {
      text += '\n';
      return;
    }
    const start = text.length;
    if (hasChildren(node)) for (const child of node.children) walk(child);
    if (node.name === 'div' || node.name === 'p') text += '\n';
    const href = node.name === 'a' ? getAttributeValue(node, 'href') : undefined;
    if (href) anchors.push({ start, end: text.length, href });
  };
  walk(root);
  return { text: withPlainSpaces(text), anchors };
}

/** htmlparser2 has decoded the entities; no-break spaces (`&nbsp;`) become plain ones, length unchanged. */
function withPlainSpaces(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}
