/**
 * Authorization and CSRF for every console route, decided in one place (docs/console.md, "Roles" and
 * "Forms"). `authorize` runs first on each request: it finds the session from the cookie (within the
 * store deadline), reads the access its page declared (console-page.ts) and refuses what the role does
 * not allow, before any body is read: an anonymous GET goes to the sign-in page (303), an anonymous POST
 * gets 401, a too-small role 403, a route declared outside any page 403 for everyone.
 *
 * `checkForm` runs once the body is parsed, on every state-changing request of a signed-in route: the
 * form's `_csrf` field must equal the session's synchronizer token, compared in constant time; otherwise 403 and
 * the handler never runs. A multipart upload's fields are read by its handler, after this hook, so
 * that handler checks the field itself before it acts (import-routes.ts); the token never travels in
 * the address, where logs and history would keep it. Why a token in the session row rather than `@fastify/csrf-protection`: that
 * plugin keeps its secret in `@fastify/session`, `@fastify/secure-session` or a cookie, and our session is
 * a store row shared by every instance; the row already holds a 256-bit random token made at sign-in, so
 * the synchronizer-token pattern (OWASP's CSRF cheat sheet) needs only the comparison. The sign-in form
 * has no session yet: there a browser's `Sec-Fetch-Site` header, or failing it `Origin`, or failing that
 * `Referer`, must say the form came from this console (scripts that send none of them sign in as before).
 */
import type { FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import type { AdminConsole } from './console.js';
import { csrfRefused, roleRefused, signInNeeded, unlistedRoute } from './console-errors.js';
import { withinDeadline } from './deadline.js';
import { consoleLanguage } from './page-reply.js';
import { type Access, allows } from './roles.js';
import { sessionToken } from './session-cookie.js';
import { csrfTokenMatches } from './sessions.js';

const READS = new Set(['GET', 'HEAD']);
const LOGIN_PATH = '/admin/login';
/** The one route that takes a multipart form (import-routes.ts), whose token its handler checks. */
const MULTIPART_ROUTE = '/admin/import';

/**
 * The access a request's route needs, from the page that declared it (console-page.ts); a path no route
 * matched is a page like any other (its 404 is for the signed-in).
 */
export function accessOf(request: FastifyRequest): Access | undefined {
  if (request.is404) return 'moderator';
  return request.routeOptions.config.consolePage?.access;
}

export function authorize(admin: AdminConsole): onRequestHookHandler {
  return async function authorizeConsoleRequest(request, reply) {
    const access = accessOf(request);
    if (access === undefined) {
      request.log.error({ route: request.routeOptions.url, method: request.method }, 'console route declared outside any page');
      throw unlistedRoute();
    }
    const token = sessionToken(request.headers.cookie);
    if (token) request.consoleSession = await withinDeadline(admin.sessions.find(token, new Date()), admin.storeDeadlineMs);
    if (access === 'anyone') return;
    const session = request.consoleSession;
    if (!session) {
      if (!READS.has(request.method)) throw signInNeeded();
      if ((await withinDeadline(admin.accounts.count(), admin.storeDeadlineMs)) === 0) {
        return reply.consolePage('no-account', { title: admin.templates.text(consoleLanguage(request, admin.config.language)).noAccount });
      }
      return reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
    }
    if (!allows(session.role, access)) throw roleRefused();
  };
}

/**
 * Whether a form without a session came from the console's own pages: by `Sec-Fetch-Site` when the
 * browser sends it; otherwise by `Origin`, then `Referer`, against this request's own origin (scheme and
 * host as the client used them, behind TRUST_PROXY as the proxy reports them). A request with neither is a
 * script, not a browser page, and is let through.
 */
function fromThisSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const own = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === own;
  const referer = request.headers.referer;
  if (referer === undefined) return true;
  return URL.canParse(referer) && new URL(referer).origin === own;
}

export function checkForm(): preValidationHookHandler {
  return async function checkConsoleForm(request) {
    if (READS.has(request.method)) return;
    if (accessOf(request) === 'anyone') {
      if (!fromThisSite(request)) throw csrfRefused();
      return;
    }
    const session = request.consoleSession;
    if (!session) throw csrfRefused();
    // The upload's handler checks its own field (above); any other route has no multipart parser and refuses one unread.
    if (request.routeOptions.url === MULTIPART_ROUTE && String(request.headers['content-type']).startsWith('multipart/form-data')) return;
    const body = request.body as Record<string, unknown> | undefined;
    const sent = typeof body === 'object' && body !== null && '_csrf' in body ? body._csrf : undefined;
    if (!csrfTokenMatches(session, sent)) throw csrfRefused();
  };
}
