/**
 * The WeChat Official Account callback protocol around the conversation: URL verification, signature
 * and freshness checks, the plain and the encrypted mode, duplicate deliveries, and WeChat's 5-second
 * deadline. WeChat re-delivers a message it got no answer to within 5 s (same `MsgId`, up to three
 * times): each delivery is answered from one shared result, so a retry neither repeats a side effect
 * nor gives a different answer, and an answer that is not ready in time becomes "still working, send
 * again" rather than silence.
 */
import { randomInt } from 'node:crypto';
import type { Language, WechatConfig } from '../../config/config.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { CallbackAuthenticity, type CallbackQuery } from './callback-authenticity.js';
import type { Conversation } from './conversation.js';
import { MessageCryptoError, WechatMessageCrypto } from './message-crypto.js';
import { ReplayGuard } from './replay-guard.js';
import { afterMs, type Deadline, within } from './reply-deadline.js';
import { wechatSignature } from './signature.js';
import { buildMessage, parseMessage, XmlError } from './xml.js';

export type { CallbackQuery } from './callback-authenticity.js';

export interface ChannelOptions {
  /** When "still working" is sent instead of an answer not ready yet (default 4 s: WeChat waits 5 s). */
  replyDeadline?: Deadline;
  /** How long delivered messages are remembered for duplicate detection. */
  duplicateWindowMs?: number;
  /** Where used `(timestamp, nonce)` pairs are remembered (default: this instance's memory). */
  replays?: ReplayGuard;
}

const NO_REPLY = 'success';
const MAX_REMEMBERED = 10_000;

export class WechatChannel {
  private readonly crypto: WechatMessageCrypto | undefined;
  /** Signature, freshness and replay checks; the route runs `checkQuery` before reading the body. */
  readonly authenticity: CallbackAuthenticity;
  private readonly seen = new Map<string, { at: number; reply: Promise<string | undefined> }>();
  private readonly replyDeadline: Deadline;
  private readonly duplicateWindowMs: number;

  constructor(
    private readonly config: WechatConfig,
    private readonly conversation: Conversation,
    private readonly language: Language,
    options: ChannelOptions = {},
  ) {
    this.crypto = config.aesKey && config.appId ? new WechatMessageCrypto(config.aesKey, config.appId) : undefined;
    this.replyDeadline = options.replyDeadline ?? afterMs(4000);
    this.duplicateWindowMs = options.duplicateWindowMs ?? 5 * 60_000;
    const replays = options.replays ?? new ReplayGuard(config.timestampToleranceSeconds);
    this.authenticity = new CallbackAuthenticity(config, this.crypto !== undefined, replays);
  }

  /** URL verification (the console's "submit" button): the `echostr` back when the signature holds. */
  async verifyUrl(query: CallbackQuery): Promise<string> {
    this.authenticity.checkQuery({ ...query, encrypt_type: undefined });
    if (query.echostr === undefined) throw badRequest({ zh: '缺少 echostr', en: 'echostr is missing' });
    await this.authenticity.acceptOnce(query);
    return query.echostr;
  }

  /** A callback delivery: the XML body to answer with (`success` when there is nothing to say). */
  async deliver(query: CallbackQuery, body: string): Promise<string> {
    const aes = query.encrypt_type === 'aes';
    // Nothing of the body is parsed before the signature over it (or, in plain mode, the query) holds.
    this.authenticity.checkQuery(query as Record<string, unknown>);
    const encrypted = aes ? this.authenticity.encryptedPayload(query, body) : undefined;
    await this.authenticity.acceptOnce(query);
    const fields = this.parse(encrypted === undefined ? body : this.open(encrypted));
    const reply = await this.answer(fields);
    if (reply === undefined) return NO_REPLY;
    const now = Math.floor(Date.now() / 1000);
    const message = buildMessage({
      ToUserName: fields.FromUserName ?? '',
      FromUserName: fields.ToUserName ?? '',
      CreateTime: now,
      MsgType: 'text',
      Content: reply,
    });
    return aes ? this.seal(message, now) : message;
  }

  private async answer(fields: Record<string, string>): Promise<string | undefined> {
    const openId = fields.FromUserName;
    if (!openId) throw badRequest({ zh: '缺少 FromUserName', en: 'FromUserName is missing' });
    // WeChat's advice: messages are told apart by MsgId, events by sender and CreateTime (and here by
    // the event too, since a follow and an unfollow can fall in one second).
    const key = `${openId}:${fields.MsgId ?? `event:${fields.Event ?? ''}:${fields.CreateTime ?? ''}`}`;
    const now = Date.now();
    this.forgetOld(now);
    let entry = this.seen.get(key);
    if (!entry) {
      const reply = this.conversation.reply({
        openId,
        msgType: fields.MsgType ?? '',
        content: fields.Content ?? '',
        event: fields.Event ?? '',
      });
      entry = { at: now, reply };
      this.seen.set(key, entry);
      // A failed answer is forgotten, so WeChat's retry tries again.
      reply.catch(() => this.seen.delete(key));
    }
    const late =
      this.language === 'en' ? 'Still working on it: send your message again in a few seconds.' : '正在处理，请几秒后再发送一次。';
    return within(entry.reply, this.replyDeadline, late);
  }

  private forgetOld(now: number): void {
    for (const [key, entry] of this.seen) {
      if (now - entry.at < this.duplicateWindowMs && this.seen.size <= MAX_REMEMBERED) break;
      this.seen.delete(key);
    }
  }

  private parse(body: string): Record<string, string> {
    try {
      return parseMessage(body);
    } catch (error) {
      if (!(error instanceof XmlError)) throw error;
      throw badRequest({ zh: `消息体无效：${error.message}`, en: `Invalid message body: ${error.message}` });
    }
  }

  private open(encrypted: string): string {
    const crypto = this.crypto as WechatMessageCrypto;
    let opened: { message: string; appId: string };
    try {
      opened = crypto.decrypt(encrypted);
    } catch (error) {
      if (!(error instanceof MessageCryptoError)) throw error;
      throw badRequest({ zh: `无法解密：${error.message}`, en: `Cannot decrypt: ${error.message}` });
    }
    if (opened.appId !== crypto.appId) {
      throw forbidden({ zh: 'AppID 不匹配', en: 'The AppID does not match' }, { zh: '请检查 WECHAT_APP_ID', en: 'Check WECHAT_APP_ID' });
    }
    return opened.message;
  }

  private seal(message: string, timestamp: number): string {
    const crypto = this.crypto as WechatMessageCrypto;
    const encrypted = crypto.encrypt(message);
    const nonce = String(randomInt(1_000_000_000, 9_999_999_999));
    return buildMessage({
      Encrypt: encrypted,
      MsgSignature: wechatSignature(this.config.token, String(timestamp), nonce, encrypted),
      TimeStamp: timestamp,
      Nonce: nonce,
    });
  }
}
