/**
 * What the WeChat servers send and expect, built here independently of src/boards/wechat (so a mistake
 * there is not mirrored in the fixtures): signed callback queries, text and event messages as WeChat
 * formats them, the encrypted envelope (AES-256-CBC, key from EncodingAESKey + "=", IV = key[0..16],
 * 16 random bytes | length (big-endian) | message | AppID, PKCS#7 to 32-byte blocks), and a reader of
 * the passive replies.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const WECHAT = {
  token: 'dramadexWechatToken2025',
  aesKey: 'kWxPEV2UEDyxWpmPdKC3F4dgPDmOvfKX1HGnEUDS1aR',
  appId: 'wx5823bf96d3bd56c7',
  account: 'gh_3f1d2e7a9b0c',
};

export const WECHAT_ENV = { WECHAT_TOKEN: WECHAT.token, WECHAT_AES_KEY: WECHAT.aesKey, WECHAT_APP_ID: WECHAT.appId };

export function sha1Sorted(...parts: string[]): string {
  return createHash('sha1').update(parts.sort().join('')).digest('hex');
}

export interface QueryOptions {
  timestamp?: number;
  nonce?: string;
  token?: string;
  /** The `Encrypt` text: adds `encrypt_type=aes` and `msg_signature`. */
  encrypted?: string;
  echostr?: string;
  openid?: string;
}

/** `/wechat?…` as WeChat calls it: signature over token, timestamp and nonce (and msg_signature when encrypted). */
export function callbackUrl(options: QueryOptions = {}): string {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? String(1_000_000 + Math.floor(Math.random() * 9_000_000));
  const token = options.token ?? WECHAT.token;
  const query = new URLSearchParams({ signature: sha1Sorted(token, timestamp, nonce), timestamp, nonce });
  if (options.echostr !== undefined) query.set('echostr', options.echostr);
  if (options.openid !== undefined) query.set('openid', options.openid);
  if (options.encrypted !== undefined) {
    query.set('encrypt_type', 'aes');
    query.set('msg_signature', sha1Sorted(token, timestamp, nonce, options.encrypted));
  }
  return `/wechat?${query}`;
}

let msgIds = 24_000_000_000_000_000n;
/** A fresh 64-bit MsgId, larger than a double holds exactly. */
export function nextMsgId(): string {
  msgIds += 7n;
  return String(msgIds);
}

export function textMessage(from: string, content: string, msgId: string = nextMsgId()): string {
  return `<xml><ToUserName><![CDATA[${WECHAT.account}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${content}]]></Content><MsgId>${msgId}</MsgId></xml>`;
}

export function eventMessage(from: string, event: string, createTime = Math.floor(Date.now() / 1000)): string {
  return `<xml><ToUserName><![CDATA[${WECHAT.account}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName><CreateTime>${createTime}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event></xml>`;
}

export function imageMessage(from: string): string {
  return `<xml><ToUserName><![CDATA[${WECHAT.account}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[image]]></MsgType><PicUrl><![CDATA[http://mmbiz.qpic.cn/x]]></PicUrl><MediaId><![CDATA[m1]]></MediaId><MsgId>${nextMsgId()}</MsgId></xml>`;
}

function aes(aesKey: string): { key: Buffer; iv: Buffer } {
  const key = Buffer.from(`${aesKey}=`, 'base64');
  return { key, iv: key.subarray(0, 16) };
}

/** The `Encrypt` text WeChat would send for `message`, encrypted for `appId`. */
export function encryptAsWechat(message: string, appId: string = WECHAT.appId, aesKey: string = WECHAT.aesKey): string {
  const { key, iv } = aes(aesKey);
  const body = Buffer.from(message);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length, 0);
  const plain = Buffer.concat([randomBytes(16), length, body, Buffer.from(appId)]);
  const padLength = 32 - (plain.length % 32);
  const padded = Buffer.concat([plain, Buffer.alloc(padLength, padLength)]);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

/** Opens an `Encrypt` text the way WeChat does, reporting the padding it found. */
export function decryptAsWechat(
  encrypted: string,
  aesKey: string = WECHAT.aesKey,
): { message: string; appId: string; padLength: number; plainLength: number } {
  const { key, iv } = aes(aesKey);
  const decipher = createDecipheriv('aes-256-cbc', key, iv);
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
  const padLength = plain[plain.length - 1] as number;
  const content = plain.subarray(16, plain.length - padLength);
  const length = content.readUInt32BE(0);
  return {
    message: content.subarray(4, 4 + length).toString(),
    appId: content.subarray(4 + length).toString(),
    padLength,
    plainLength: plain.length,
  };
}

export function encryptedEnvelope(encrypted: string): string {
  return `<xml><ToUserName><![CDATA[${WECHAT.account}]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`;
}

/** The fields of a reply (`<Name><![CDATA[value]]></Name>` or `<Name>value</Name>`), read with a regular expression. */
export function replyFields(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    fields[match[1] as string] = match[2] ?? match[3] ?? '';
  }
  return fields;
}

/** The ranking token inside a reply text. */
export function tokenIn(text: string): string {
  const match = /dxr_[A-Za-z0-9_-]{43}/.exec(text);
  if (!match) throw new Error(`no token in reply: ${text}`);
  return match[0];
}
