/**
 * Signatures of the WeChat Official Account callback protocol: SHA-1 over the sorted, concatenated
 * parts (token, timestamp, nonce, and in the encrypted mode the `Encrypt` text), compared in constant
 * time so a forger learns nothing from how long a rejection took.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function wechatSignature(...parts: string[]): string {
  return createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');
}

export function signatureMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
