/**
 * The encrypted ("safe") mode of the WeChat callback protocol, written here because the packages that
 * carried it (`wechat-crypto`, `@wecom/crypto`) are unmaintained. AES-256-CBC with the key decoded from
 * the 43-character EncodingAESKey and the key's first 16 bytes as IV; the plaintext is 16 random bytes,
 * the message length (4 bytes, big-endian), the message, and the AppID; padding is PKCS#7 to 32-byte
 * blocks (not AES's 16), so Node's automatic padding is turned off.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const BLOCK = 32;

export class MessageCryptoError extends Error {}

export class WechatMessageCrypto {
  private readonly key: Buffer;
  private readonly iv: Buffer;

  constructor(
    encodingAesKey: string,
    readonly appId: string,
  ) {
    this.key = Buffer.from(`${encodingAesKey}=`, 'base64');
    if (this.key.length !== 32) throw new MessageCryptoError('the EncodingAESKey must decode to 32 bytes');
    this.iv = this.key.subarray(0, 16);
  }

  encrypt(message: string, random: Buffer = randomBytes(16)): string {
    const body = Buffer.from(message, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const plain = Buffer.concat([random, length, body, Buffer.from(this.appId, 'utf8')]);
    const pad = BLOCK - (plain.length % BLOCK);
    const cipher = createCipheriv('aes-256-cbc', this.key, this.iv).setAutoPadding(false);
    return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
  }

  /** The message and the AppID it was encrypted for; throws MessageCryptoError on anything malformed. */
  decrypt(encrypted: string): { message: string; appId: string } {
    const data = Buffer.from(encrypted, 'base64');
    if (data.length === 0 || data.length % 16 !== 0) throw new MessageCryptoError('ciphertext is not whole AES blocks');
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-cbc', this.key, this.iv).setAutoPadding(false);
      plain = Buffer.concat([decipher.update(data), decipher.final()]);
    } catch {
      throw new MessageCryptoError('ciphertext does not decrypt');
    }
    const pad = plain[plain.length - 1] ?? 0;
    if (pad < 1 || pad > BLOCK || pad > plain.length || !plain.subarray(plain.length - pad).every((byte) => byte === pad)) {
      throw new MessageCryptoError('bad padding');
    }
    const content = plain.subarray(16, plain.length - pad);
    if (content.length < 4) throw new MessageCryptoError('too short');
    const length = content.readUInt32BE(0);
    if (length > content.length - 4) throw new MessageCryptoError('message length out of range');
    return {
      message: content.subarray(4, 4 + length).toString('utf8'),
      appId: content.subarray(4 + length).toString('utf8'),
    };
  }
}
