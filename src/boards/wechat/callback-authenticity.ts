/**
 * Whether a WeChat callback really comes from WeChat, decided before any of its body is parsed
 * (docs/decisions.md, "callback authenticity"): the query's `signature` (token, timestamp, nonce) and a
 * fresh timestamp, checked in an `onRequest` hook before the body is even read; in the encrypted (safe)
 * mode `msg_signature` over the `Encrypt` text, which is found in the raw body with one bounded pattern
 * instead of an XML parser; and each `(timestamp, nonce)` pair accepted once (replay-guard.ts).
 */
import type { WechatConfig } from '../../config/config.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { ReplayGuard } from './replay-guard.js';
import { signatureMatches, wechatSignature } from './signature.js';

export interface CallbackQuery {
  signature?: string;
  timestamp?: string;
  nonce?: string;
  echostr?: string;
  encrypt_type?: string;
  msg_signature?: string;
}

const CHECK_TOKEN = {
  zh: '请检查公众号后台配置的 Token 与 WECHAT_TOKEN 是否一致',
  en: 'Check that WECHAT_TOKEN equals the Token in the WeChat console',
};
// Base64 only, so the match is linear and what it captures is exactly what was signed.
const ENCRYPT = /<Encrypt>\s*(?:<!\[CDATA\[([A-Za-z0-9+/=]{1,65536})\]\]>|([A-Za-z0-9+/=]{1,65536}))\s*<\/Encrypt>/;
const NONCE = /^[A-Za-z0-9_-]{1,64}$/;

export class CallbackAuthenticity {
  constructor(
    private readonly config: WechatConfig,
    /** Whether the encrypted mode is configured (WECHAT_AES_KEY and WECHAT_APP_ID). */
    private readonly encryptedMode: boolean,
    private readonly replays: ReplayGuard,
  ) {}

  /** What the query alone proves: a fresh timestamp and `signature` (in the safe mode also that `msg_signature` is there). */
  checkQuery(query: Record<string, unknown>): void {
    const { timestamp, nonce } = this.fresh(query);
    if (text(query, 'encrypt_type') === 'aes') {
      if (!this.encryptedMode) {
        throw badRequest(
          { zh: '本服务未配置加密模式（WECHAT_AES_KEY）', en: 'The encrypted mode is not configured here (WECHAT_AES_KEY)' },
          {
            zh: '请在公众号后台改用明文模式，或配置 WECHAT_AES_KEY 与 WECHAT_APP_ID',
            en: 'Use the plain mode, or set WECHAT_AES_KEY and WECHAT_APP_ID',
          },
        );
      }
      if (text(query, 'msg_signature') === undefined) throw badRequest({ zh: '缺少 msg_signature', en: 'msg_signature is missing' });
      // WeChat signs the query in the safe mode too, so a forgery is refused here before its body is read.
    }
    if (!signatureMatches(wechatSignature(this.config.token, timestamp, nonce), text(query, 'signature'))) {
      throw forbidden({ zh: 'signature 校验失败', en: 'signature does not match' }, CHECK_TOKEN);
    }
  }

  /** The safe mode's `Encrypt` text, once `msg_signature` over it holds. */
  encryptedPayload(query: CallbackQuery, body: string): string {
    const { timestamp, nonce } = this.fresh(query as Record<string, unknown>);
    const match = ENCRYPT.exec(body);
    const encrypted = match?.[1] ?? match?.[2];
    if (encrypted === undefined) throw badRequest({ zh: '缺少 Encrypt', en: 'Encrypt is missing' });
    if (!signatureMatches(wechatSignature(this.config.token, timestamp, nonce, encrypted), query.msg_signature)) {
      throw forbidden({ zh: 'msg_signature 校验失败', en: 'msg_signature does not match' }, CHECK_TOKEN);
    }
    return encrypted;
  }

  /** Accepts the request's `(timestamp, nonce)` once; a second use within the tolerance is a replay. */
  async acceptOnce(query: CallbackQuery): Promise<void> {
    const { timestamp, nonce } = this.fresh(query as Record<string, unknown>);
    if (await this.replays.firstUse(timestamp, nonce)) return;
    throw forbidden(
      { zh: '该签名请求已被使用过（重放）', en: 'This signed request was already used (a replay)' },
      { zh: '每次回调必须使用新的 timestamp 与 nonce', en: 'Each callback must carry a new timestamp and nonce' },
    );
  }

  private fresh(query: Record<string, unknown>): { timestamp: string; nonce: string } {
    const timestamp = text(query, 'timestamp');
    const nonce = text(query, 'nonce');
    if (timestamp === undefined || nonce === undefined || !/^\d{1,12}$/.test(timestamp) || !NONCE.test(nonce)) {
      throw badRequest({ zh: '缺少或无效的 timestamp/nonce', en: 'timestamp or nonce is missing or invalid' });
    }
    const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
    if (skew > this.config.timestampToleranceSeconds) {
      throw forbidden({ zh: 'timestamp 已过期', en: 'The timestamp is stale' }, { zh: '请检查服务器时间', en: 'Check the server clocks' });
    }
    return { timestamp, nonce };
  }
}

/** A query field as one string; given twice it is a bad request, not something to compare. */
function text(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || typeof value === 'string') return value;
  throw badRequest({ zh: `参数 ${name} 重复或无效`, en: `Parameter ${name} is repeated or invalid` });
}
