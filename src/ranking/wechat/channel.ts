/**
 * The WeChat Official Account callback protocol around the conversation: URL verification, signature
 * and freshness checks, the plain and the encrypted mode, duplicate deliveries, and WeChat's 5-second
 * deadline. WeChat re-delivers a message it got no answer to within 5 s (same `MsgId`, up to three
 * times): each delivery is answered from one shared result, so a retry neither repeats a side effect
 * nor gives a different answer, and an answer that is not ready in time becomes "still working, send
 * again" rather than silence.
 */
import { randomInt } from 'node:crypto';
import type { Language, WechatConfig } from '../../config.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { Conversation } from './conversation.js';
import { MessageCryptoError, WechatMessageCrypto } from './message-crypto.js';
import { signatureMatches, wechatSignature } from './signature.js';
import { buildMessage, parseMessage, XmlError } from './xml.js';

export interface CallbackQuery {
  signature?: string;
  timestamp?: string;
  nonce?: string;
  echostr?: string;
  encrypt_type?: string;
  msg_signature?: string;
}

export interface ChannelOptions {
  /** Time left for an answer before "still working" is sent instead (WeChat waits 5 s). */
  replyDeadlineMs?: number;
  /** How long delivered messages are remembered for duplicate detection. */
  duplicateWindowMs?: number;
}

const NO_REPLY = 'success';
const CHECK_TOKEN = {
  zh: '请检查公众号后台配置的 Token 与 WECHAT_TOKEN 是否一致',
  en: 'Check that WECHAT_TOKEN equals the Token in the WeChat console',
};
const MAX_REMEMBERED = 10_000;

export class WechatChannel {
  private readonly crypto: WechatMessageCrypto | undefined;
  private readonly seen = new Map<string, { at: number; reply: Promise<string | undefined> }>();
  private readonly replyDeadlineMs: number;
  private readonly duplicateWindowMs: number;

  constructor(
    private readonly config: WechatConfig,
    private readonly conversation: Conversation,
    private readonly language: Language,
    options: ChannelOptions = {},
  ) {
    this.crypto = config.aesKey && config.appId ? new WechatMessageCrypto(config.aesKey, config.appId) : undefined;
    this.replyDeadlineMs = options.replyDeadlineMs ?? 4000;
    this.duplicateWindowMs = options.duplicateWindowMs ?? 5 * 60_000;
  }

  /** URL verification (the console's "submit" button): the `echostr` back when the signature holds. */
  verifyUrl(query: CallbackQuery): string {
    this.checkSignature(query);
    if (query.echostr === undefined) throw badRequest({ zh: '缺少 echostr', en: 'echostr is missing' });
    return query.echostr;
  }

  /** A callback delivery: the XML body to answer with (`success` when there is nothing to say). */
  async deliver(query: CallbackQuery, body: string): Promise<string> {
    const aes = query.encrypt_type === 'aes';
    // The plain mode's signature covers only the query: check it before reading the body at all.
    if (!aes) this.checkSignature(query);
    let fields = this.parse(body);
    if (aes) {
      if (!this.crypto) throw badRequest({ zh: '未配置加密模式', en: 'The encrypted mode is not configured' });
      const encrypted = fields.Encrypt;
      const { timestamp, nonce } = this.checkFreshness(query);
      if (encrypted === undefined) throw badRequest({ zh: '缺少 Encrypt', en: 'Encrypt is missing' });
      if (!signatureMatches(wechatSignature(this.config.token, timestamp, nonce, encrypted), query.msg_signature)) {
        throw forbidden({ zh: 'msg_signature 校验失败', en: 'msg_signature does not match' }, CHECK_TOKEN);
      }
      if (query.signature !== undefined) this.checkSignature(query);
      fields = this.parse(this.open(encrypted));
    }
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
    return within(entry.reply, this.replyDeadlineMs, late);
  }

  private forgetOld(now: number): void {
    for (const [key, entry] of this.seen) {
      if (now - entry.at < this.duplicateWindowMs && this.seen.size <= MAX_REMEMBERED) break;
      this.seen.delete(key);
    }
  }

  private checkFreshness(query: CallbackQuery): { timestamp: string; nonce: string } {
    const { timestamp, nonce } = query;
    if (timestamp === undefined || nonce === undefined || !/^\d{1,12}$/.test(timestamp)) {
      throw badRequest({ zh: '缺少或无效的 timestamp/nonce', en: 'timestamp or nonce is missing or invalid' });
    }
    const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
    if (skew > this.config.timestampToleranceSeconds) {
      throw forbidden({ zh: 'timestamp 已过期', en: 'The timestamp is stale' }, { zh: '请检查服务器时间', en: 'Check the server clocks' });
    }
    return { timestamp, nonce };
  }

  private checkSignature(query: CallbackQuery): void {
    const { timestamp, nonce } = this.checkFreshness(query);
    if (!signatureMatches(wechatSignature(this.config.token, timestamp, nonce), query.signature)) {
      throw forbidden({ zh: 'signature 校验失败', en: 'signature does not match' }, CHECK_TOKEN);
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

/** What `promise` settles to if it does so within `ms`, else `late` (the promise keeps running). */
export async function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
