/**
 * Conditional requests (docs/lifecycle.md): every successful catalogue GET carries an ETag made of the
 * catalogue revision and the request (every parsed input of the answer), so every instance on one
 * database gives the same answer the same tag, and a client or mirror polling an unchanged page gets a
 * 304 instead of the bytes. The tag changes with any import, replace or removal, and at midnight for
 * `today` (the day is one of the inputs).
 */
import { hash } from 'node:crypto';

/** A strong validator: the same revision and inputs give the same bytes. */
export function requestEtag(revision: number, key: string): string {
  return `"r${revision}-${hash('sha256', key, 'base64url').slice(0, 22)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` is ignored, `*` matches any. */
export function noneMatch(header: string | undefined, current: readonly string[]): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || current.includes(tag);
  });
}
