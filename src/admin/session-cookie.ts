/**
 * The console's cookie (docs/console.md, "Sessions"): `dramadex_admin`, holding the session's random
 * token, `HttpOnly` (no script reads it), `SameSite=Strict` (no other site's page sends it), `Path=/admin`
 * (the catalogue and the web page never see it), `Secure` when the request came over HTTPS: directly, or
 * through a proxy listed in TRUST_PROXY that says so with `X-Forwarded-Proto` (Fastify's `trustProxy`
 * decides what `request.protocol` is, http/fastify-options.ts). No `Max-Age`: it ends with the browser
 * session, and the store ends it sooner when it is idle or old.
 */
import { parseCookie, stringifySetCookie } from 'cookie';

export const SESSION_COOKIE = 'dramadex_admin';

export function sessionCookie(token: string, secure: boolean): string {
  return stringifySetCookie({ name: SESSION_COOKIE, value: token, path: '/admin', httpOnly: true, sameSite: 'strict', secure });
}

/** The `Set-Cookie` value that makes the browser forget the cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: '',
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: 0,
    expires: new Date(0),
  });
}

/** The session token a request's `Cookie` header carries, if any. */
export function sessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parseCookie(cookieHeader)[SESSION_COOKIE];
  return token && token.length <= 128 ? token : undefined;
}
