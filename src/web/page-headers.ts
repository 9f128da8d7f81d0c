/**
 * The headers every HTML page carries (docs/web.md, "Safety"). The Content-Security-Policy
 * allows this site's own files and nothing else: no inline script or style, no other origin, no
 * plugins, no framing; forms post only here. Pages vary by language (cookie or Accept-Language) and are
 * revalidated each time, since the catalogue changes with every import.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-cache',
  vary: 'Accept, Accept-Language, Cookie',
};
