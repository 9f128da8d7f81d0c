/**
 * Which language a page speaks (docs/web.md): the visitor's own choice, remembered in a
 * cookie set by the language switch; else the browser's `Accept-Language` read as the API reads it
 * (http/language.ts); else the configured default (Simplified Chinese). The switch is a plain link that
 * works without script: it sets the cookie and sends the visitor back to the page they were on.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Language } from '../config/config.js';
import { responseLanguage } from '../http/language.js';

export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_SECONDS = 365 * 86_400;

export function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

export function pageLanguage(
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined },
  fallback: Language,
): Language {
  if (headers.cookie) {
    const chosen = parseCookie(headers.cookie)[LANGUAGE_COOKIE];
    if (isLanguage(chosen)) return chosen;
  }
  return responseLanguage(headers['accept-language'], fallback);
}

/** The `Set-Cookie` value that remembers a choice for a year, for this site's pages only. */
export function languageCookie(language: Language): string {
  return stringifySetCookie({
    name: LANGUAGE_COOKIE,
    value: language,
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
    sameSite: 'lax',
    httpOnly: true,
  });
}

/**
 * Where the switch sends the visitor back to: a path on this site (`/…`, never `//host` or `/\host`,
 * which browsers read as another site), else the home page.
 */
export function returnPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return /^[\x21-\x7e]*$/.test(next) ? next : '/';
}
